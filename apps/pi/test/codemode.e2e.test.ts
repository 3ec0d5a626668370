import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createPiTestEnv,
	type MockLlm,
	type PiTestEnv,
	parseJsonLines,
	runPi,
	startMock,
	useMockProvider,
} from "./support/index.js";

const TOOLS = join(import.meta.dirname, "fixtures", "codemode-tools.ts");

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

interface RequestTool {
	function: { name: string; description: string; parameters: unknown };
}
interface RequestMessage {
	role: string;
	content: unknown;
	tool_call_id?: string;
}
interface RequestBody {
	tools?: RequestTool[];
	messages: RequestMessage[];
}

function body(index: number): RequestBody {
	return mock.requests[index]?.body as RequestBody;
}

function toolNames(index: number): string[] {
	return (body(index).tools ?? []).map((tool) => tool.function.name);
}

function description(index: number, name: string): string {
	return body(index).tools?.find((tool) => tool.function.name === name)?.function.description ?? "";
}

/** The text of the tool result for `callId` in the last request. */
function toolResult(callId: string): string {
	const last = body(mock.requests.length - 1);
	const message = last.messages.find((entry) => entry.role === "tool" && entry.tool_call_id === callId);
	return typeof message?.content === "string" ? message.content : JSON.stringify(message?.content);
}

function scriptCall(id: string, code: string) {
	return { type: "reply" as const, blocks: [{ type: "toolCall" as const, id, name: "codemode", arguments: { code } }] };
}

function done(text = "done") {
	return { type: "reply" as const, blocks: [{ type: "text" as const, text }] };
}

