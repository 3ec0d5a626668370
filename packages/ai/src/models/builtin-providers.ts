import type { Provider } from "../provider.js";
import type { KnownProvider } from "../types.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { CATALOGUE_PROVIDERS, type CatalogueModelIds } from "./generated/index.js";

/** Built-in model ids per provider, for completion in `getModel`. */
export type BuiltinModelIds = { [P in KnownProvider]: CatalogueModelIds[P] };

/** The built-in model ids of `TProvider`. */
export type BuiltinModelId<TProvider extends KnownProvider> = BuiltinModelIds[TProvider];

/** Factory per built-in provider id (the whole catalogue, in id order). Each call returns a fresh `Provider`. */
export const BUILTIN_PROVIDER_FACTORIES: Readonly<Record<KnownProvider, () => Provider>> = Object.fromEntries(
	(Object.keys(CATALOGUE_PROVIDERS) as KnownProvider[]).map((id) => [id, () => catalogueProvider(id)]),
) as Record<KnownProvider, () => Provider>;

/** A fresh instance of every built-in provider, in catalogue order. */
export function builtinProviders(): Provider[] {
	return Object.values(BUILTIN_PROVIDER_FACTORIES).map((factory) => factory());
}
