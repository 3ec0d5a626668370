import type { GeminiThinkingLevel } from "../thinking-levels.js";
import type { StreamOptions } from "../types.js";

/** How the model may call functions (`toolConfig.functionCallingConfig.mode`). */
export type GoogleToolChoice = "auto" | "none" | "any";

/** Gemini thinking settings, sent as `generationConfig.thinkingConfig`. */
export interface GoogleThinkingOptions {
	/** Return thought summaries (`includeThoughts: true`). Ignored for models without `reasoning`. */
	enabled: boolean;
	/** Gemini 2.5 `thinkingBudget` in tokens: -1 dynamic, 0 off (where the model allows it). */
	budgetTokens?: number;
	/** Gemini 3 `thinkingLevel`; wins over `budgetTokens`. */
	level?: GeminiThinkingLevel;
}

/**
 * Options of the `google-generative-ai` API module (ai.md §3.4), on top of `StreamOptions`.
 * `sessionId`, `cacheRetention` and `metadata` have no Gemini counterpart here and are ignored
 * (Gemini caches implicitly).
 */
export interface GoogleOptions extends StreamOptions {
	/** Function calling mode. Default: not sent (the API's AUTO). */
	toolChoice?: GoogleToolChoice;
	/** Thinking config. Default: not sent (the model's default thinking, without thought summaries). */
	thinking?: GoogleThinkingOptions;
}
