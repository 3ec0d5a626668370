import type { Model } from "../../types.js";

/** Cap on the default output budget of `streamSimple` (ai.md §3.4), in tokens. */
export const SIMPLE_MAX_TOKENS_CAP = 32_000;

/** Default `maxTokens` for `streamSimple`: `min(model.maxTokens, 32000)`. */
export function defaultSimpleMaxTokens(model: Pick<Model, "maxTokens">): number {
	return Math.min(model.maxTokens, SIMPLE_MAX_TOKENS_CAP);
}
