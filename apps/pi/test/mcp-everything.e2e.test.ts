// MCP against a published server nobody here wrote (@modelcontextprotocol/server-everything), on
// the points where a side-by-side run with pi 1.4 (test/parity/mcp-parity.mjs) found differences:
// `pi mcp` output, failure reports per mode, what scripts and the model receive, resources,
// --no-mcp, and the servers an ACP editor passes.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, runPi, startMock, useMockProvider } from "./support/index.js";

const require = createRequire(import.meta.url);
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js");
const NODE = process.execPath;
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

const everything = (extra: Record<string, unknown> = {}) => ({ command: NODE, args: [EVERYTHING, "stdio"], ...extra });
const crash = { command: NODE, args: ["-e", "process.stderr.write('boom\\n'); process.exit(3)"] };

function writeMcpJson(servers: Record<string, unknown>, dir = env.agentDir): void {
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "mcp.json"), JSON.stringify({ mcpServers: servers }, null, 2));
}

type RequestBody = { tools?: { name: string; input_schema?: Record<string, unknown> }[]; messages: unknown[] };

function body(index: number): RequestBody | undefined {
	return mock.requests[index]?.body as RequestBody | undefined;
}

/** The text of the tool result the model got in request `index`. */
function toolResultText(index: number): string {
	const last = body(index)?.messages.at(-1) as { content: { type: string; content: unknown }[] } | undefined;
	const result = last?.content.find((block) => block.type === "tool_result");
	const content = result?.content;
	if (typeof content === "string") return content;
	return ((content ?? []) as { type: string; text?: string }[]).map((block) => block.text ?? "").join("\n");
}

function call(name: string, args: Record<string, unknown>) {
	return { type: "reply" as const, blocks: [{ type: "toolCall" as const, id: `call_${name}`, name, arguments: args }] };
}
const answer = { type: "reply" as const, blocks: [{ type: "text" as const, text: "Done." }] };

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

/** server-everything over streamable HTTP on a free loopback port. */
async function startEverythingHttp(): Promise<string> {
	const port = await new Promise<number>((resolve) => {
		const probe = createServer().listen(0, "127.0.0.1", () => {
			const address = probe.address();
			probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
		});
	});
	const child = spawn(NODE, [EVERYTHING, "streamableHttp"], {
		env: { ...process.env, PORT: String(port) },
		stdio: ["ignore", "ignore", "pipe"],
	});
	children.push(child);
	await new Promise<void>((resolve, reject) => {
		let stderr = "";
		child.stderr?.on("data", (chunk: Buffer) => {
			stderr += chunk.toString();
			if (stderr.includes("listening")) resolve();
		});
		child.on("exit", () => reject(new Error(`server-everything exited: ${stderr}`)));
	});
	return `http://127.0.0.1:${port}/mcp`;
}

describe("pi mcp shell commands (as pi 1.4 prints them)", { timeout: 90_000 }, () => {
	it("add --bearer-token-env-var has no sign-in hint; list prints config errors and notes on stdout; list takes no server", async () => {
		const bearer = await runPi(env, [
			"mcp",
			"add",
			"tok",
			"--url",
			"http://127.0.0.1:9/mcp",
			"--bearer-token-env-var",
			"T",
		]);
		expect(bearer.stdout).toBe(
			`Added global MCP server "tok" in ${join(env.agentDir, "mcp.json")}.\nCheck it with: pi mcp list\n`,
		);
		const extra = await runPi(env, ["mcp", "list", "tok"]);
		expect(extra.code).toBe(1);
		expect(extra.stderr).toBe('Usage: pi mcp list [--json]\nUse "pi mcp --help" for usage.\n');

		writeMcpJson({ ev: everything(), crash, old: { type: "sse", url: "http://127.0.0.1:9/sse" } });
		const list = await runPi(env, ["mcp", "list"]);
		expect(list.code).toBe(1);
		expect(list.stderr).toBe("");
		expect(list.stdout).toContain("ev: connected, 14 tools (codemode, global)\n");
		expect(list.stdout).toContain(`crash: failed (codemode, global)\n  ${NODE} -e `);
		expect(list.stdout).toContain("\n  MCP connection closed\n  boom\n");
		expect(list.stdout).toContain(
			`config error: ${join(env.agentDir, "mcp.json")}: server "old": legacy SSE transport is not supported; use the streamable HTTP URL\n`,
		);
		const json = JSON.parse((await runPi(env, ["mcp", "list", "--json"])).stdout) as {
			servers: { name: string; error?: string; stderr?: string }[];
		};
		const crashed = json.servers.find((server) => server.name === "crash");
		expect(crashed?.error).toBe("MCP connection closed\nboom");
		expect(crashed).not.toHaveProperty("stderr");

		writeFileSync(join(env.agentDir, "mcp.json"), "{ not json");
		const broken = await runPi(env, ["mcp", "list"]);
		expect(broken.code).toBe(1);
		expect(broken.stdout).toMatch(/^config error: .*mcp\.json: Expected property name/);
	});
});

