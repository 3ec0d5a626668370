import { readFileSync } from "node:fs";

/**
 * The catalogue's models of `providerId` as JSON text (an array of `Model` without `provider`),
 * from `catalogue/<providerId>.json` in this package (written by scripts/generate-catalogue.mjs).
 * Read when a provider's models are first asked for: most runs use one provider, and loading the
 * whole catalogue as code cost every start-up ~700 KB of it.
 */
export function readCatalogueModelsJson(providerId: string): string {
	// From src/models (tests) and dist/models (built) alike, the package root is two levels up.
	return readFileSync(new URL(`../../catalogue/${providerId}.json`, import.meta.url), "utf8");
}
