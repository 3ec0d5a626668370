import type { StreamOptions, ThinkingLevel } from "../types.js";

/** Options of the `openai-responses` API module (`stream`). */
export interface OpenAIResponsesOptions extends StreamOptions {
	/**
	 * Reasoning effort, sent as `reasoning.effort` (a `model.thinkingLevelMap` string replaces the
	 * level name) together with `include: ["reasoning.encrypted_content"]`. Unset: no `reasoning`
	 * field (decided, ai.md §7.2). Ignored for non-reasoning models. Sent as given: `streamSimple`
	 * clamps unsupported levels first.
	 */
	reasoningEffort?: ThinkingLevel;
	/** `reasoning.summary`. Default "auto" whenever reasoning is sent; null asks for none. */
	reasoningSummary?: "auto" | "detailed" | "concise" | null;
	/** `service_tier`. Default: the account's. */
	serviceTier?: "auto" | "default" | "flex" | "scale" | "priority";
}
