import { defaultSimpleMaxTokens } from "../../simple-max-tokens.js";
import { clampThinkingLevel } from "../../thinking-levels.js";
import type { Model, SimpleStreamOptions, StreamOptions, ThinkingLevel } from "../../types.js";

/** What `streamSimple` sets on the options of either OpenAI API (Chat Completions, Responses). */
export interface OpenAISimpleOptions extends StreamOptions {
	reasoningEffort?: ThinkingLevel;
}

/**
 * Maps `streamSimple` options to OpenAI options (ai.md §7.2): the level is clamped to what the model
 * supports (xhigh → high unless supported) and becomes `reasoningEffort`; omitted or "off" leaves
 * the effort undefined. `thinkingBudgets` is dropped (OpenAI takes efforts, not budgets).
 * `maxTokens` defaults to `min(model.maxTokens, 32000)`.
 */
export function openAIOptionsFromSimple(model: Model, options: SimpleStreamOptions = {}): OpenAISimpleOptions {
	const { reasoning, thinkingBudgets: _budgets, ...base } = options;
	const level = reasoning ? clampThinkingLevel(model, reasoning) : "off";
	return {
		...base,
		maxTokens: base.maxTokens ?? defaultSimpleMaxTokens(model),
		reasoningEffort: level === "off" ? undefined : level,
	};
}