describe("failures per mode", { timeout: 90_000 }, () => {
	it("RPC: one notify warning lists config errors and failed servers before the first prompt", async () => {
		writeMcpJson({
			bad: { command: join(env.root, "no-such-server") },
			crash,
			old: { type: "sse", url: "http://127.0.0.1:9/sse" },
		});
		const { connectRpc } = await import("./rpc-support.js");
		const rpc = connectRpc(env);
		try {
			const warning = await rpc.waitFor(
				(record) => record.type === "extension_ui_request" && record.method === "notify",
			);
			expect(warning.notifyType).toBe("warning");
			expect(warning.message).toBe(
				[
					"MCP servers need attention:",
					`  config: ${join(env.agentDir, "mcp.json")}: server "old": legacy SSE transport is not supported; use the streamable HTTP URL`,
					`  bad: failed: spawn ${join(env.root, "no-such-server")} ENOENT`,
					"  crash: failed: MCP connection closed",
					"Run /mcp to fix.",
				].join("\n"),
			);
		} finally {
			await rpc.close();
		}
	});

	it("print mode stays quiet about them, as pi 1.4 does, and answers", async () => {
		writeMcpJson({ crash, old: { type: "sse", url: "http://127.0.0.1:9/sse" } });
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "still here" }] });
		const printed = await runPi(env, ["-p", "hi"]);
		expect(printed).toMatchObject({ code: 0, stdout: "still here\n", stderr: "" });
	});
});

describe("what the model and scripts receive", { timeout: 90_000 }, () => {
	it("direct over stdio and HTTP: tool text, schemas without $schema, resource links", async () => {
		const url = await startEverythingHttp();
		writeMcpJson({ ev: everything({ exposure: "direct" }), web: { url, exposure: "direct" } });
		mock.enqueue(
			call("mcp__ev__echo", { message: "hello" }),
			call("mcp__web__echo", { message: "over http" }),
			call("mcp__ev__get_resource_links", { count: 1 }),
			call("mcp__ev__get_structured_content", { location: "New York" }),
			answer,
		);
		const result = await runPi(env, ["-p", "go"]);
		expect(result).toMatchObject({ code: 0, stderr: "" });
		const echo = body(0)?.tools?.find((tool) => tool.name === "mcp__ev__echo");
		expect(echo?.input_schema).toEqual({
			type: "object",
			properties: { message: { type: "string", description: "Message to echo" } },
			required: ["message"],
		});
		expect(toolResultText(1)).toBe("Echo: hello");
		expect(toolResultText(2)).toBe("Echo: over http");
		expect(toolResultText(3)).toContain(
			'[Resource demo://resource/dynamic/blob/1 "Blob Resource 1" (text/plain): Resource 1: plaintext resource. Read it with read_mcp_resource (server "ev")]',
		);
		expect(toolResultText(4)).toMatch(/^\{"temperature":\d+,"conditions":"\w+","humidity":\d+\}$/);
	});

	it("codemode scripts get the whole CallToolResult: content, structuredContent", async () => {
		writeMcpJson({ ev: everything({ description: "Everything server" }) });
		mock.enqueue(
			call("codemode", {
				code: [
					"const sum = await tools.mcp__ev__get_sum({ a: 2, b: 3 });",
					'const weather = await tools.mcp__ev__get_structured_content({ location: "New York" });',
					"return [sum.content[0].text, typeof weather.structuredContent.temperature, sum.isError === true];",
				].join("\n"),
			}),
			answer,
		);
		expect((await runPi(env, ["-p", "go"])).code).toBe(0);
		expect(toolResultText(1)).toContain('["The sum of 2 and 3 is 5.","number",false]');
		const system = JSON.stringify((mock.requests[0]?.body as { system?: unknown } | undefined)?.system);
		expect(system).toContain("<mcp_servers>");
		expect(system).toContain("- mcp__ev (codemode): Everything server");
		expect(system).not.toContain("tool_search");
	});

	it('"autoEnableCodemode": false beside mcpServers: a codemode server does not turn codemode on', async () => {
		writeFileSync(
			join(env.agentDir, "mcp.json"),
			JSON.stringify({
				autoEnableCodemode: false,
				mcpServers: { ev: everything(), web: everything({ exposure: "direct" }) },
			}),
		);
		mock.enqueue(answer);
		expect((await runPi(env, ["-p", "go"])).code).toBe(0);
		const names = body(0)?.tools?.map((tool) => tool.name) ?? [];
		expect(names).not.toContain("codemode");
		expect(names).toContain("mcp__web__echo");
		expect(names).not.toContain("mcp__ev__echo");
	});

	it("deferred: tool_search loads the tool; the <mcp_servers> section stays in the next request", async () => {
		writeMcpJson({ ev: everything({ exposure: "deferred" }) });
		mock.enqueue(call("tool_search", { query: "echo message" }), call("mcp__ev__echo", { message: "found" }), answer);
		expect((await runPi(env, ["-p", "go"])).code).toBe(0);
		const system = (index: number) =>
			JSON.stringify((mock.requests[index]?.body as { system?: unknown } | undefined)?.system);
		expect(body(0)?.tools?.map((tool) => tool.name)).not.toContain("mcp__ev__echo");
		expect(body(1)?.tools?.map((tool) => tool.name)).toContain("mcp__ev__echo");
		for (const index of [0, 1]) expect(system(index)).toContain("- mcp__ev (tool_search)");
		expect(toolResultText(2)).toBe("Echo: found");
	});

	it("resources: compact JSON listings, templates, and the unknown-server error", async () => {
		writeMcpJson({ ev: everything({ exposure: "direct" }) });
		mock.enqueue(
			call("list_mcp_resources", { server: "ev" }),
			call("list_mcp_resource_templates", {}),
			call("read_mcp_resource", { server: "nope", uri: "demo://x" }),
			answer,
		);
		expect((await runPi(env, ["-p", "go"])).code).toBe(0);
		expect(toolResultText(1)).toContain(
			'{"server":"ev","resources":[{"server":"ev","uri":"demo://resource/static/document/architecture.md","name":"architecture.md","mimeType":"text/markdown"',
		);
		expect(toolResultText(2)).toContain(
			'{"resourceTemplates":[{"server":"ev","name":"Dynamic Text Resource","uriTemplate":"demo://resource/dynamic/text/{resourceId}"',
		);
		expect(toolResultText(3)).toBe('MCP server "nope" has no resources. Servers with resources: ev');
	});

	it("--no-mcp: no /mcp command either", async () => {
		writeMcpJson({ ev: everything({ exposure: "direct" }) });
		const { connectRpc } = await import("./rpc-support.js");
		const rpc = connectRpc(env, ["--no-session", "--no-mcp"]);
		try {
			const commands = await rpc.request({ type: "get_commands" });
			const names = (commands.data as { commands: { name: string }[] }).commands.map((command) => command.name);
			expect(names).not.toContain("mcp");
			const state = await rpc.request({ type: "get_state" });
			expect(state.data).not.toHaveProperty("mcpServers");
		} finally {
			await rpc.close();
		}
	});
});

