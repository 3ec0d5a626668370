// Tool selection vs exposure, tool_search's ranking and the unreachable-MCP-tools warning, through
// the built pi: each expectation is what pi 1.4 does in the same run (parity/codemode-parity.mjs
// `sel-*`, `search-*`, `warn-*`, 2026-12-04).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

const EXPOSURES = join(import.meta.dirname, "fixtures", "codemode-exposures.js");
const SEARCH_TOOLS = join(import.meta.dirname, "fixtures", "codemode-search-tools.js");
const TINY_MCP = join(import.meta.dirname, "fixtures", "tiny-mcp-server.mjs");

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

interface RequestBody {
	tools?: { function: { name: string } }[];
	messages: { role: string; content: unknown; tool_call_id?: string }[];
}

function toolNames(index: number): string[] {
	return ((mock.requests[index]?.body as RequestBody | undefined)?.tools ?? []).map((tool) => tool.function.name);
}

function lastToolResult(): string {
	const body = mock.requests.at(-1)?.body as RequestBody;
	const message = body.messages.at(-1);
	return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content);
}

const done = { type: "reply" as const, blocks: [{ type: "text" as const, text: "done" }] };
const listCallable = {
	type: "reply" as const,
	blocks: [
		{
			type: "toolCall" as const,
			id: "c1",
			name: "codemode",
			arguments: { code: "return ALL_TOOLS.map((tool) => tool.name).sort().join(',');" },
		},
	],
};

describe("tool selection vs exposure", () => {
	it("--tools '*' declares every tool but codemode- and deferred-exposure ones, which scripts still call", async () => {
		mock.enqueue(listCallable, done);
		const result = await runPi(env, ["-e", EXPOSURES, "--tools", "*", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(toolNames(0)).toEqual([
			"read",
			"bash",
			"powershell",
			"edit",
			"write",
			"grep",
			"find",
			"ls",
			"e_direct",
			"e_off",
			"e_model",
			"codemode",
			"tool_search",
		]);
		expect(lastToolResult()).toMatch(/\n\nbash,e_code,e_defer,e_direct,e_off,edit,find,grep,ls,powershell,read,write$/);
	});

	it("an allowlist registers only what it names or matches: scripts reach no other extension tool", async () => {
		mock.enqueue(listCallable, done);
		await runPi(env, ["-e", EXPOSURES, "--tools", "e_*,codemode", "-p", "hi"]);
		// Names first, then what the patterns match in registration order (1.4's order).
		expect(toolNames(0)).toEqual(["codemode", "e_direct", "e_off", "e_model"]);
		expect(lastToolResult()).toMatch(/\n\ne_code,e_defer,e_direct,e_off$/);
		mock.enqueue(done);
		await runPi(env, ["-e", EXPOSURES, "--tools", "read,e_code,e_hidden", "-p", "hi"]);
		expect(toolNames(2)).toEqual(["read", "e_code"]);
	});

	it("defaultTools takes exact names; +name entries in --tools take no patterns", async () => {
		env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", defaultTools: ["*", "+e_code"] });
		mock.enqueue(done);
		expect((await runPi(env, ["-e", EXPOSURES, "-p", "hi"])).code).toBe(0);
		expect(toolNames(0)).toEqual(["e_code", "e_direct", "e_model"]);
		const bad = await runPi(env, ["-e", EXPOSURES, "--tools", "+e_*", "-p", "hi"]);
		expect(bad.code).toBe(1);
		expect(bad.stderr).toContain("--tools: +name and -name entries take exact tool names, not patterns: +e_*");
	});
});

describe("tool_search ranking", () => {
	it("a short query loads what pi 1.4 loads from twenty MCP-like tools", async () => {
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", id: "t1", name: "tool_search", arguments: { query: "issue" } }] },
			done,
		);
		await runPi(env, ["-e", SEARCH_TOOLS, "--tools", "+tool_search", "-p", "hi"]);
		expect(lastToolResult()).toBe(
			[
				"Loaded 8 tools. They are available from your next call:",
				"- mcp__github__get_issue: Get one issue with its comments.",
				"- mcp__github__create_issue: Open a new issue.",
				"- mcp__github__search_issues: Search issues in a GitHub repository by text, label or state.",
				"- mcp__github__list_commits: List commits on a branch.",
				"- mcp__github__searchCode: Search code across repositories.",
				"- mcp__github__list_pull_requests: List pull requests of a repository.",
				"- mcp__github__create_branch: Create a branch from a ref.",
				"- mcp__github__get_file_contents: Read a file from a repository at a ref.",
			].join("\n"),
		);
		expect(toolNames(1).slice(5)).toHaveLength(8);
	});
});

describe("MCP tools nothing can reach", { timeout: 60_000 }, () => {
	const writeMcp = (exposure: string) =>
		writeFileSync(
			join(env.agentDir, "mcp.json"),
			JSON.stringify({ mcpServers: { tiny: { command: process.execPath, args: [TINY_MCP], exposure } } }),
		);

	it("RPC: one notify warning when --tools leaves codemode out; the tools are not declared", async () => {
		writeMcp("codemode");
		mock.enqueue(done, done);
		const { connectRpc } = await import("./rpc-support.js");
		const rpc = connectRpc(env, ["--no-session", "--tools", "read"]);
		try {
			const warning = await rpc.waitFor(
				(record) => record.type === "extension_ui_request" && record.method === "notify",
			);
			expect(warning).toMatchObject({
				notifyType: "warning",
				message:
					"MCP tools are only reachable from the codemode or tool_search tool, but neither is active; they cannot be called.",
			});
			for (const message of ["hi", "again"]) {
				const settled = rpc.waitFor((record) => record.type === "agent_settled");
				await rpc.request({ type: "prompt", message });
				await settled;
			}
			expect(toolNames(0)).toEqual(["read"]);
			expect(toolNames(1)).toEqual(["read"]);
			const notices = rpc.records.filter(
				(record) => record.type === "extension_ui_request" && String(record.message).startsWith("MCP tools are only"),
			);
			expect(notices).toHaveLength(1);
		} finally {
			await rpc.close();
		}
	});

	it("says why when autoEnableCodemode is false; print mode stays quiet, as pi 1.4", async () => {
		writeMcp("codemode");
		writeFileSync(
			join(env.agentDir, "mcp.json"),
			JSON.stringify({
				autoEnableCodemode: false,
				mcpServers: { tiny: { command: process.execPath, args: [TINY_MCP], exposure: "codemode" } },
			}),
		);
		const { connectRpc } = await import("./rpc-support.js");
		const rpc = connectRpc(env, ["--no-session"]);
		try {
			const warning = await rpc.waitFor(
				(record) => record.type === "extension_ui_request" && record.method === "notify",
			);
			expect(warning.message).toBe(
				"MCP tools are only reachable from the codemode or tool_search tool, but neither is active (autoEnableCodemode is false); they cannot be called.",
			);
		} finally {
			await rpc.close();
		}
		mock.enqueue(done);
		const printed = await runPi(env, ["-p", "hi"]);
		expect(printed).toMatchObject({ code: 0, stdout: "done\n", stderr: "" });
		expect(toolNames(0)).toEqual(["read", "bash", "edit", "write"]);
	});
});
