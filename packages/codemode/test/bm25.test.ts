import { describe, expect, it } from "vitest";
import { rankTools, searchText, tokenize } from "../src/bm25.js";
import { MCP_LIKE_TOOLS } from "./fixtures/mcp-like-tools.js";

/** Ranked names without the namespace prefix. */
function search(query: string, limit?: number): string[] {
	return rankTools(MCP_LIKE_TOOLS, query, limit).map((tool) => tool.name.replace(/^mcp__\w+?__/, ""));
}

describe("BM25 tool ranking", () => {
	it("splits snake_case, kebab-case, camelCase and acronyms, drops stop words and folds plurals", () => {
		expect(tokenize("mcp__dev-radius__searchIssues")).toEqual(["mcp", "dev", "radiu", "search", "issue"]);
		expect(tokenize("parseHTTPResponse of the Entries")).toEqual(["parse", "http", "response", "entry"]);
		expect(tokenize("matches boxes glass bus")).toEqual(["match", "box", "glass", "bus"]);
		expect(tokenize("the of and")).toEqual([]);
	});

	it("searches the name twice, the description, parameter names and descriptions, and the namespace", () => {
		const text = searchText({
			name: "get_issue",
			description: "Get one issue.",
			parameters: {
				type: "object",
				properties: {
					issueNumber: { type: "number", description: "The number" },
					labels: { type: "array", items: { anyOf: [{ description: "A label" }] } },
				},
			},
			namespace: { name: "mcp__gh", description: "GitHub", instructions: "Use sparingly" },
		});
		expect(text).toBe(
			"get_issue get issue Get one issue. issueNumber The number labels A label mcp__gh GitHub Use sparingly",
		);
	});

	// The expected lists are what pi 1.4's tool_search loaded for the same tools and queries
	// (apps/pi/test/parity/codemode-parity.mjs search-*, 2026-12-04).
	it("ranks as pi 1.4 on a fixed set of twenty MCP-like tools", () => {
		expect(search("issue")).toEqual([
			"get_issue",
			"create_issue",
			"search_issues",
			"list_commits",
			"searchCode",
			"list_pull_requests",
			"create_branch",
			"get_file_contents",
		]);
		expect(search("pull request")).toEqual([
			"get_pull_request_diff",
			"merge_pull_request",
			"list_pull_requests",
			"list_commits",
			"create_issue",
			"get_issue",
			"searchCode",
			"create_branch",
		]);
		expect(search("search")).toEqual(["search_messages", "searchCode", "search_issues"]);
		expect(search("channel message")).toEqual([
			"post_message",
			"get_channel_history",
			"schedule_message",
			"search_messages",
			"add_reaction",
			"set_channel_topic",
			"list_channels",
			"upload_file",
		]);
		expect(search("merge")).toEqual(["merge_pull_request"]);
		expect(search("branch")).toEqual(["create_branch", "list_commits"]);
		expect(search("ci status")).toEqual([
			"listWorkflowRuns",
			"list_commits",
			"create_issue",
			"get_issue",
			"searchCode",
			"list_pull_requests",
			"create_branch",
			"get_file_contents",
		]);
		expect(search("file")).toEqual(["upload_file", "get_file_contents", "listWorkflowRuns"]);
		expect(search("user")).toEqual(["get_user_profile"]);
		expect(search("read messages")).toEqual([
			"get_channel_history",
			"post_message",
			"search_messages",
			"schedule_message",
			"get_file_contents",
			"add_reaction",
		]);
	});

	it("honours the limit; no shared word, only stop words or a blank query match nothing", () => {
		expect(search("issue", 2)).toEqual(["get_issue", "create_issue"]);
		expect(search("issue", 0)).toEqual([]);
		expect(search("kubernetes")).toEqual([]);
		expect(search("the of and")).toEqual([]);
		expect(search("  ")).toEqual([]);
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
});
