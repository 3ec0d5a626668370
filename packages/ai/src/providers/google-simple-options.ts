import { defaultSimpleMaxTokens } from "../simple-max-tokens.js";
import { getGoogleThinkingConfig } from "../thinking-levels.js";
import type { Model, SimpleStreamOptions } from "../types.js";
import type { GoogleOptions } from "./google-options.js";

/**
 * Maps `streamSimple` options to Gemini options (ai.md §7.2). Gemini 3: `thinkingLevel` (Pro:
 * minimal/low → LOW, medium/high → HIGH; Flash: MINIMAL/LOW/MEDIUM/HIGH; off → the lowest allowed).
 * Gemini 2.5: `thinkingBudget` per level (2.5 Pro 128/2048/8192/32768, 2.5 Flash 128/2048/8192/24576,
 * others −1; `thinkingBudgets` overrides; off → 0 where allowed, else the minimum). xhigh/max count
 * as high. Thought summaries are requested whenever thinking is on. `maxTokens` defaults to
 * `min(model.maxTokens, 32000)`.
 */
export function googleOptionsFromSimple(model: Model, options: SimpleStreamOptions = {}): GoogleOptions {
	const { reasoning, thinkingBudgets, ...base } = options;
	const maxTokens = base.maxTokens ?? defaultSimpleMaxTokens(model);
	const config = getGoogleThinkingConfig(model, reasoning ?? "off", thinkingBudgets);
	if (!config) return { ...base, maxTokens };
	return {
		...base,
		maxTokens,
		thinking: {
			enabled: config.includeThoughts === true,
			...(config.thinkingLevel !== undefined ? { level: config.thinkingLevel } : {}),
			...(config.thinkingBudget !== undefined ? { budgetTokens: config.thinkingBudget } : {}),
		},
	};
}
