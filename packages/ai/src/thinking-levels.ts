import type { Model, ThinkingBudgets, ThinkingLevel, ThinkingLevelOrOff } from "./types.js";

/** Every thinking level, lowest first. */
export const THINKING_LEVELS: readonly ThinkingLevel[] = ["minimal", "low", "medium", "high", "xhigh", "max"];

const BASE_LEVELS: readonly ThinkingLevel[] = ["minimal", "low", "medium", "high"];

/** Default Anthropic thinking budgets in tokens (ai.md §7.2); xhigh and max use `high`. */
export const ANTHROPIC_DEFAULT_THINKING_BUDGETS: Readonly<Required<ThinkingBudgets>> = {
	minimal: 1024,
	low: 2048,
	medium: 8192,
	high: 16384,
};

/** Output tokens kept free for the answer when a thinking budget would eat all of `max_tokens`. */
const MIN_OUTPUT_TOKENS = 1024;

/** Explicit opinion of `model.thinkingLevelMap` on a level: true/false, or undefined when silent. */
function mapOpinion(model: Model, level: ThinkingLevel): boolean | undefined {
	const map = model.thinkingLevelMap;
	if (!map || !(level in map)) return undefined;
	return map[level] !== null && map[level] !== undefined;
}

/** `{ family, major, minor }` of a Claude model id (`claude-opus-4-6`, `anthropic/claude-sonnet-4.6`…). */
function claudeVersion(modelId: string): { family: string; version: number } | undefined {
	const match = /(opus|sonnet|haiku)-(\d+)(?:[-.](\d{1,2}))?(?!\d)/i.exec(modelId);
	if (!match) return undefined;
	return { family: match[1]!.toLowerCase(), version: Number(match[2]) + Number(match[3] ?? 0) / 10 };
}

/**
 * True for Anthropic Messages models that use adaptive thinking (`thinking: { type: "adaptive" }`
 * plus `output_config.effort`) instead of token budgets: Claude Opus and Sonnet 4.6 and newer.
 */
export function supportsAdaptiveThinking(model: Pick<Model, "api" | "id">): boolean {
	if (model.api !== "anthropic-messages") return false;
	const claude = claudeVersion(model.id);
	return claude !== undefined && claude.family !== "haiku" && claude.version >= 4.6;
}

/**
 * True when the model accepts the `max` level: an explicit map entry, else the adaptive Claude
 * models (Opus and Sonnet 4.6+, whose `output_config.effort` accepts "max").
 */
export function supportsMax(model: Model): boolean {
	if (!model.reasoning) return false;
	const opinion = mapOpinion(model, "max");
	if (opinion !== undefined) return opinion;
	return supportsAdaptiveThinking(model);
}

/**
 * True when the model accepts the `xhigh` level: an explicit map entry, else built-in knowledge
 * (OpenAI GPT-5.2 and newer, GPT-5.1 Codex Max, and every model that supports `max`).
 */
export function supportsXhigh(model: Model): boolean {
	if (!model.reasoning) return false;
	const opinion = mapOpinion(model, "xhigh");
	if (opinion !== undefined) return opinion;
	const gpt = /gpt-5\.(\d+)/i.exec(model.id);
	if (gpt && Number(gpt[1]) >= 2) return true;
	if (/gpt-5\.1-codex-max/i.test(model.id)) return true;
	return supportsMax(model);
}

/**
 * Ordered thinking levels the model supports, always starting with "off" (ai.md §7.1).
 * Non-reasoning models: `["off"]`. Otherwise off, minimal, low, medium, high (minus any the
 * `thinkingLevelMap` marks `null`), then `xhigh` and `max` when the model opts in.
 */
export function getSupportedThinkingLevels(model: Model): ThinkingLevelOrOff[] {
	if (!model.reasoning) return ["off"];
	const levels: ThinkingLevelOrOff[] = ["off"];
	for (const level of BASE_LEVELS) if (mapOpinion(model, level) !== false) levels.push(level);
	if (supportsXhigh(model)) levels.push("xhigh");
	if (supportsMax(model)) levels.push("max");
	return levels;
}

/**
 * The level actually used for `level` on `model`: the level itself when supported, else the
 * highest supported level below it (max → xhigh → high → …), else the lowest one above it.
 * "off" stays "off"; non-reasoning models always get "off".
 */
export function clampThinkingLevel(model: Model, level: ThinkingLevelOrOff): ThinkingLevelOrOff {
	if (level === "off" || !model.reasoning) return "off";
	const supported = new Set(getSupportedThinkingLevels(model));
	if (supported.has(level)) return level;
	const index = THINKING_LEVELS.indexOf(level);
	for (let i = index - 1; i >= 0; i--) if (supported.has(THINKING_LEVELS[i]!)) return THINKING_LEVELS[i]!;
	for (let i = index + 1; i < THINKING_LEVELS.length; i++)
		if (supported.has(THINKING_LEVELS[i]!)) return THINKING_LEVELS[i]!;
	return "off";
}

/**
 * The vendor string to send for a (clamped) level: the `thinkingLevelMap` entry when it is a
 * string, else the level name itself. Returns undefined for "off".
 */
export function getThinkingLevelValue(model: Model, level: ThinkingLevelOrOff): string | undefined {
	const clamped = clampThinkingLevel(model, level);
	if (clamped === "off") return undefined;
	return model.thinkingLevelMap?.[clamped] ?? clamped;
}

