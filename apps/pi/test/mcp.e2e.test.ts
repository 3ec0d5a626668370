import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
const TEST_SERVER = fileURLToPath(new URL("./fixtures/mcp-test-server.mjs", import.meta.url));

let env: PiTestEnv;
let mock: MockLlm;
const children: ChildProcess[] = [];

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "anthropic-messages");
});

afterEach(async () => {
	for (const child of children.splice(0)) child.kill("SIGKILL");
	await mock.close();
	env.cleanup();
});

function writeMcpJson(servers: Record<string, unknown>, dir = env.agentDir): void {
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: servers }, null, 2));
}

type RequestBody = { tools?: { name: string }[]; messages: unknown[]; system?: unknown };

function toolNames(index: number): string[] {
	return ((mock.requests[index]?.body as RequestBody | undefined)?.tools ?? []).map((tool) => tool.name);
}

function lastMessage(index: number): string {
	return JSON.stringify((mock.requests[index]?.body as RequestBody | undefined)?.messages.at(-1));
}

function callThenAnswer(name: string, args: Record<string, unknown>): void {
	mock.enqueue(
		{ type: "reply", blocks: [{ type: "toolCall", id: "call_1", name, arguments: args }] },
		{ type: "reply", blocks: [{ type: "text", text: "Done." }] },
	);
}

/** Starts the test server over streamable HTTP and resolves with its URL. */
async function startHttpServer(): Promise<string> {
	const portFile = join(env.root, `port-${children.length}`);
	const child = spawn(process.execPath, [TEST_SERVER, "http", portFile], { stdio: "ignore" });
	children.push(child);
	for (let attempt = 0; attempt < 200 && !existsSync(portFile); attempt++)
		await new Promise((resolve) => setTimeout(resolve, 25));
	return `http://127.0.0.1:${readFileSync(portFile, "utf8")}/mcp`;
}

/** Running, not a zombie (an orphan's zombie lingers where pid 1 does not reap, as in containers). */
function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
	} catch {
		return process.platform !== "linux";
	}
}

describe("pi mcp (shell commands)", { timeout: 60_000 }, () => {
	it("add, list --json against server-everything, remove; exit codes", async () => {
		const added = await runPi(env, ["mcp", "add", "ev", "--", process.execPath, EVERYTHING, "stdio"], { cwd: env.cwd });
		expect(added.code).toBe(0);
		expect(added.stdout).toBe(
			`Added global MCP server "ev" in ${join(env.agentDir, "mcp.json")}.\nCheck it with: pi mcp list\n`,
		);
		const list = await runPi(env, ["mcp", "list", "--json"], { cwd: env.cwd });
		expect(list.code).toBe(0);
		const parsed = JSON.parse(list.stdout) as { servers: { name: string; state: string; tools: string[] }[] };
		expect(parsed.servers[0]).toMatchObject({ name: "ev", state: "connected", exposure: "codemode", scope: "global" });
		expect(parsed.servers[0]?.tools).toContain("echo");
		expect(parsed.servers[0]?.tools).toContain("get-roots-list");

		await runPi(env, ["mcp", "add", "broken", "--", join(env.root, "no-such-binary")]);
		const failing = await runPi(env, ["mcp", "list"], { cwd: env.cwd });
		expect(failing.code).toBe(1);
		expect(failing.stdout).toContain("broken: failed (codemode, global)");
		expect(failing.stdout).toContain("ENOENT");

		expect((await runPi(env, ["mcp", "remove", "broken"])).code).toBe(0);
		const again = await runPi(env, ["mcp", "remove", "broken"]);
		expect(again.code).toBe(1);
		expect(again.stderr).toContain('No global MCP server named "broken"');
		const bad = await runPi(env, ["mcp", "add", "bad name", "--", "x"]);
		expect(bad.code).toBe(1);
		expect(bad.stderr).toBe('invalid server name "bad name" (use letters, digits, "_" and "-")\n');
		const sse = await runPi(env, ["mcp", "add", "s", "--url", "http://127.0.0.1:1/sse", "--exposure", "weird"]);
		expect(sse.code).toBe(1);
		expect(sse.stderr).toContain("exposure must be one of");
	});

	it("rejects SSE servers in mcp.json with the streamable HTTP hint", async () => {
		writeMcpJson({ old: { type: "sse", url: "http://127.0.0.1:1/sse" } });
		const list = await runPi(env, ["mcp", "list"], { cwd: env.cwd });
		expect(list.code).toBe(1);
		expect(list.stdout).toContain('server "old": legacy SSE transport is not supported; use the streamable HTTP URL');
	});
});

