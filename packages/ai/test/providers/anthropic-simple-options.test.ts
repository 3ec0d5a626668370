import { describe, expect, it } from "vitest";
import { streamSimple } from "../../src/providers/anthropic-messages.js";
import type { SimpleStreamOptions, ThinkingLevel } from "../../src/types.js";
import { anthropicModel, capturePayload, userContext } from "./capture-payload.js";

async function payloadFor(options: SimpleStreamOptions, model = anthropicModel()) {
	return (await capturePayload(streamSimple, model, userContext(), options)).payload;
}

describe("anthropic-messages streamSimple: reasoning mapping (ai.md §7.2)", () => {
	it("sends no thinking field without a level, keeping temperature and the 32000 max_tokens cap", async () => {
		const payload = await payloadFor({ temperature: 0.3 });
		expect(payload.thinking).toBeUndefined();
		expect(payload.output_config).toBeUndefined();
		expect(payload.temperature).toBe(0.3);
		expect(payload.max_tokens).toBe(32_000);
	});

	it.each<[ThinkingLevel, number]>([
		["minimal", 1024],
		["low", 2048],
		["medium", 8192],
		["high", 16384],
		["xhigh", 16384],
		["max", 16384],
	])("budget models: %s → budget %i, max_tokens raised by it, no temperature", async (level, budget) => {
		const payload = await payloadFor({ reasoning: level, temperature: 0.3, maxTokens: 4000 });
		expect(payload.thinking).toEqual({ type: "enabled", budget_tokens: budget });
		expect(payload.max_tokens).toBe(4000 + budget);
		expect(payload.temperature).toBeUndefined();
		expect(payload.output_config).toBeUndefined();
	});

	it("budget models: thinkingBudgets override the defaults", async () => {
		const payload = await payloadFor({ reasoning: "low", thinkingBudgets: { low: 3000 }, maxTokens: 1000 });
		expect(payload.thinking).toEqual({ type: "enabled", budget_tokens: 3000 });
		expect(payload.max_tokens).toBe(4000);
	});

	it("budget models: max_tokens is capped at the model's and the budget shrinks to leave 1024 for output", async () => {
		const payload = await payloadFor({ reasoning: "high" }, anthropicModel({ maxTokens: 8000 }));
		expect(payload.max_tokens).toBe(8000);
		expect(payload.thinking).toEqual({ type: "enabled", budget_tokens: 8000 - 1024 });
	});

	it("budget models: thinking is left out when less than the API minimum budget would remain", async () => {
		const payload = await payloadFor({ reasoning: "high" }, anthropicModel({ maxTokens: 1500 }));
		expect(payload.thinking).toBeUndefined();
		expect(payload.max_tokens).toBe(1500);
	});

	it.each<[string, ThinkingLevel, string]>([
		["claude-opus-4-6", "minimal", "low"],
		["claude-opus-4-6", "low", "low"],
		["claude-opus-4-6", "medium", "medium"],
		["claude-opus-4-6", "high", "high"],
		["claude-opus-4-6", "xhigh", "max"],
		["claude-opus-4-6", "max", "max"],
	])("adaptive model %s: %s → effort %s", async (id, level, effort) => {
		const payload = await payloadFor({ reasoning: level, temperature: 0.5, maxTokens: 5000 }, anthropicModel({ id }));
		expect(payload.thinking).toEqual({ type: "adaptive" });
		expect(payload.output_config).toEqual({ effort });
		expect(payload.max_tokens).toBe(5000);
		expect(payload.temperature).toBeUndefined();
	});

	it.each<ThinkingLevel>(["xhigh", "max"])("adaptive models without max support: %s → effort high", async (level) => {
		const model = anthropicModel({ id: "claude-sonnet-4-6", thinkingLevelMap: { xhigh: null, max: null } });
		const payload = await payloadFor({ reasoning: level }, model);
		expect(payload.output_config).toEqual({ effort: "high" });
	});

	it("adaptive models: a thinkingLevelMap string is the effort sent", async () => {
		const model = anthropicModel({ id: "claude-opus-4-7", thinkingLevelMap: { xhigh: "xhigh" } });
		const payload = await payloadFor({ reasoning: "xhigh" }, model);
		expect(payload.output_config).toEqual({ effort: "xhigh" });
	});

	it("ignores the level for models without reasoning", async () => {
		const payload = await payloadFor({ reasoning: "high", temperature: 0.2 }, anthropicModel({ reasoning: false }));
		expect(payload.thinking).toBeUndefined();
		expect(payload.temperature).toBe(0.2);
	});
});
