import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../../src/modes/acp/acp-errors.js";
import { AcpEventMapper, replayUpdates } from "../../../src/modes/acp/acp-event-mapper.js";
import { toPiPrompt } from "../../../src/modes/acp/acp-prompt-content.js";
import { toolKindOf, toolLocationsOf, toolTitleOf } from "../../../src/modes/acp/acp-tool-calls.js";

describe("ACP tool call mapping", () => {
	it("gives each built-in tool its kind, and extension tools other", () => {
		expect(["read", "edit", "write", "bash", "grep", "find", "ls", "my_tool"].map(toolKindOf)).toEqual([
			"read",
			"edit",
			"edit",
			"execute",
			"search",
			"search",
			"search",
			"other",
		]);
	});

	it("titles and locates calls by their arguments", () => {
		expect(toolTitleOf("read", { path: "src/a.ts", offset: 10, limit: 5 })).toBe("Read src/a.ts:10-14");
		expect(toolTitleOf("bash", { command: "npm test" })).toBe("npm test");
		expect(toolLocationsOf("read", { path: "src/a.ts", offset: 10 }, "/repo")).toEqual([
			{ path: "/repo/src/a.ts", line: 10 },
		]);
		expect(toolLocationsOf("edit", { path: "/abs/b.ts" }, "/repo", 3)).toEqual([{ path: "/abs/b.ts", line: 3 }]);
		expect(toolLocationsOf("bash", { command: "ls" }, "/repo")).toEqual([]);
	});
});

describe("ACP nested tool calls", () => {
	it("a call a tool made (a codemode script's) is a tool call of its own, linked to the script's", () => {
		const mapper = new AcpEventMapper(() => "/repo");
		const script = mapper.map({
			type: "tool_execution_start",
			toolCallId: "c1",
			toolName: "codemode",
			args: { code: "" },
		});
		const nested = mapper.map({
			type: "tool_execution_start",
			toolCallId: "c1/1",
			toolName: "read",
			args: { path: "a.ts" },
			parentToolCallId: "c1",
		});
		expect(script).not.toHaveProperty("_meta");
		expect(nested).toMatchObject({
			sessionUpdate: "tool_call",
			toolCallId: "c1/1",
			kind: "read",
			_meta: { parentToolCallId: "c1" },
		});
	});
});

describe("ACP prompt content", () => {
	it("inlines embedded resources and readable links as @file content, attaches images", async () => {
		const input = await toPiPrompt(
			[
				{ type: "text", text: "Look at these" },
				{ type: "resource", resource: { uri: "file:///repo/a.ts", text: "const a = 1;" } },
				{ type: "resource_link", uri: "file:///repo/b.ts", name: "b.ts" },
				{ type: "resource_link", uri: "file:///repo/missing.ts", name: "missing.ts" },
				{ type: "image", data: "AAAA", mimeType: "image/png" },
			],
			async (path) => (path === "/repo/b.ts" ? "export const b = 2;\n" : undefined),
		);
		expect(input.text).toBe(
			'Look at these\n\n<file name="/repo/a.ts">\nconst a = 1;\n</file>\n\n<file name="/repo/b.ts">\nexport const b = 2;\n</file>\n\n@/repo/missing.ts',
		);
		expect(input.images).toEqual([{ type: "image", data: "AAAA", mimeType: "image/png" }]);
	});
});

describe("ACP replay", () => {
	it("replays user text, replies, thinking and tool calls with their results", () => {
		const updates = replayUpdates(
			[
				{ role: "user", content: "hi", timestamp: 0 },
				{
					role: "assistant",
					content: [
						{ type: "thinking", thinking: "hmm" },
						{ type: "text", text: "let me run it" },
						{ type: "toolCall", id: "c1", name: "bash", arguments: { command: "ls" } },
					],
					api: "faux",
					provider: "faux",
					model: "m",
					usage: {
						input: 0,
						output: 0,
						cacheRead: 0,
						cacheWrite: 0,
						totalTokens: 0,
						cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
					},
					stopReason: "toolUse",
					timestamp: 0,
				},
				{
					role: "toolResult",
					toolCallId: "c1",
					toolName: "bash",
					content: [{ type: "text", text: "a.txt" }],
					isError: false,
					timestamp: 0,
				},
			],
			"/repo",
		);
		expect(updates.map((update) => update.sessionUpdate)).toEqual([
			"user_message_chunk",
			"agent_thought_chunk",
			"agent_message_chunk",
			"tool_call",
			"tool_call_update",
		]);
		expect(updates[4]).toMatchObject({
			status: "completed",
			content: [{ type: "content", content: { text: "a.txt" } }],
		});
	});
});

describe("redactSecrets", () => {
	it("masks key shapes, bearer tokens and secret environment values", () => {
		expect(redactSecrets("401 bad key sk-ant-abcdefghijklmnop1234", {})).toBe("401 bad key [redacted]");
		expect(redactSecrets("Authorization: Bearer abc.def.ghi123", {})).toContain("[redacted]");
		expect(redactSecrets("key=hunter2hunter2 leaked", { MY_API_KEY: "hunter2hunter2" })).toBe("key=[redacted] leaked");
		expect(redactSecrets("429 rate limited", {})).toBe("429 rate limited");
	});
});
