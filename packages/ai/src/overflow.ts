import type { AssistantMessage } from "./types.js";

/**
 * Error-message patterns that mean "the request did not fit the model's context window"
 * (ai.md §9). Case-insensitive. Example messages, by vendor:
 * - Anthropic: `prompt is too long: 213462 tokens > 200000 maximum`
 * - OpenAI: `Your input exceeds the context window of this model`
 * - Google: `The input token count (1196265) exceeds the maximum number of tokens allowed`
 * - xAI: `This model's maximum prompt length is 131072 but the request contains 537812 tokens`
 * - Groq: `Please reduce the length of the messages or completion`
 * - OpenRouter: `This endpoint's maximum context length is 200000 tokens`
 * - llama.cpp: `the request exceeds the available context size`; LM Studio: `greater than the context length`
 * - Cerebras: `400 status code (no body)` / `413 (no body)`
 */
const OVERFLOW_PATTERNS: RegExp[] = [
	/prompt is too long/i,
	/input is too long for requested model/i,
	/exceeds the context window/i,
	/input token count.*exceeds the maximum/i,
	/maximum prompt length is \d+/i,
	/reduce the length of the messages/i,
	/maximum context length is \d+ tokens/i,
	/exceeds the limit of \d+/i,
	/exceeds the available context size/i,
	/greater than the context length/i,
	/context window exceeds limit/i,
	/exceeded model token limit/i,
	/too large for model with \d+ maximum context length/i,
	/model_context_window_exceeded/i,
	/context[_ ]length[_ ]exceeded/i,
	/too many tokens/i,
	/token limit exceeded/i,
	// Cerebras answers an oversized prompt with a bare 400/413. A 429 is rate limiting, not overflow.
	/^4(00|13)\s*(status code)?\s*\(no body\)/i,
];

/**
 * The live list of overflow patterns used by `isContextOverflow`. Pushing a `RegExp` onto the
 * returned array (or calling `addOverflowPattern`) extends detection for the whole process.
 */
export function getOverflowPatterns(): RegExp[] {
	return OVERFLOW_PATTERNS;
}

/** Adds a pattern to the overflow list (e.g. for a custom OpenAI-compatible server). */
export function addOverflowPattern(pattern: RegExp): void {
	if (!OVERFLOW_PATTERNS.includes(pattern)) OVERFLOW_PATTERNS.push(pattern);
}

/**
 * True when `message` shows a context overflow (ai.md §9):
 * - `stopReason` is "error" and `errorMessage` matches one of `getOverflowPatterns()`; or
 * - `stopReason` is "stop", `contextWindow` is given, and `usage.input + usage.cacheRead`
 *   exceeds it (servers that silently truncate or accept oversized prompts).
 */
export function isContextOverflow(message: AssistantMessage, contextWindow?: number): boolean {
	if (message.stopReason === "error" && message.errorMessage) {
		const errorMessage = message.errorMessage;
		return OVERFLOW_PATTERNS.some((pattern) => {
			// Reset in case a caller added a global/sticky pattern.
			pattern.lastIndex = 0;
			return pattern.test(errorMessage);
		});
	}
	if (message.stopReason === "stop" && contextWindow !== undefined && contextWindow > 0) {
		return message.usage.input + message.usage.cacheRead > contextWindow;
	}
	return false;
}
