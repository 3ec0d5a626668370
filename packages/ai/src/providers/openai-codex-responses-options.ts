import type { OpenAIResponsesOptions } from "./openai-responses-options.js";

/** Options of the `openai-codex-responses` API module. */
export interface OpenAICodexResponsesOptions extends OpenAIResponsesOptions {
	/** `text.verbosity`. Default "low" (what the Codex endpoint expects of a coding agent). */
	textVerbosity?: "low" | "medium" | "high";
}
