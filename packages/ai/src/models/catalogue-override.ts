// The refreshed catalogue in use, apart from how it is fetched (catalogue-refresh.ts): every
// catalogue provider reads it at start-up, the fetching code loads only with a refresh.
import type { Model } from "../types.js";

/** A refreshed catalogue: models per provider (without `provider`), and where they came from. */
export interface RefreshedCatalogue {
	source: string;
	fetchedAt: string;
	providers: Record<string, Omit<Model, "provider">[]>;
}

let override: Readonly<Record<string, readonly Omit<Model, "provider">[]>> | undefined;

/**
 * Makes catalogue providers created from now on use `catalogue.providers` (a provider missing
 * from it keeps its built-in models). Undefined restores the built-in catalogue.
 */
export function setCatalogueOverride(catalogue: Pick<RefreshedCatalogue, "providers"> | undefined): void {
	override = catalogue?.providers;
}

/** The refreshed models of `providerId` as JSON text, or undefined to use the built-in ones. */
export function catalogueOverrideJson(providerId: string): string | undefined {
	const models = override?.[providerId];
	return models ? JSON.stringify(models) : undefined;
}