/** xhigh and max become high for APIs that only know four levels. */
export function capAtHigh(level: ThinkingLevel): Exclude<ThinkingLevel, "xhigh" | "max"> {
	return level === "xhigh" || level === "max" ? "high" : level;
}

/**
 * Anthropic budget thinking (ai.md §7.2): `maxTokens = min(base + budget, modelMaxTokens)`; when
 * that leaves no room (≤ budget), the budget shrinks to `max(0, maxTokens − 1024)`.
 * `budgets` overrides the defaults per level; xhigh/max use the `high` budget.
 */
export function adjustMaxTokensForThinking(
	baseMaxTokens: number,
	modelMaxTokens: number,
	level: ThinkingLevel,
	budgets?: ThinkingBudgets,
): { maxTokens: number; thinkingBudget: number } {
	const merged = { ...ANTHROPIC_DEFAULT_THINKING_BUDGETS, ...budgets };
	let thinkingBudget = merged[capAtHigh(level)];
	const maxTokens = Math.min(baseMaxTokens + thinkingBudget, modelMaxTokens);
	if (maxTokens <= thinkingBudget) thinkingBudget = Math.max(0, maxTokens - MIN_OUTPUT_TOKENS);
	return { maxTokens, thinkingBudget };
}

/**
 * Anthropic adaptive-thinking effort values (`output_config.effort`). `getAnthropicEffort` never
 * picks "xhigh"; a model's `thinkingLevelMap` may.
 */
export type AnthropicEffort = "low" | "medium" | "high" | "xhigh" | "max";

/**
 * Adaptive-thinking effort for a level (ai.md §7.2): minimal/low → low, medium → medium,
 * high → high, xhigh/max → max where the model supports it, else high.
 */
export function getAnthropicEffort(model: Model, level: ThinkingLevel): AnthropicEffort {
	switch (level) {
		case "minimal":
		case "low":
			return "low";
		case "medium":
			return "medium";
		case "high":
			return "high";
		case "xhigh":
		case "max":
			return supportsMax(model) ? "max" : "high";
	}
}

/** Gemini 3 `thinkingLevel` values. */
export type GeminiThinkingLevel = "MINIMAL" | "LOW" | "MEDIUM" | "HIGH";

/** The thinking part of a Gemini `generationConfig` (plain data; the API module copies it). */
export interface GoogleThinkingConfig {
	thinkingLevel?: GeminiThinkingLevel;
	thinkingBudget?: number;
	includeThoughts?: boolean;
}

/** True for Gemini 3.x models (level-based thinking). */
export function isGemini3Model(model: Pick<Model, "id">): boolean {
	return /gemini-3/i.test(model.id);
}

function isGemini3Pro(model: Pick<Model, "id">): boolean {
	return /gemini-3(?:\.\d+)?-pro/i.test(model.id);
}

/**
 * Gemini 3 level (ai.md §7.2). Pro: minimal/low → LOW, medium/high (and above) → HIGH, off → LOW.
 * Flash and others: MINIMAL/LOW/MEDIUM/HIGH, off → MINIMAL.
 */
export function getGeminiThinkingLevel(model: Pick<Model, "id">, level: ThinkingLevelOrOff): GeminiThinkingLevel {
	if (isGemini3Pro(model)) {
		return level === "off" || level === "minimal" || level === "low" ? "LOW" : "HIGH";
	}
	if (level === "off") return "MINIMAL";
	return capAtHigh(level).toUpperCase() as GeminiThinkingLevel;
}

/**
 * Gemini 2.5 `thinkingBudget` (ai.md §7.2). 2.5 Pro: 128/2048/8192/32768; 2.5 Flash:
 * 128/2048/8192/24576 (Flash-Lite: minimal 512); other models −1 (dynamic). `budgets` overrides
 * per level. "off" gives 0 where the model allows disabling (Flash), else the minimum (Pro: 128).
 */
export function getGeminiThinkingBudget(
	model: Pick<Model, "id">,
	level: ThinkingLevelOrOff,
	budgets?: ThinkingBudgets,
): number {
	const id = model.id.toLowerCase();
	const table = id.includes("2.5-pro")
		? { minimal: 128, low: 2048, medium: 8192, high: 32768 }
		: id.includes("2.5-flash-lite")
			? { minimal: 512, low: 2048, medium: 8192, high: 24576 }
			: id.includes("2.5-flash")
				? { minimal: 128, low: 2048, medium: 8192, high: 24576 }
				: undefined;
	if (level === "off") return id.includes("2.5-pro") ? 128 : 0;
	const capped = capAtHigh(level);
	const override = budgets?.[capped];
	if (override !== undefined) return override;
	return table ? table[capped] : -1;
}

/**
 * The Gemini thinking config for a model and level, or undefined for non-reasoning models.
 * Gemini 3 uses `thinkingLevel`; older models `thinkingBudget`. Thoughts are included
 * whenever thinking is on.
 */
export function getGoogleThinkingConfig(
	model: Model,
	level: ThinkingLevelOrOff | undefined,
	budgets?: ThinkingBudgets,
): GoogleThinkingConfig | undefined {
	if (!model.reasoning) return undefined;
	const effective = clampThinkingLevel(model, level ?? "off");
	if (isGemini3Model(model)) {
		const thinkingLevel = getGeminiThinkingLevel(model, effective);
		return effective === "off" ? { thinkingLevel } : { thinkingLevel, includeThoughts: true };
	}
	const thinkingBudget = getGeminiThinkingBudget(model, effective, budgets);
	return effective === "off" ? { thinkingBudget } : { thinkingBudget, includeThoughts: true };
}
