import type { Model } from "./types.js";

/** Cap on the default output budget of `streamSimple` (ai.md §3.4), in tokens. */
export const SIMPLE_MAX_TOKENS_CAP = 32_000;

/**
 * Default `maxTokens` when the caller gives none: `min(model.maxTokens, 32000)` (ai.md §3.4). Used
 * by every `streamSimple`, and by Anthropic's `stream`, whose API requires `max_tokens`.
 */
export function defaultSimpleMaxTokens(model: Pick<Model, "maxTokens">): number {
	return Math.min(model.maxTokens, SIMPLE_MAX_TOKENS_CAP);
}
