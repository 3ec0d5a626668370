import type { Api, Model, ModelCost } from "../types.js";

/** A catalogue entry: a model without the fields every model of one provider shares. */
export type CatalogueEntry = Omit<Model, "id" | "api" | "provider" | "baseUrl"> &
	Partial<Pick<Model, "api" | "baseUrl">>;

/** Fields shared by every model of a catalogue. */
export interface CatalogueDefaults {
	provider: string;
	api: Api;
	baseUrl: string;
}

/**
 * Builds a provider's model table keyed by model id: each entry gets `id` from its key and the
 * shared `provider`, `api` and `baseUrl` (an entry may override `api`/`baseUrl`). The key type
 * survives, so callers get completion for built-in model ids.
 */
export function defineCatalogue<const TEntries extends Record<string, CatalogueEntry>>(
	defaults: CatalogueDefaults,
	entries: TEntries,
): { readonly [K in keyof TEntries]: Model } {
	const models: Record<string, Model> = {};
	for (const [id, entry] of Object.entries(entries)) {
		// Cloned so entries sharing constants (input lists, compat) never alias each other.
		models[id] = structuredClone({
			id,
			api: defaults.api,
			provider: defaults.provider,
			baseUrl: defaults.baseUrl,
			...entry,
		});
	}
	return models as { readonly [K in keyof TEntries]: Model };
}

/** Prices in USD per million tokens: input, output, cache read, cache write. */
export function usd(input: number, output: number, cacheRead = 0, cacheWrite = 0): ModelCost {
	return { input, output, cacheRead, cacheWrite };
}

/** Text and image input. */
export const TEXT_IMAGE: ("text" | "image")[] = ["text", "image"];
/** Text input only. */
export const TEXT_ONLY: ("text" | "image")[] = ["text"];
