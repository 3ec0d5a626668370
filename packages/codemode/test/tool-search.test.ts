import type { ToolInfo } from "@pi/coding-agent";
import { describe, expect, it } from "vitest";
import { createToolSearchTool, TOOL_SEARCH_ENTRY_TYPE } from "../src/tool-search.js";
import { MCP_LIKE_TOOLS } from "./fixtures/mcp-like-tools.js";

/** A fake extension API over the fixture tools (deferred) plus one direct tool. */
function fakePi() {
	let active = ["read"];
	const entries: { type: string; data: unknown }[] = [];
	const tools = [
		{ name: "read", description: "Read a file.", exposure: "direct" },
		...MCP_LIKE_TOOLS.map((tool) => ({ ...tool, exposure: "deferred" })),
	] as unknown as ToolInfo[];
	return {
		pi: {
			getAllTools: () => tools,
			getActiveTools: () => [...active],
			setActiveTools: (names: string[]) => {
				active = names;
			},
			appendEntry: (type: string, data: unknown) => {
				entries.push({ type, data });
			},
		},
		active: () => active,
		entries,
	};
}

async function run(params: { query: string; limit?: number }, fake = fakePi()) {
	const tool = createToolSearchTool(fake.pi);
	const result = await tool.execute("id", params, undefined, undefined, undefined as never);
	return { text: result.content.map((block) => (block.type === "text" ? block.text : "")).join(""), fake };
}

describe("tool_search", () => {
	it("loads the matches, one line each with the first line of the description, and records them", async () => {
		const { text, fake } = await run({ query: "issue", limit: 2 });
		expect(text).toBe(
			"Loaded 2 tools. They are available from your next call:\n- mcp__github__get_issue: Get one issue with its comments.\n- mcp__github__create_issue: Open a new issue.",
		);
		expect(fake.active()).toEqual(["read", "mcp__github__get_issue", "mcp__github__create_issue"]);
		expect(fake.entries).toEqual([
			{ type: TOOL_SEARCH_ENTRY_TYPE, data: { tools: ["mcp__github__get_issue", "mcp__github__create_issue"] } },
		]);
	});

	it("searches only tools that are not active yet, eight by default", async () => {
		const fake = fakePi();
		expect((await run({ query: "issue" }, fake)).text).toMatch(/^Loaded 8 tools\./);
		expect((await run({ query: "branch" }, fake)).text).toBe("No matching tools found.");
	});

	it("answers as pi 1.4 when nothing matches, and rejects a blank query or a bad limit", async () => {
		expect((await run({ query: "kubernetes" })).text).toBe("No matching tools found.");
		await expect(run({ query: "  " })).rejects.toThrow("query must not be empty");
		await expect(run({ query: "issue", limit: 0 })).rejects.toThrow("limit must be a positive integer");
		await expect(run({ query: "issue", limit: 1.5 })).rejects.toThrow("limit must be a positive integer");
	});
});