describe("pi --mode acp: the editor's MCP servers", { timeout: 90_000 }, () => {
	it("server-everything passed in session/new (stdio) and session/load (HTTP); the model calls them", async () => {
		const url = await startEverythingHttp();
		const { spawnAcp } = await import("./acp-support.js");
		const first = spawnAcp(env);
		let sessionId: string;
		try {
			const init = await first.initialize();
			expect(init.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: false });
			const session = (await first.agent.request("session/new", {
				cwd: env.cwd,
				mcpServers: [{ name: "everything", command: NODE, args: [EVERYTHING, "stdio"], env: [] }],
			})) as { sessionId: string };
			sessionId = session.sessionId;
			// The default exposure, codemode: the model reaches the editor's server from a script.
			mock.enqueue(
				call("codemode", {
					code: 'return (await tools.mcp__everything__echo({ message: "from the editor" })).content;',
				}),
				answer,
			);
			expect((await first.prompt(sessionId, "echo")).stopReason).toBe("end_turn");
			expect(toolResultText(1)).toContain("Echo: from the editor");
		} finally {
			expect(await first.close()).toBe(0);
		}

		const second = spawnAcp(env);
		try {
			await second.initialize();
			await second.agent.request("session/load", {
				sessionId,
				cwd: env.cwd,
				mcpServers: [{ type: "http", name: "web", url, headers: [] }],
			});
			mock.enqueue(call("codemode", { code: "return await tools.mcp__web__get_sum({ a: 20, b: 22 });" }), answer);
			expect((await second.prompt(sessionId, "sum")).stopReason).toBe("end_turn");
			expect(toolResultText(3)).toContain("The sum of 20 and 22 is 42.");
		} finally {
			await second.close();
		}
	});

	it("session/close stops the editor's servers; under --no-mcp HTTP is not advertised", async () => {
		const { spawnAcp } = await import("./acp-support.js");
		const pidFile = join(env.root, "server-pid");
		const acpPi = spawnAcp(env);
		try {
			await acpPi.initialize();
			const { sessionId } = (await acpPi.agent.request("session/new", {
				cwd: env.cwd,
				mcpServers: [
					{ name: "t", command: NODE, args: [TEST_SERVER], env: [{ name: "MCP_TEST_PID_FILE", value: pidFile }] },
				],
			})) as { sessionId: string };
			for (let attempt = 0; attempt < 400 && !existsSync(pidFile); attempt++)
				await new Promise((resolve) => setTimeout(resolve, 25));
			const pid = Number(readFileSync(pidFile, "utf8"));
			expect(isAlive(pid)).toBe(true);
			await acpPi.agent.request("session/close", { sessionId });
			for (let attempt = 0; attempt < 400 && isAlive(pid); attempt++)
				await new Promise((resolve) => setTimeout(resolve, 25));
			expect(isAlive(pid)).toBe(false);
		} finally {
			await acpPi.close();
		}
		const noMcp = spawnAcp(env, { args: ["--no-mcp"] });
		try {
			expect((await noMcp.initialize()).agentCapabilities?.mcpCapabilities).toEqual({ http: false, sse: false });
		} finally {
			await noMcp.close();
		}
	});
});
