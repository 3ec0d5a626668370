import type { AnthropicEffort } from "../thinking-levels.js";
import type { StreamOptions } from "../types.js";

export type { AnthropicEffort } from "../thinking-levels.js";

/** How the model may use tools: a mode, or one named tool it must call. */
export type AnthropicToolChoice = "auto" | "any" | "none" | { type: "tool"; name: string };

/**
 * Options of the `anthropic-messages` API module (ai.md §3.4), on top of `StreamOptions`.
 *
 * `sessionId` has no Anthropic counterpart (prompt caching is prefix-based via `cache_control`) and
 * is ignored; a string `metadata.user_id` is sent as `metadata.user_id`.
 */
export interface AnthropicOptions extends StreamOptions {
	/**
	 * Ask for extended thinking. Claude Opus/Sonnet 4.6 and newer get adaptive thinking
	 * (`thinking: { type: "adaptive" }` plus `effort`); older models get a token budget
	 * (`thinkingBudgetTokens`). Ignored for models without `reasoning`. `temperature` is never sent
	 * while thinking is on (the API rejects it). Default: false.
	 */
	thinkingEnabled?: boolean;
	/** Thinking budget in tokens for budget models; at least 1024 and below `max_tokens`. Default: 1024. */
	thinkingBudgetTokens?: number;
	/** Effort for adaptive models, sent as `output_config.effort`. Default: not sent (the API's default). */
	effort?: AnthropicEffort;
	/** `thinking.display`: "summarized" returns thinking text, "omitted" only its signature. Default: the model's. */
	thinkingDisplay?: "summarized" | "omitted";
	/**
	 * Send the `interleaved-thinking-2025-05-14` beta header with budget thinking, so the model may
	 * think between tool calls. Default: true.
	 */
	interleavedThinking?: boolean;
	/** `tool_choice`. Default: not sent (the API's "auto"). */
	toolChoice?: AnthropicToolChoice;
}
