import { defaultSimpleMaxTokens } from "../simple-max-tokens.js";
import {
	adjustMaxTokensForThinking,
	clampThinkingLevel,
	getAnthropicEffort,
	supportsAdaptiveThinking,
} from "../thinking-levels.js";
import type { Model, SimpleStreamOptions, ThinkingLevel } from "../types.js";
import type { AnthropicEffort, AnthropicOptions } from "./anthropic-options.js";

/** Anthropic's smallest accepted thinking budget. */
const MIN_THINKING_BUDGET = 1024;

const EFFORTS: readonly string[] = ["low", "medium", "high", "xhigh", "max"];

function isEffort(value: string | null | undefined): value is AnthropicEffort {
	return typeof value === "string" && EFFORTS.includes(value);
}

/** Adaptive effort for a level: the model's `thinkingLevelMap` string when set, else the §7.2 table. */
function effortFor(model: Model, level: ThinkingLevel): AnthropicEffort {
	const mapped = model.thinkingLevelMap?.[level];
	return isEffort(mapped) ? mapped : getAnthropicEffort(model, level);
}

/**
 * Maps `streamSimple` options to Anthropic options (ai.md §7.2):
 * - no level, "off"-equivalent or a non-reasoning model: no thinking;
 * - adaptive models (Opus/Sonnet 4.6+): `thinking: { type: "adaptive" }` + effort
 *   (minimal/low → low, medium → medium, high → high, xhigh/max → max where supported, else high);
 * - budget models: budget per level (1024/2048/8192/16384, `thinkingBudgets` overrides; xhigh/max as
 *   high), `max_tokens = min(base + budget, model.maxTokens)`, budget shrunk to `max_tokens − 1024`
 *   when it would not fit; thinking is skipped when that leaves less than the API minimum of 1024.
 * `maxTokens` defaults to `min(model.maxTokens, 32000)`. Temperature is dropped with thinking.
 */
export function anthropicOptionsFromSimple(model: Model, options: SimpleStreamOptions = {}): AnthropicOptions {
	const { reasoning, thinkingBudgets, ...base } = options;
	const maxTokens = base.maxTokens ?? defaultSimpleMaxTokens(model);
	const level = reasoning ? clampThinkingLevel(model, reasoning) : "off";
	if (level === "off") return { ...base, maxTokens };
	if (supportsAdaptiveThinking(model)) {
		return { ...base, maxTokens, thinkingEnabled: true, effort: effortFor(model, level) };
	}
	const adjusted = adjustMaxTokensForThinking(maxTokens, model.maxTokens, level, thinkingBudgets);
	if (adjusted.thinkingBudget < MIN_THINKING_BUDGET) return { ...base, maxTokens };
	return {
		...base,
		maxTokens: adjusted.maxTokens,
		thinkingEnabled: true,
		thinkingBudgetTokens: adjusted.thinkingBudget,
	};
}
