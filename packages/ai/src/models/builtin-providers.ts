import type { Provider } from "../provider.js";
import type { KnownProvider } from "../types.js";
import { type ANTHROPIC_MODELS, anthropicProvider } from "./anthropic.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { type CEREBRAS_MODELS, cerebrasProvider } from "./cerebras.js";
import { CATALOGUE_PROVIDERS, type CatalogueModelIds } from "./generated/index.js";
import { type GOOGLE_MODELS, googleProvider } from "./google.js";
import { type GROQ_MODELS, groqProvider } from "./groq.js";
import { type MISTRAL_MODELS, mistralProvider } from "./mistral.js";
import { type OPENAI_MODELS, openaiProvider } from "./openai.js";
import { type OPENROUTER_MODELS, openrouterProvider } from "./openrouter.js";
import { type XAI_MODELS, xaiProvider } from "./xai.js";

/** Model ids pi carried before the generated catalogue, still available under their providers. */
interface CarriedModelIds {
	anthropic: keyof typeof ANTHROPIC_MODELS;
	openai: keyof typeof OPENAI_MODELS;
	google: keyof typeof GOOGLE_MODELS;
	openrouter: keyof typeof OPENROUTER_MODELS;
	xai: keyof typeof XAI_MODELS;
	groq: keyof typeof GROQ_MODELS;
	cerebras: keyof typeof CEREBRAS_MODELS;
	mistral: keyof typeof MISTRAL_MODELS;
}

/** Built-in model ids per provider, for completion in `getModel`. */
export type BuiltinModelIds = {
	[P in KnownProvider]: P extends keyof CarriedModelIds
		? CatalogueModelIds[P] | CarriedModelIds[P]
		: CatalogueModelIds[P];
};

/** The built-in model ids of `TProvider`. */
export type BuiltinModelId<TProvider extends KnownProvider> = BuiltinModelIds[TProvider];

const CARRIED: Partial<Record<KnownProvider, () => Provider>> = {
	anthropic: anthropicProvider,
	openai: openaiProvider,
	google: googleProvider,
	openrouter: openrouterProvider,
	xai: xaiProvider,
	groq: groqProvider,
	cerebras: cerebrasProvider,
	mistral: mistralProvider,
};

/** Factory per built-in provider id (the whole catalogue, in id order). Each call returns a fresh `Provider`. */
export const BUILTIN_PROVIDER_FACTORIES: Readonly<Record<KnownProvider, () => Provider>> = Object.fromEntries(
	(Object.keys(CATALOGUE_PROVIDERS) as KnownProvider[]).map((id) => [id, CARRIED[id] ?? (() => catalogueProvider(id))]),
) as Record<KnownProvider, () => Provider>;

/** A fresh instance of every built-in provider, in catalogue order. */
export function builtinProviders(): Provider[] {
	return Object.values(BUILTIN_PROVIDER_FACTORIES).map((factory) => factory());
}
