import { describe, expect, it } from "vitest";
import {
	adjustMaxTokensForThinking,
	clampThinkingLevel,
	getAnthropicEffort,
	getGoogleThinkingConfig,
	getSupportedThinkingLevels,
	getThinkingLevelValue,
	supportsAdaptiveThinking,
	supportsXhigh,
} from "../src/thinking-levels.js";
import type { Model } from "../src/types.js";
import { testModel } from "./support/fixtures.js";

const anthropic = (id: string): Model =>
	testModel({ id, api: "anthropic-messages", provider: "anthropic", reasoning: true });
const openai = (id: string): Model => testModel({ id, api: "openai-responses", provider: "openai", reasoning: true });
const google = (id: string): Model =>
	testModel({ id, api: "google-generative-ai", provider: "google", reasoning: true });

describe("getSupportedThinkingLevels", () => {
	it("is only off for non-reasoning models", () => {
		expect(getSupportedThinkingLevels(testModel())).toEqual(["off"]);
	});

	it("lists off..high for ordinary reasoning models", () => {
		expect(getSupportedThinkingLevels(openai("gpt-5"))).toEqual(["off", "minimal", "low", "medium", "high"]);
		expect(getSupportedThinkingLevels(anthropic("claude-sonnet-4-5-20250929"))).toEqual([
			"off",
			"minimal",
			"low",
			"medium",
			"high",
		]);
	});

	it("adds xhigh for GPT-5.2+ and xhigh+max for adaptive Claude models", () => {
		expect(getSupportedThinkingLevels(openai("gpt-5.2"))).toContain("xhigh");
		expect(getSupportedThinkingLevels(openai("gpt-5.2"))).not.toContain("max");
		expect(getSupportedThinkingLevels(openai("gpt-5.1"))).not.toContain("xhigh");
		expect(getSupportedThinkingLevels(anthropic("claude-opus-4-6"))).toEqual([
			"off",
			"minimal",
			"low",
			"medium",
			"high",
			"xhigh",
			"max",
		]);
		expect(getSupportedThinkingLevels(anthropic("claude-sonnet-4-6"))).toContain("max");
		expect(getSupportedThinkingLevels(anthropic("claude-opus-4-5"))).not.toContain("xhigh");
	});

	it("follows thinkingLevelMap opt-ins and null opt-outs", () => {
		const model = testModel({ reasoning: true, thinkingLevelMap: { minimal: null, xhigh: "extra", max: null } });
		expect(getSupportedThinkingLevels(model)).toEqual(["off", "low", "medium", "high", "xhigh"]);
		expect(supportsXhigh({ ...openai("gpt-5.2"), thinkingLevelMap: { xhigh: null } })).toBe(false);
	});
});

describe("clampThinkingLevel", () => {
	it("clamps max → xhigh → high", () => {
		expect(clampThinkingLevel(openai("gpt-5"), "max")).toBe("high");
		expect(clampThinkingLevel(openai("gpt-5"), "xhigh")).toBe("high");
		expect(clampThinkingLevel(openai("gpt-5.2"), "max")).toBe("xhigh");
		expect(clampThinkingLevel(anthropic("claude-opus-4-6"), "max")).toBe("max");
	});

	it("keeps supported levels, off, and gives off for non-reasoning models", () => {
		expect(clampThinkingLevel(openai("gpt-5"), "medium")).toBe("medium");
		expect(clampThinkingLevel(openai("gpt-5"), "off")).toBe("off");
		expect(clampThinkingLevel(testModel(), "high")).toBe("off");
	});

	it("moves up when nothing below is supported", () => {
		expect(clampThinkingLevel(testModel({ reasoning: true, thinkingLevelMap: { minimal: null } }), "minimal")).toBe(
			"low",
		);
	});

	it("resolves the vendor value from the map", () => {
		const model = testModel({ reasoning: true, thinkingLevelMap: { high: "very-high" } });
		expect(getThinkingLevelValue(model, "high")).toBe("very-high");
		expect(getThinkingLevelValue(model, "max")).toBe("very-high");
		expect(getThinkingLevelValue(model, "low")).toBe("low");
		expect(getThinkingLevelValue(model, "off")).toBeUndefined();
	});
});

