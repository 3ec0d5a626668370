import { describe, expect, it } from "vitest";
import { streamSimple } from "../../src/providers/google-generative-ai.js";
import type { SimpleStreamOptions, ThinkingLevel } from "../../src/types.js";
import { capturePayload, googleModel, userContext } from "./capture-payload.js";

async function configFor(id: string, options: SimpleStreamOptions, overrides = {}) {
	const { payload } = await capturePayload(streamSimple, googleModel({ id, ...overrides }), userContext(), options);
	return payload.config as Record<string, unknown>;
}

describe("google-generative-ai streamSimple: reasoning mapping (ai.md §7.2)", () => {
	it.each<[string, ThinkingLevel, number]>([
		["gemini-2.5-pro", "minimal", 128],
		["gemini-2.5-pro", "low", 2048],
		["gemini-2.5-pro", "medium", 8192],
		["gemini-2.5-pro", "high", 32768],
		["gemini-2.5-pro", "xhigh", 32768],
		["gemini-2.5-flash", "minimal", 128],
		["gemini-2.5-flash", "low", 2048],
		["gemini-2.5-flash", "medium", 8192],
		["gemini-2.5-flash", "high", 24576],
		["gemini-2.5-flash", "max", 24576],
	])("%s: %s → thinkingBudget %i with thoughts", async (id, level, budget) => {
		const config = await configFor(id, { reasoning: level });
		expect(config.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: budget });
	});

	it("Gemini 2.5: off disables thinking where allowed (Flash: 0) and uses the minimum elsewhere (Pro: 128)", async () => {
		expect((await configFor("gemini-2.5-flash", {})).thinkingConfig).toEqual({ thinkingBudget: 0 });
		expect((await configFor("gemini-2.5-pro", {})).thinkingConfig).toEqual({ thinkingBudget: 128 });
	});

	it("Gemini 2.5: thinkingBudgets override the table; unknown models think dynamically (-1)", async () => {
		const overridden = await configFor("gemini-2.5-flash", { reasoning: "medium", thinkingBudgets: { medium: 5000 } });
		expect(overridden.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: 5000 });
		const other = await configFor("gemini-2.0-flash-thinking-exp", { reasoning: "low" });
		expect(other.thinkingConfig).toEqual({ includeThoughts: true, thinkingBudget: -1 });
	});

	it.each<[string, ThinkingLevel | undefined, string]>([
		["gemini-3-pro-preview", "minimal", "LOW"],
		["gemini-3-pro-preview", "low", "LOW"],
		["gemini-3-pro-preview", "medium", "HIGH"],
		["gemini-3-pro-preview", "high", "HIGH"],
		["gemini-3-pro-preview", "max", "HIGH"],
		["gemini-3-flash-preview", "minimal", "MINIMAL"],
		["gemini-3-flash-preview", "low", "LOW"],
		["gemini-3-flash-preview", "medium", "MEDIUM"],
		["gemini-3-flash-preview", "high", "HIGH"],
		["gemini-3-flash-preview", "xhigh", "HIGH"],
	])("%s: %s → thinkingLevel %s with thoughts", async (id, level, thinkingLevel) => {
		const config = await configFor(id, { reasoning: level });
		expect(config.thinkingConfig).toEqual({ includeThoughts: true, thinkingLevel });
	});

	it("Gemini 3: off sends the lowest allowed level without thoughts", async () => {
		expect((await configFor("gemini-3-pro-preview", {})).thinkingConfig).toEqual({ thinkingLevel: "LOW" });
		expect((await configFor("gemini-3-flash-preview", {})).thinkingConfig).toEqual({ thinkingLevel: "MINIMAL" });
	});

	it("sends no thinking config for models without reasoning, and caps maxOutputTokens at 32000", async () => {
		const config = await configFor("gemini-2.0-flash", { reasoning: "high", temperature: 0.4 }, { reasoning: false });
		expect(config.thinkingConfig).toBeUndefined();
		expect(config.maxOutputTokens).toBe(32_000);
		expect(config.temperature).toBe(0.4);
		const small = await configFor("gemini-2.0-flash", {}, { reasoning: false, maxTokens: 8192 });
		expect(small.maxOutputTokens).toBe(8192);
	});
});
