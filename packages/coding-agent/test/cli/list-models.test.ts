import type { Model } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { formatModelTable, formatTokenCount } from "../../src/cli/list-models.js";

function model(provider: string, id: string, overrides: Partial<Model> = {}): Model {
	return {
		id,
		name: id,
		provider,
		api: "openai-completions",
		baseUrl: "",
		reasoning: false,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 128_000,
		maxTokens: 16_384,
		...overrides,
	};
}

describe("--list-models table (pi 1.4's columns)", () => {
	it("writes token counts as K/M, with one decimal only when not round", () => {
		expect([200_000, 1_000_000, 1_048_576, 16_384, 131_072, 500, 2_000_000].map(formatTokenCount)).toEqual([
			"200K",
			"1M",
			"1.0M",
			"16.4K",
			"131.1K",
			"500",
			"2M",
		]);
	});

	it("prints a header and rows sorted by provider then id, every column padded", () => {
		const table = formatModelTable([
			model("zai", "glm-5", { reasoning: true }),
			model("deepseek", "deepseek-v4-pro", { contextWindow: 1_000_000, maxTokens: 384_000, reasoning: true }),
			model("deepseek", "deepseek-flash", { input: ["text", "image"] }),
		]);
		expect(table.split("\n")).toEqual([
			"provider  model            context  max-out  thinking  images",
			"deepseek  deepseek-flash   128K     16.4K    no        yes   ",
			"deepseek  deepseek-v4-pro  1M       384K     yes       no    ",
			"zai       glm-5            128K     16.4K    yes       no    ",
		]);
	});
});
