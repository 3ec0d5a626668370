import { describe, expect, it } from "vitest";
import { rankTools, tokenize } from "../src/bm25.js";

const tools = [
	{ name: "read", description: "Read the contents of a file." },
	{ name: "stock_price", description: "Look up the stock price of a ticker symbol." },
	{ name: "weather", description: "Get the weather for a city." },
	{
		name: "mcp__jira__search_issues",
		description: "Search issues.",
		namespace: { name: "mcp__jira", description: "Issue tracker" },
	},
];

describe("BM25 tool ranking", () => {
	it("splits names and descriptions into lower-case words", () => {
		expect(tokenize("mcp__dev-radius__searchIssues")).toEqual(["mcp", "dev", "radius", "search", "issues"]);
	});

	it("ranks the tool whose name matches first and leaves out tools sharing no word", () => {
		expect(rankTools(tools, "stock price").map((tool) => tool.name)).toEqual(["stock_price"]);
		expect(rankTools(tools, "search jira issue tracker").map((tool) => tool.name)).toEqual([
			"mcp__jira__search_issues",
		]);
	});

	it("a word in the name outranks the same word in another tool's description", () => {
		const ranked = rankTools(
			[
				{ name: "list_files", description: "Lists a folder; see also weather." },
				{ name: "weather_now", description: "Current conditions." },
			],
			"weather",
		);
		expect(ranked.map((tool) => tool.name)).toEqual(["weather_now", "list_files"]);
	});

	it("honours the limit and an empty query", () => {
		expect(rankTools(tools, "the", 1)).toHaveLength(1);
		expect(rankTools(tools, "  ")).toEqual([]);
	});
});