describe("Anthropic thinking", () => {
	it("detects adaptive models (Opus/Sonnet 4.6 and newer)", () => {
		expect(supportsAdaptiveThinking(anthropic("claude-opus-4-6"))).toBe(true);
		expect(supportsAdaptiveThinking(anthropic("claude-sonnet-4-6"))).toBe(true);
		expect(supportsAdaptiveThinking(anthropic("claude-opus-5"))).toBe(true);
		expect(supportsAdaptiveThinking(anthropic("claude-opus-4-5-20251101"))).toBe(false);
		expect(supportsAdaptiveThinking(anthropic("claude-sonnet-4-20250514"))).toBe(false);
		expect(supportsAdaptiveThinking(anthropic("claude-haiku-4-6"))).toBe(false);
		expect(supportsAdaptiveThinking({ ...anthropic("claude-opus-4-6"), api: "openai-completions" })).toBe(false);
	});

	it("maps levels to adaptive effort", () => {
		const opus = anthropic("claude-opus-4-6");
		const sonnet = { ...anthropic("claude-sonnet-4-6"), thinkingLevelMap: { max: null } };
		expect(["minimal", "low", "medium", "high"].map((l) => getAnthropicEffort(opus, l as "low"))).toEqual([
			"low",
			"low",
			"medium",
			"high",
		]);
		expect(getAnthropicEffort(opus, "xhigh")).toBe("max");
		expect(getAnthropicEffort(opus, "max")).toBe("max");
		expect(getAnthropicEffort(sonnet, "xhigh")).toBe("high");
	});

	it("computes budgets and max tokens", () => {
		expect(adjustMaxTokensForThinking(32000, 64000, "minimal")).toEqual({ maxTokens: 33024, thinkingBudget: 1024 });
		expect(adjustMaxTokensForThinking(32000, 64000, "low")).toEqual({ maxTokens: 34048, thinkingBudget: 2048 });
		expect(adjustMaxTokensForThinking(32000, 64000, "medium")).toEqual({ maxTokens: 40192, thinkingBudget: 8192 });
		expect(adjustMaxTokensForThinking(32000, 64000, "high")).toEqual({ maxTokens: 48384, thinkingBudget: 16384 });
		expect(adjustMaxTokensForThinking(32000, 64000, "xhigh")).toEqual({ maxTokens: 48384, thinkingBudget: 16384 });
		expect(adjustMaxTokensForThinking(32000, 40000, "high")).toEqual({ maxTokens: 40000, thinkingBudget: 16384 });
		expect(adjustMaxTokensForThinking(1000, 8000, "high")).toEqual({ maxTokens: 8000, thinkingBudget: 6976 });
		expect(adjustMaxTokensForThinking(100, 500, "low")).toEqual({ maxTokens: 500, thinkingBudget: 0 });
		expect(adjustMaxTokensForThinking(1000, 64000, "low", { low: 5000 })).toEqual({
			maxTokens: 6000,
			thinkingBudget: 5000,
		});
	});
});

describe("Gemini thinking", () => {
	it("uses thinkingLevel for Gemini 3 Pro and Flash", () => {
		const pro = google("gemini-3-pro-preview");
		const flash = google("gemini-3-flash-preview");
		expect(getGoogleThinkingConfig(pro, "minimal")).toEqual({ thinkingLevel: "LOW", includeThoughts: true });
		expect(getGoogleThinkingConfig(pro, "medium")).toEqual({ thinkingLevel: "HIGH", includeThoughts: true });
		expect(getGoogleThinkingConfig(pro, "off")).toEqual({ thinkingLevel: "LOW" });
		expect(getGoogleThinkingConfig(flash, "minimal")?.thinkingLevel).toBe("MINIMAL");
		expect(getGoogleThinkingConfig(flash, "medium")?.thinkingLevel).toBe("MEDIUM");
		expect(getGoogleThinkingConfig(flash, "xhigh")?.thinkingLevel).toBe("HIGH");
		expect(getGoogleThinkingConfig(flash, undefined)).toEqual({ thinkingLevel: "MINIMAL" });
	});

	it("uses thinkingBudget for Gemini 2.5 with the documented tables", () => {
		const levels = ["minimal", "low", "medium", "high"] as const;
		const budgets = (id: string) => levels.map((l) => getGoogleThinkingConfig(google(id), l)?.thinkingBudget);
		expect(budgets("gemini-2.5-pro")).toEqual([128, 2048, 8192, 32768]);
		expect(budgets("gemini-2.5-flash")).toEqual([128, 2048, 8192, 24576]);
		expect(budgets("gemini-2.0-flash-thinking")).toEqual([-1, -1, -1, -1]);
		expect(getGoogleThinkingConfig(google("gemini-2.5-flash"), "off")).toEqual({ thinkingBudget: 0 });
		expect(getGoogleThinkingConfig(google("gemini-2.5-pro"), "off")).toEqual({ thinkingBudget: 128 });
		expect(getGoogleThinkingConfig(google("gemini-2.5-flash"), "low", { low: 999 })?.thinkingBudget).toBe(999);
	});

	it("returns nothing for non-reasoning models", () => {
		expect(getGoogleThinkingConfig({ ...google("gemini-2.0-flash"), reasoning: false }, "high")).toBeUndefined();
	});
});