describe("codemode in the built pi", () => {
	it("is registered inactive: declared only with --tools +codemode, next to the default tools", async () => {
		mock.enqueue(done());
		mock.enqueue(done());
		expect((await runPi(env, ["-p", "hi"])).code).toBe(0);
		expect(toolNames(0)).toEqual(["read", "bash", "edit", "write"]);
		const result = await runPi(env, ["--tools", "+codemode", "-p", "hi"]);
		expect(result.code).toBe(0);
		expect(toolNames(1)).toEqual(["read", "bash", "edit", "write", "codemode"]);
		expect(body(1).tools?.find((tool) => tool.function.name === "codemode")?.function.parameters).toMatchObject({
			required: ["code"],
			properties: { code: { type: "string" } },
		});
	});

	it("defaultTools +codemode turns it on; --no-extensions leaves it out unless -e builtin:codemode", async () => {
		env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", defaultTools: ["+codemode", "-write"] });
		for (let i = 0; i < 3; i++) mock.enqueue(done());
		await runPi(env, ["-p", "hi"]);
		await runPi(env, ["--no-extensions", "-p", "hi"]);
		await runPi(env, ["--no-extensions", "-e", "builtin:codemode", "-p", "hi"]);
		expect(toolNames(0)).toEqual(["read", "bash", "edit", "codemode"]);
		expect(toolNames(1)).toEqual(["read", "bash", "edit"]);
		expect(toolNames(2)).toEqual(["read", "bash", "edit", "codemode"]);
	});

	it("mixing plain names and +name changes in --tools is a user error", async () => {
		const result = await runPi(env, ["--tools", "read,+codemode", "-p", "hi"]);
		expect(result.code).not.toBe(0);
		expect(result.stderr).toContain("cannot be mixed");
	});

	it("the description lists undeclared tools as declarations; declared ones get a note", async () => {
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "-p", "hi"]);
		const text = description(0, "codemode");
		expect(text).toContain("// @options:");
		expect(text).toContain(
			"Nested tools:\n\n### `weather`\nGet the weather for a city.\n\ncodemode tool declaration:\n```ts\ndeclare const tools: { weather(args: {\n  // City name\n  city: string;\n}): Promise<string>; };\n```",
		);
		expect(text).toContain(
			"## mcp__dev-docs\nDeveloper documentation.\n\n### `mcp__dev_docs__search` (`mcp__dev-docs__search`)\nSearch the developer docs.",
		);
		expect(text).not.toContain("stock_price");
		expect(text).not.toContain("### `read`");
		expect(description(0, "read")).toContain("Codemode: `tools.read(args)` resolves to");
		expect(toolNames(0)).not.toContain("weather");
	});

	it("runs calls in parallel; output in order, console block, return value; nested calls carry parentToolCallId", async () => {
		writeFileSync(join(env.cwd, "a.txt"), "alpha\n");
		writeFileSync(join(env.cwd, "b.txt"), "beta\n");
		mock.enqueue(
			scriptCall(
				"c1",
				"const [a, b, m1, m2] = await Promise.all([tools.read({ path: 'a.txt' }), tools.read({ path: 'b.txt' }), tools.rendezvous({ name: 'x' }), tools.rendezvous({ name: 'y' })]);\nconsole.log('got', a.trim(), { n: 1 }, m1, m2);\ntext('first');\nreturn { w: await tools.weather({ city: 'Paris' }), b: b.trim() };",
			),
		);
		mock.enqueue(done());
		const result = await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "--mode", "json", "go"]);
		expect(result.code).toBe(0);
		expect(toolResult("c1")).toMatch(
			/^Script completed\nWall time \d+\.\d seconds\nOutput:\n\n==> text 1\/2 <==\nfirst\n==> text 2\/2 <==\n\{"w":"sunny in Paris","b":"beta"\}\n<console_output>\ngot alpha \{"n":1\} met x met y\n<\/console_output>$/,
		);
		const nested = parseJsonLines(result.stdout).filter(
			(event) => event.type === "tool_execution_start" && (event as { parentToolCallId?: string }).parentToolCallId,
		) as { toolCallId: string; toolName: string; parentToolCallId: string }[];
		expect(nested.map((event) => event.toolName).sort()).toEqual([
			"read",
			"read",
			"rendezvous",
			"rendezvous",
			"weather",
		]);
		expect(nested.every((event) => event.parentToolCallId === "c1" && event.toolCallId.startsWith("c1/"))).toBe(true);
	});

	it("errors: a failing tool fails the script with its text and lists the calls made; syntax and runtime errors", async () => {
		mock.enqueue(
			scriptCall(
				"c1",
				"text('before');\nconsole.log('log1');\nawait tools.read({ path: 'missing.txt' }).catch(() => {});\nawait tools.fail_tool({});\ntext('never');",
			),
		);
		mock.enqueue(scriptCall("c2", "undefinedFn();"));
		mock.enqueue(scriptCall("c3", "return 1 +;"));
		mock.enqueue(
			scriptCall(
				"c4",
				"const runs = await Promise.all([tools.bash({ command: 'echo a' }), tools.bash({ command: 'echo b; exit 3' })]);\nreturn runs.map((run) => [run.output, run.exit_code, run.truncated]);",
			),
		);
		mock.enqueue(scriptCall("c5", "return await tools.wether({ city: 'Oslo' });"));
		mock.enqueue(scriptCall("c6", "throw 'plain string';"));
		mock.enqueue(scriptCall("c7", 'text("x");\n// @options: {"timeout_ms": 5}'));
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "-p", "go"]);
		// A misspelt tool fails at once, naming the likely one.
		expect(toolResult("c5")).toMatch(
			/Script error:\nTypeError: tools\.wether does not exist\. Did you mean tools\.weather\? [^\n]*\n {4}at <anonymous> \(codemode\.js:1:\d+\)\n\nNo tool calls were made\.$/,
		);
		expect(toolResult("c6")).toContain("Script error:\nError: plain string\n\nNo tool calls were made.");
		// A misplaced options line fails the call before the script runs: the error alone.
		expect(toolResult("c7")).toBe("The // @options: line must be the first line of the script (found on line 2).");
		// bash resolves to data, also for a non-zero exit.
		expect(toolResult("c4")).toContain('[["a\\n",0,false],["b\\n",3,false]]');
		expect(toolResult("c1")).toMatch(
			/^Script failed\nWall time \d+\.\d seconds\nOutput:\n\nbefore\n<console_output>\nlog1\n<\/console_output>\nScript error:\nError: boom from fail_tool\n\nTool calls made before the failure \(they are not undone\): read \(error\), fail_tool \(error\)$/,
		);
		expect(toolResult("c2")).toMatch(
			/Script error:\nReferenceError: undefinedFn is not defined\n {4}at <anonymous> \(codemode\.js:1:29\)\n\nNo tool calls were made\.$/,
		);
		// Positions count as pi 1.4 reports them (columns on line 1 include its 28-character wrapper).
		expect(toolResult("c3")).toContain(
			"Script error:\nSyntaxError: unexpected token in expression: ';'\n    at codemode.js:1:39\n\nNo tool calls were made.",
		);
	});

	it("the sandbox has no Node, file system, network or timers; an endless loop ends at timeout_ms", async () => {
		mock.enqueue(
			scriptCall(
				"c1",
				"return [typeof require, typeof process, typeof setTimeout, typeof fetch, Function('return typeof process')()];",
			),
		);
		mock.enqueue(scriptCall("c2", '// @options: {"timeout_ms": 500}\nwhile (true) {}'));
		mock.enqueue(scriptCall("c3", "return 'still alive';"));
		mock.enqueue(scriptCall("c4", "return tools.constructor.constructor('return this')();"));
		mock.enqueue(scriptCall("c5", "return await import('fs');"));
		mock.enqueue(scriptCall("c6", '// @options: {"max_output_tokens": 10}\nreturn "y".repeat(100);'));
		mock.enqueue(done());
		const result = await runPi(env, ["--tools", "+codemode", "-p", "go"]);
		expect(toolResult("c4")).toContain("Script error:\nTypeError: cannot read property 'constructor' of undefined");
		expect(toolResult("c5")).toContain("Script error:\nReferenceError: could not load module 'fs'");
		expect(toolResult("c6")).toMatch(
			/^Script completed\nWall time \d+\.\d seconds\nOutput:\n\nWarning: truncated output \(original token count: 25\)\nTotal output lines: 1\n\ny{20}…15 tokens truncated…y{20}\n\n\[Full output: \S+ \(read with offset\/limit\)\]$/,
		);
		expect(result.code).toBe(0);
		expect(toolResult("c1")).toContain('["undefined","undefined","undefined","undefined","undefined"]');
		expect(toolResult("c2")).toMatch(
			/^Script failed\n[\s\S]*Script error:\nScript timed out: Execution timed out after 500 ms\n\nNo tool calls were made\.$/,
		);
		expect(toolResult("c3")).toContain("still alive");
	});

	it("a script stopped at timeout_ms lists the calls it made, the one still running as cancelled", async () => {
		// The deadline counts the wait for a worker too: a first script warms one up.
		mock.enqueue(scriptCall("c0", "return 'warm';"));
		mock.enqueue(
			scriptCall(
				"c1",
				'// @options: {"timeout_ms": 2000}\nawait tools.weather({ city: "Oslo" });\nawait tools.rendezvous({ name: "alone" });',
			),
		);
		mock.enqueue(done());
		expect((await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "-p", "go"])).code).toBe(0);
		expect(toolResult("c1")).toMatch(
			/^Script failed\nWall time \d+\.\d seconds\nOutput:\n\nScript error:\nScript timed out: Execution timed out after 2000 ms\n\nTool calls made before the failure \(they are not undone\): weather \(ok\), rendezvous \(cancelled\)$/,
		);
	});

	it("store() values persist as session entries and are there after a resume", async () => {
		mock.enqueue(scriptCall("c1", "store('cursor', { page: 2 }); return 'stored';"));
		mock.enqueue(done());
		expect((await runPi(env, ["--tools", "+codemode", "-p", "go"])).code).toBe(0);
		mock.enqueue(scriptCall("c2", "return load('cursor');"));
		mock.enqueue(done());
		expect((await runPi(env, ["--tools", "+codemode", "-c", "-p", "again"])).code).toBe(0);
		expect(toolResult("c2")).toMatch(/Output:\n\n\{"page":2\}$/);
		const sessions = join(env.agentDir, "sessions");
		const dir = readdirSync(sessions)[0] ?? "";
		const file = readdirSync(join(sessions, dir))[0] ?? "";
		expect(readFileSync(join(sessions, dir, file), "utf8")).toContain('"customType":"codemode-store"');
	});

	it("discovery: searchTools ranks unlisted tools, describeTool and ALL_TOOLS reach deferred ones", async () => {
		mock.enqueue(
			scriptCall(
				"c1",
				"const found = await searchTools('stock price');\nconst described = await describeTool('stock_price');\nreturn { found: found.map((t) => t.name), described: described.includes('declare const tools'), all: ALL_TOOLS.map((t) => t.name).includes('stock_price'), price: await tools.stock_price({ ticker: 'PI' }), ns: await describeNamespace('dev-docs'), none: await describeNamespace('nope') };",
			),
		);
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "-p", "go"]);
		expect(toolResult("c1")).toContain(
			'{"found":["stock_price"],"described":true,"all":true,"price":"PI: 42","ns":{"name":"mcp__dev-docs","description":"Developer documentation.","instructions":"Search before you fetch.","tools":["mcp__dev_docs__search"]}}',
		);
	});

	it("tool_search declares the matches from the next request on, and after a resume", async () => {
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "t1", name: "tool_search", arguments: { query: "stock price" } }],
		});
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+tool_search", "-p", "go"]);
		expect(toolNames(0)).not.toContain("stock_price");
		expect(toolNames(1)).toContain("stock_price");
		expect(toolResult("t1")).toBe(
			"Loaded 1 tool. They are available from your next call:\n- stock_price: Look up the stock price of a ticker symbol.",
		);
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+tool_search", "-c", "-p", "again"]);
		expect(toolNames(2)).toContain("stock_price");
	});

	it("with codemode on, a tool tool_search declares stays listed in codemode's description", async () => {
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "t1", name: "tool_search", arguments: { query: "weather city" } }],
		});
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+tool_search,+codemode", "-p", "go"]);
		expect(toolNames(1)).toEqual(["read", "bash", "edit", "write", "tool_search", "codemode", "weather"]);
		expect(description(1, "codemode")).toBe(description(0, "codemode"));
		expect(description(1, "codemode")).toContain("### `weather`");
		expect(description(1, "weather")).toContain("Codemode: `tools.weather(args)` resolves to a string.");
	});

	it("codemode.mode only hides the other tools behind codemode, which lists them", async () => {
		env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", codemode: { mode: "only" } });
		mock.enqueue(scriptCall("c1", "return await tools.read({ path: 'x.txt' });"));
		mock.enqueue(done());
		writeFileSync(join(env.cwd, "x.txt"), "hidden but callable");
		await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "-p", "go"]);
		expect(toolNames(0)).toEqual(["codemode"]);
		const text = description(0, "codemode");
		for (const name of ["read", "bash", "edit", "write", "weather"]) expect(text).toContain(`### \`${name}\``);
		// The system prompt's rules leave hidden tools out, so their sections carry the guidelines.
		expect(text).toContain("\n\n- Use read instead of cat or sed to look at files.\n\ncodemode tool declaration:");
		expect(toolResult("c1")).toContain("hidden but callable");
	});

	it("codemode.inlineBudget leaves out declarations that do not fit; scripts still call those tools", async () => {
		env.writeSettings({ defaultProvider: "mock", defaultModel: "mock-model", codemode: { inlineBudget: 50 } });
		mock.enqueue(scriptCall("c1", "return await tools.weather({ city: 'Oslo' });"));
		mock.enqueue(done());
		await runPi(env, ["-e", TOOLS, "--tools", "+codemode", "-p", "go"]);
		const text = description(0, "codemode");
		expect(text).toContain("### `fail_tool`");
		expect(text).not.toContain("### `weather`");
		expect(text).toContain("## mcp__dev-docs (tools not listed)\nDeveloper documentation.");
		expect(toolResult("c1")).toContain("sunny in Oslo");
	});
});