describe("MCP tools in a session", { timeout: 60_000 }, () => {
	it("direct stdio tool round trip with server-everything; env expansion; the server is stopped at exit", async () => {
		writeMcpJson({
			ev: {
				command: process.execPath,
				args: [EVERYTHING, "stdio"],
				env: { PI_MCP_SECRET: "${PI_MCP_TEST_VALUE}" },
				exposure: "direct",
			},
		});
		callThenAnswer("mcp__ev__get_env", {});
		const result = await runPi(env, ["-p", "show env"], {
			cwd: env.cwd,
			extraEnv: { PI_MCP_TEST_VALUE: "expanded-secret-42" },
		});
		expect(result.stderr).toBe("");
		expect(result.code).toBe(0);
		expect(toolNames(0)).toContain("mcp__ev__echo");
		expect(toolNames(0)).toContain("list_mcp_resources");
		expect(lastMessage(1)).toContain("expanded-secret-42");
	});

	it("an unset ${VAR} fails that server with a clear error in pi mcp list; pi -p still answers", async () => {
		writeMcpJson({
			ev: { command: process.execPath, args: [EVERYTHING, "stdio"], env: { X: "${PI_MCP_UNSET}" }, exposure: "direct" },
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Still here." }] });
		const result = await runPi(env, ["-p", "hi"], { cwd: env.cwd });
		// Print mode has no UI to report on, as in pi 1.4: `pi mcp list` says what is wrong.
		expect(result).toMatchObject({ code: 0, stdout: "Still here.\n", stderr: "" });
		const list = await runPi(env, ["mcp", "list"], { cwd: env.cwd });
		expect(list.code).toBe(1);
		expect(list.stdout).toContain(
			"ev: failed (direct, global)\n  " +
				`${process.execPath} ${EVERYTHING} stdio\n` +
				'  Failed to resolve MCP server "ev" env "X" from environment variable: PI_MCP_UNSET\n',
		);
	});

	it("HTTP round trip; isError results reach the model as errors; colliding names get hash suffixes", async () => {
		const url = await startHttpServer();
		writeMcpJson({ web: { url, exposure: "direct" } });
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_1", name: "mcp__web__shout", arguments: { text: "hi" } }],
			},
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_2", name: "mcp__web__fail", arguments: { why: "testing" } }],
			},
			{ type: "reply", blocks: [{ type: "text", text: "Done." }] },
		);
		const result = await runPi(env, ["-p", "go"], { cwd: env.cwd });
		expect(result.code).toBe(0);
		expect(lastMessage(1)).toContain("HI");
		const failed = lastMessage(2);
		expect(failed).toContain("failed because testing");
		expect(failed).toContain('"is_error":true');
		const names = toolNames(0).filter((name) => name.startsWith("mcp__web__a_b"));
		expect(names).toHaveLength(2);
		for (const name of names) expect(name).toMatch(/^mcp__web__a_b_[0-9a-f]{8}$/);
	});

	it("codemode (default) exposure: not declared; codemode is activated and its scripts call the tools", async () => {
		writeMcpJson({ t: { command: process.execPath, args: [TEST_SERVER], description: "Shouting tools" } });
		callThenAnswer("codemode", { code: 'return await tools.mcp__t__shout({ text: "quiet" });' });
		expect((await runPi(env, ["-p", "shout"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(0)).toContain("codemode");
		expect(toolNames(0).some((name) => name.startsWith("mcp__"))).toBe(false);
		expect(JSON.stringify((mock.requests[0]?.body as RequestBody | undefined)?.system)).toContain(
			"mcp__t (codemode): Shouting tools",
		);
		expect(lastMessage(1)).toContain("QUIET");
	});

	it("deferred exposure: tool_search finds the tool and declares it for the next call", async () => {
		writeMcpJson({ t: { command: process.execPath, args: [TEST_SERVER], exposure: "deferred" } });
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "c1", name: "tool_search", arguments: { query: "shout upper-case" } }],
			},
			{ type: "reply", blocks: [{ type: "toolCall", id: "c2", name: "mcp__t__shout", arguments: { text: "found" } }] },
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
		);
		expect((await runPi(env, ["-p", "find"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(0)).toContain("tool_search");
		expect(toolNames(0)).not.toContain("mcp__t__shout");
		expect(toolNames(1)).toContain("mcp__t__shout");
		expect(lastMessage(2)).toContain("FOUND");
	});

	it("hidden tools are not declared; toolExposure picks single tools", async () => {
		writeMcpJson({
			ev: {
				command: process.execPath,
				args: [EVERYTHING, "stdio"],
				exposure: "hidden",
				toolExposure: { "get-s*": "direct" },
			},
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect((await runPi(env, ["-p", "hi"], { cwd: env.cwd })).code).toBe(0);
		const names = toolNames(0).filter((name) => name.startsWith("mcp__"));
		expect(names.sort()).toEqual(["mcp__ev__get_structured_content", "mcp__ev__get_sum"]);
	});

	it("resources: list_mcp_resources and read_mcp_resource", async () => {
		writeMcpJson({ ev: { command: process.execPath, args: [EVERYTHING, "stdio"], exposure: "direct" } });
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "c1", name: "list_mcp_resources", arguments: { server: "ev" } }],
			},
			{
				type: "reply",
				blocks: [
					{
						type: "toolCall",
						id: "c2",
						name: "read_mcp_resource",
						arguments: { server: "ev", uri: "demo://resource/static/document/architecture.md" },
					},
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
		);
		expect((await runPi(env, ["-p", "resources"], { cwd: env.cwd })).code).toBe(0);
		expect(lastMessage(1)).toContain("demo://resource/static/document/architecture.md");
		expect(lastMessage(2)).toContain("Architecture");
	});

	it("--no-mcp: no server starts and no MCP tool is declared", async () => {
		const pidFile = join(env.root, "pid");
		writeMcpJson({
			t: { command: process.execPath, args: [TEST_SERVER], env: { MCP_TEST_PID_FILE: pidFile }, exposure: "direct" },
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect((await runPi(env, ["--no-mcp", "-p", "hi"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(0).some((name) => name.startsWith("mcp__"))).toBe(false);
		expect(existsSync(pidFile)).toBe(false);
	});

	it("a stdio server is stopped when pi exits", async () => {
		const pidFile = join(env.root, "pid");
		writeMcpJson({
			t: { command: process.execPath, args: [TEST_SERVER], env: { MCP_TEST_PID_FILE: pidFile }, exposure: "direct" },
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect((await runPi(env, ["-p", "hi"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(0)).toContain("mcp__t__shout");
		const pid = Number(readFileSync(pidFile, "utf8"));
		expect(isAlive(pid)).toBe(false);
	});

	it("tools/list_changed: a tool the server adds during a call is declared and callable next", async () => {
		writeMcpJson({ t: { command: process.execPath, args: [TEST_SERVER], exposure: "direct" } });
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", id: "c1", name: "mcp__t__grow", arguments: {} }] },
			{ type: "reply", blocks: [{ type: "toolCall", id: "c2", name: "mcp__t__late_tool", arguments: {} }] },
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
		);
		expect((await runPi(env, ["-p", "grow"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(0)).not.toContain("mcp__t__late_tool");
		expect(toolNames(1)).toContain("mcp__t__late_tool");
		expect(lastMessage(2)).toContain("late tool ran");
	});

	it("SIGTERM to pi stops its stdio servers", async () => {
		const pidFile = join(env.root, "pid");
		writeMcpJson({ t: { command: process.execPath, args: [TEST_SERVER], env: { MCP_TEST_PID_FILE: pidFile } } });
		const { connectRpc } = await import("./rpc-support.js");
		const rpc = connectRpc(env);
		for (let attempt = 0; attempt < 200 && !existsSync(pidFile); attempt++)
			await new Promise((resolve) => setTimeout(resolve, 25));
		const pid = Number(readFileSync(pidFile, "utf8"));
		expect(isAlive(pid)).toBe(true);
		rpc.child.kill("SIGTERM");
		await rpc.exited;
		for (let attempt = 0; attempt < 40 && isAlive(pid); attempt++)
			await new Promise((resolve) => setTimeout(resolve, 25));
		expect(isAlive(pid)).toBe(false);
	});

	it("project .pi/mcp.json is read only when the project is trusted", async () => {
		writeMcpJson(
			{ proj: { command: process.execPath, args: [TEST_SERVER], exposure: "direct" } },
			join(env.cwd, ".pi"),
		);
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
		);
		expect((await runPi(env, ["--no-approve", "-p", "hi"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(0).some((name) => name.startsWith("mcp__proj"))).toBe(false);
		expect((await runPi(env, ["--approve", "-p", "hi"], { cwd: env.cwd })).code).toBe(0);
		expect(toolNames(1)).toContain("mcp__proj__shout");
	});
});

describe("OAuth sign-in (loopback authorization server)", { timeout: 60_000 }, () => {
	it("needs sign-in until pi mcp login (DCR + PKCE); tokens used, refreshed when rejected; logout", async () => {
		const { startOAuthMcpServer } = await import("./support/oauth-mcp-server.js");
		const auth = await startOAuthMcpServer();
		try {
			writeMcpJson({ secure: { url: auth.url, exposure: "direct" } });
			const before = await runPi(env, ["mcp", "list"]);
			expect(before.code).toBe(1);
			expect(before.stdout).toContain("secure: needs sign-in");

			// pi prints the authorization URL; the test is the browser that approves it.
			const { spawnPi } = await import("./support/index.js");
			const login = spawnPi(env, ["mcp", "login", "secure", "--timeout", "60"], { extraEnv: { BROWSER: "none" } });
			let stderr = "";
			const url = await new Promise<string>((resolve) => {
				login.child.stderr.on("data", (chunk: string) => {
					stderr += chunk;
					const match = /(http:\/\/127\.0\.0\.1:\d+\/authorize\S+)/.exec(stderr);
					if (match?.[1]) resolve(match[1]);
				});
			});
			const approved = await fetch(url);
			expect(approved.status).toBe(200);
			const result = await login.exited;
			expect(result.code).toBe(0);
			expect(result.stdout).toBe('Signed in to MCP server "secure".\n');
			expect(auth.registrations).toBe(1);
			expect(auth.tokenGrants).toEqual(["authorization_code"]);

			callThenAnswer("mcp__secure__whoami", { greeting: "hello" });
			expect((await runPi(env, ["-p", "who"])).code).toBe(0);
			expect(lastMessage(1)).toContain("hello, signed-in user");

			auth.expireAccessToken();
			callThenAnswer("mcp__secure__whoami", { greeting: "again" });
			expect((await runPi(env, ["-p", "who"])).code).toBe(0);
			expect(lastMessage(3)).toContain("again, signed-in user");
			expect(auth.tokenGrants).toEqual(["authorization_code", "refresh_token"]);

			const logout = await runPi(env, ["mcp", "logout", "secure"]);
			expect(logout.stdout).toBe('Signed out of MCP server "secure".\n');
			expect((await runPi(env, ["mcp", "list"])).stdout).toContain("secure: needs sign-in");
		} finally {
			await auth.close();
		}
	});
});

describe("pi --mode rpc with MCP servers", { timeout: 60_000 }, () => {
	it("a failed server is a notify warning before any prompt; get_state lists every server", async () => {
		const { connectRpc } = await import("./rpc-support.js");
		writeMcpJson({
			good: { command: process.execPath, args: [TEST_SERVER], exposure: "direct" },
			bad: { command: join(env.root, "missing-server") },
		});
		const rpc = connectRpc(env);
		try {
			const warning = await rpc.waitFor(
				(record) =>
					record.type === "extension_ui_request" && record.method === "notify" && record.notifyType === "warning",
			);
			expect(String(warning.message)).toContain("  bad: failed: spawn ");
			let servers: unknown;
			for (let attempt = 0; attempt < 100; attempt++) {
				const state = await rpc.request({ type: "get_state" });
				servers = (state.data as { mcpServers?: unknown }).mcpServers;
				if (JSON.stringify(servers).includes('"connected"')) break;
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			expect(servers).toEqual([
				{ name: "good", state: "connected", tools: 5, scope: "global" },
				{ name: "bad", state: "failed", tools: 0, scope: "global", error: expect.stringContaining("ENOENT") },
			]);
			expect(rpc.schemaFailures).toEqual([]);
		} finally {
			await rpc.close();
		}
	});

	it("/mcp prints status; /mcp disable saves enabled: false in mcp.json and stops the server", async () => {
		const { connectRpc } = await import("./rpc-support.js");
		writeMcpJson({ good: { command: process.execPath, args: [TEST_SERVER], exposure: "direct", description: "kept" } });
		const rpc = connectRpc(env);
		try {
			const notice = (text: string) => (record: Record<string, unknown>) =>
				record.type === "extension_ui_request" && record.method === "notify" && String(record.message).includes(text);
			for (let attempt = 0; attempt < 100; attempt++) {
				const state = await rpc.request({ type: "get_state" });
				if (JSON.stringify(state.data).includes('"connected"')) break;
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			await rpc.request({ type: "prompt", message: "/mcp" });
			await rpc.waitFor(notice("good: connected, 5 tools (direct, global)"));
			await rpc.request({ type: "prompt", message: "/mcp disable good" });
			await rpc.waitFor(notice("Saved in"));
			const saved = JSON.parse(readFileSync(join(env.agentDir, "mcp.json"), "utf8"));
			expect(saved.mcpServers.good).toMatchObject({ enabled: false, description: "kept" });
			const state = await rpc.request({ type: "get_state" });
			expect((state.data as { mcpServers?: unknown[] }).mcpServers).toEqual([
				{ name: "good", state: "disabled", tools: 0, scope: "global" },
			]);
		} finally {
			await rpc.close();
		}
	});

	it("get_state has no mcpServers when none is configured", async () => {
		const { connectRpc } = await import("./rpc-support.js");
		const rpc = connectRpc(env);
		try {
			const state = await rpc.request({ type: "get_state" });
			expect(state.data).not.toHaveProperty("mcpServers");
		} finally {
			await rpc.close();
		}
	});
});

describe("pi --mode acp with the editor's MCP servers", { timeout: 60_000 }, () => {
	it("advertises stdio and HTTP; a server passed in session/new is connected and its tool called", async () => {
		const { spawnAcp } = await import("./acp-support.js");
		const pidFile = join(env.root, "acp-pid");
		const acpPi = spawnAcp(env);
		try {
			const init = await acpPi.initialize();
			expect(init.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: false });
			const session = (await acpPi.agent.request("session/new", {
				cwd: env.cwd,
				mcpServers: [
					{
						name: "editor-tools",
						command: process.execPath,
						args: [TEST_SERVER],
						env: [{ name: "MCP_TEST_PID_FILE", value: pidFile }],
					},
				],
			})) as { sessionId: string };
			// The editor's servers get the default exposure, codemode: the model calls them from a script.
			callThenAnswer("codemode", {
				code: 'const result = await tools.mcp__editor_tools__shout({ text: "from the editor" });\nreturn result;',
			});
			expect((await acpPi.prompt(session.sessionId, "shout")).stopReason).toBe("end_turn");
			expect(lastMessage(1)).toContain("FROM THE EDITOR");
		} finally {
			await acpPi.close();
		}
		expect(isAlive(Number(readFileSync(pidFile, "utf8")))).toBe(false);
	});
});
