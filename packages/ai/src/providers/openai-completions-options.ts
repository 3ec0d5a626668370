import type { StreamOptions, ThinkingLevel } from "../types.js";

/** Which tools the model may call: the Chat Completions `tool_choice` values. */
export type OpenAICompletionsToolChoice =
	| "auto"
	| "none"
	| "required"
	| { type: "function"; function: { name: string } };

/** Options of the `openai-completions` API module (`stream`). */
export interface OpenAICompletionsOptions extends StreamOptions {
	/**
	 * Reasoning level, sent in the form the server's `thinkingFormat` expects (ai.md §6), with
	 * `compat.reasoningEffortMap` / `model.thinkingLevelMap` strings replacing the level name.
	 * Unset means thinking off. Ignored for non-reasoning models. Sent as given: `streamSimple`
	 * clamps unsupported levels first.
	 */
	reasoningEffort?: ThinkingLevel;
	/** Sent as `tool_choice`. Default: the server's (auto when tools are present). */
	toolChoice?: OpenAICompletionsToolChoice;
}
