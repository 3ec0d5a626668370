// `pi --mode rpc` end to end (rpc.md): the built binary against @pi/llm-mock over real pipes,
// every record in both directions checked against the published schema.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connectRpc, type RpcConnection, type WireRecord } from "./rpc-support.js";
import {
	createPiTestEnv,
	type MockLlm,
	type MockWireApi,
	type PiTestEnv,
	startMock,
	useMockProvider,
} from "./support/index.js";

let env: PiTestEnv | undefined;
let mock: MockLlm | undefined;
let rpc: RpcConnection | undefined;

async function setup(api: MockWireApi = "openai-completions", args?: string[]): Promise<RpcConnection> {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, api);
	rpc = connectRpc(env, args);
	return rpc;
}

afterEach(async () => {
	if (rpc) {
		expect(rpc.schemaFailures).toEqual([]);
		if (rpc.child.exitCode === null) rpc.child.kill("SIGKILL");
		await rpc.exited;
	}
	await mock?.close();
	env?.cleanup();
	rpc = undefined;
	mock = undefined;
	env = undefined;
});

const types = (records: WireRecord[]) => records.map((record) => record.type);
const settled = (record: WireRecord) => record.type === "agent_settled";

describe.each(["openai-completions", "anthropic-messages"] as const)("pi --mode rpc over %s", (api) => {
	it("runs a prompt with a tool call: response before agent_start, events in order, queries after", async () => {
		const c = await setup(api, []);
		mock!.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_1", name: "bash", arguments: { command: "echo tool-ran" } }],
				stopReason: "toolUse",
			},
			{
				type: "reply",
				blocks: [
					{ type: "thinking", text: "Done.", signature: "sig" },
					{ type: "text", text: "It printed tool-ran \u2028 ok", deltas: 4 },
				],
			},
		);
		const state = await c.request({ type: "get_state" });
		expect(state.data).toMatchObject({ isStreaming: false, model: { provider: "mock", id: "mock-model" } });
		const response = await c.request({ id: "p1", type: "prompt", message: "run it" });
		expect(response.data).toEqual({ disposition: "started" });
		await c.waitFor(settled);
		const run = c.records.slice(c.records.indexOf(response));
		expect(types(run).slice(0, 4)).toEqual(["response", "agent_start", "turn_start", "message_start"]);
		expect(types(run).at(-2)).toBe("agent_end");
		expect(run.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		const start = run.find(
			(record) =>
				record.type === "message_update" && (record.assistantMessageEvent as WireRecord).type === "toolcall_start",
		);
		expect(start!.assistantMessageEvent).toEqual({
			type: "toolcall_start",
			contentIndex: 0,
			id: "call_1",
			toolName: "bash",
		});
		const toolTypes = types(run).filter((type) => String(type).startsWith("tool_execution"));
		expect(toolTypes[0]).toBe("tool_execution_start");
		expect(toolTypes.at(-1)).toBe("tool_execution_end");
		const end = run.find((record) => record.type === "tool_execution_end")!;
		expect(end).toMatchObject({ toolCallId: "call_1", toolName: "bash", isError: false });
		expect(typeof end.durationMs).toBe("number");
		const text = await c.request({ type: "get_last_assistant_text" });
		expect(text.data).toEqual({ text: "It printed tool-ran \u2028 ok" });
		const stats = await c.request({ type: "get_session_stats" });
		expect(stats.data).toMatchObject({ userMessages: 1, assistantMessages: 2, toolCalls: 1, toolResults: 1 });
		const messages = await c.request({ type: "get_messages" });
		expect((messages.data as { messages: unknown[] }).messages).toHaveLength(4);
		// The session file keeps a tool result's durationMs; the wire's messages (rpc.md §13.2.3) do not carry it.
		const wireResults = [
			...run.flatMap((record) => (record.type === "message_end" ? [record.message as WireRecord] : [])),
			...(messages.data as { messages: WireRecord[] }).messages,
		].filter((message) => message.role === "toolResult");
		expect(wireResults).toHaveLength(2);
		for (const message of wireResults) expect(message).not.toHaveProperty("durationMs");
		const entries = await c.request({ type: "get_entries" });
		const entryData = entries.data as { entries: WireRecord[]; leafId: string };
		const stored = entryData.entries.find((entry) => (entry.message as WireRecord | undefined)?.role === "toolResult");
		expect(typeof (stored!.message as WireRecord).durationMs).toBe("number");
		expect(entryData.leafId).toBe(entryData.entries.at(-1)!.id);
		const tree = await c.request({ type: "get_tree" });
		expect((tree.data as { leafId: string }).leafId).toBe(entryData.leafId);
		const forks = await c.request({ type: "get_fork_messages" });
		expect((forks.data as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(["run it"]);
		expect(await c.close()).toBe(0);
	});
});

describe("pi --mode rpc: commands", () => {
	it("answers model, thinking, queue-mode, retry and compaction settings commands", async () => {
		const c = await setup();
		const models = await c.request({ type: "get_available_models" });
		expect((models.data as { models: { id: string }[] }).models.map((model) => model.id)).toContain("mock-model");
		expect((await c.request({ type: "set_model", provider: "mock", modelId: "mock-model" })).data).toMatchObject({
			id: "mock-model",
		});
		expect((await c.request({ type: "set_model", provider: "invalid", modelId: "model" })).error).toBe(
			"Model not found: invalid/model",
		);
		expect((await c.request({ type: "cycle_model" })).data).toBeNull();
		expect((await c.request({ type: "set_thinking_level", level: "high" })).success).toBe(true);
		expect((await c.request({ type: "cycle_thinking_level" })).data).toBeNull();
		expect((await c.request({ type: "get_available_thinking_levels" })).data).toEqual({ levels: ["off"] });
		expect((await c.request({ type: "set_steering_mode", mode: "all" })).success).toBe(true);
		expect((await c.request({ type: "set_follow_up_mode", mode: "all" })).success).toBe(true);
		const state = await c.request({ type: "get_state" });
		expect(state.data).toMatchObject({ steeringMode: "all", followUpMode: "all", thinkingLevel: "off" });
		for (const type of ["set_auto_compaction", "set_auto_retry"]) {
			expect(await c.request({ id: type, type, enabled: false })).toEqual({
				id: type,
				type: "response",
				command: type,
				success: true,
			});
		}
		for (const type of ["abort", "abort_retry", "abort_bash", "clear_queue"])
			expect((await c.request({ type })).success).toBe(true);
		expect((await c.request({ type: "compact" })).success).toBe(false);
		expect((await c.request({ type: "export_html" })).error).toBe("Cannot export in-memory session to HTML");
		expect((await c.request({ type: "set_session_name", name: "  work  " })).success).toBe(true);
		expect((await c.request({ type: "get_state" })).data).toMatchObject({ sessionName: "work" });
		// Only the built-in MCP extension's /mcp, as in pi 1.4: no discovered extension, prompt or skill.
		const commands = (await c.request({ type: "get_commands" })).data as {
			commands: { name: string; source: string }[];
		};
		expect(commands.commands.map(({ name, source }) => ({ name, source }))).toEqual([
			{ name: "mcp", source: "extension" },
		]);
		expect(await c.close()).toBe(0);
	});

	it("runs bash with streamed updates carrying its id, then feeds the output to the next prompt", async () => {
		const c = await setup();
		const response = await c.request({ id: "b1", type: "bash", command: "echo from-bash" });
		expect(response.data).toEqual({ output: "from-bash\n", exitCode: 0, cancelled: false, truncated: false });
		const updates = c.records.filter((record) => record.type === "bash_execution_update");
		expect(updates.map((update) => update.id)).toEqual(updates.map(() => "b1"));
		expect(c.records.indexOf(updates.at(-1)!)).toBeLessThan(c.records.indexOf(response));
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "seen" }] });
		await c.request({ type: "prompt", message: "what did it print?" });
		await c.waitFor(settled);
		expect(JSON.stringify(mock!.requests[0]!.body)).toContain("Ran `echo from-bash`");
	});

	it("persists sessions: new_session, switch_session, fork, clone, labels and tree navigation", async () => {
		const c = await setup("openai-completions", []);
		mock!.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "one" }] },
			{ type: "reply", blocks: [{ type: "text", text: "two" }] },
		);
		await c.request({ type: "prompt", message: "first" });
		await c.waitFor(settled);
		const firstState = (await c.request({ type: "get_state" })).data as { sessionFile: string };
		const forks = (await c.request({ type: "get_fork_messages" })).data as { messages: { entryId: string }[] };
		const entryId = forks.messages[0]!.entryId;
		expect((await c.request({ type: "set_label", entryId, label: "start" })).success).toBe(true);
		const tree = (await c.request({ type: "get_tree" })).data as { tree: WireRecord[] };
		expect(JSON.stringify(tree.tree)).toContain('"label":"start"');
		const nav = await c.request({ type: "navigate_tree", targetId: entryId });
		expect(nav.data).toMatchObject({ cancelled: false, editorText: "first" });
		expect((await c.request({ type: "navigate_tree", targetId: "nope" })).error).toBe("Entry nope not found");
		expect((await c.request({ type: "fork", entryId })).data).toEqual({ text: "first", cancelled: false });
		expect((await c.request({ type: "clone" })).success).toBe(true);
		expect((await c.request({ type: "new_session" })).data).toEqual({ cancelled: false });
		expect((await c.request({ type: "get_state" })).data).toMatchObject({ messageCount: 0 });
		expect((await c.request({ type: "switch_session", sessionPath: firstState.sessionFile })).data).toEqual({
			cancelled: false,
		});
		expect((await c.request({ type: "get_state" })).data).toMatchObject({
			sessionFile: firstState.sessionFile,
			messageCount: 2,
		});
		expect((await c.request({ type: "switch_session", sessionPath: join(env!.cwd, "none.jsonl") })).error).toBe(
			`Session file not found: ${join(env!.cwd, "none.jsonl")}`,
		);
		const exported = (await c.request({ type: "export_html", outputPath: join(env!.cwd, "s.html") })).data as {
			path: string;
		};
		expect(readFileSync(exported.path, "utf8")).toMatch(/^<!DOCTYPE html>/i);
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "after switch" }] });
		await c.request({ type: "prompt", message: "again" });
		await c.waitFor((record) => settled(record) && c.records.filter(settled).length === 2);
		expect(await c.close()).toBe(0);
	});
});

describe("pi --mode rpc: queueing and concurrency", () => {
	it("rejects a prompt while streaming without streamingBehavior; steer and follow_up queue", async () => {
		const c = await setup();
		// The first reply stalls until the queue has been checked: a reply paced to last 400 ms could
		// end before the two requests below on a loaded machine.
		let resume!: () => void;
		mock!.enqueue(
			{
				type: "reply",
				blocks: [{ type: "text", text: "slow ".repeat(40), deltas: 40 }],
				stallAfterEvents: 5,
				resumeWhen: new Promise<void>((resolve) => (resume = resolve)),
			},
			{ type: "reply", blocks: [{ type: "text", text: "followed" }] },
		);
		await c.request({ type: "prompt", message: "go" });
		await c.waitFor((record) => record.type === "message_update");
		const rejected = await c.request({ type: "prompt", message: "again" });
		expect(rejected.error).toBe(
			"Agent is already processing. Specify streamingBehavior ('steer' or 'followUp') to queue the message.",
		);
		expect((await c.request({ type: "prompt", message: "later", streamingBehavior: "followUp" })).data).toEqual({
			disposition: "queued",
		});
		const queued = c.records.filter((record) => record.type === "queue_update").at(-1);
		expect(queued).toEqual({ type: "queue_update", steering: [], followUp: ["later"] });
		resume();
		await c.waitFor(settled);
		expect(c.records.filter(settled)).toHaveLength(1);
		expect(mock!.requests).toHaveLength(2);
	});

	it("answers 1,000 pipelined commands, each exactly once by id", async () => {
		const c = await setup();
		const lines = Array.from({ length: 1000 }, (_, n) =>
			JSON.stringify({ id: `q${n}`, type: n % 2 ? "get_state" : "get_messages" }),
		).join("\n");
		c.write(`${lines}\n`);
		await c.waitFor(() => c.records.filter((record) => record.type === "response").length === 1000);
		const ids = c.records.map((record) => record.id);
		expect(new Set(ids).size).toBe(1000);
		expect(await c.close()).toBe(0);
	});

	it("closing stdin mid-run aborts, persists and exits 0", async () => {
		const c = await setup("openai-completions", []);
		mock!.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "never ends ".repeat(100), deltas: 100 }],
			// Stalls mid-stream, so the run is certainly still going when stdin closes.
			stallAfterEvents: 5,
		});
		await c.request({ type: "prompt", message: "long" });
		const state = (await c.request({ type: "get_state" })).data as { sessionFile: string };
		await c.waitFor((record) => record.type === "message_update");
		expect(await c.close()).toBe(0);
		expect(c.records.at(-1)).toEqual({ type: "agent_settled", aborted: true });
		expect(readFileSync(state.sessionFile, "utf8")).toContain('"stopReason":"aborted"');
	});
});

describe("pi --mode rpc: retry and compaction events", () => {
	it("emits auto_retry_*, then compaction and summarization retry events for a manual compact", async () => {
		env = createPiTestEnv();
		mock = await startMock();
		useMockProvider(env, mock);
		env.writeSettings({
			defaultProvider: "mock",
			defaultModel: "mock-model",
			retry: { baseDelayMs: 1 },
			compaction: { keepRecentTokens: 1 },
		});
		rpc = connectRpc(env, []);
		const c = rpc;
		mock.enqueue(
			{ type: "error", status: 500, message: "upstream hiccup" },
			{ type: "reply", blocks: [{ type: "text", text: "first answer ".repeat(20) }] },
			{ type: "reply", blocks: [{ type: "text", text: "second answer ".repeat(20) }] },
			{ type: "error", status: 500, message: "summary hiccup" },
			{ type: "reply", blocks: [{ type: "text", text: "## Summary\nThe user asked twice." }] },
			// A split turn is summarised by a second request; spare replies cost nothing.
			{ type: "reply", blocks: [{ type: "text", text: "## Turn prefix\nThe second question." }] },
			{ type: "reply", blocks: [{ type: "text", text: "## Spare" }] },
		);
		await c.request({ type: "prompt", message: "one" });
		await c.waitFor(settled);
		const retryTypes = types(c.records).filter((type) => /^(agent_|auto_retry)/.test(String(type)));
		expect(retryTypes).toEqual([
			"agent_start",
			"agent_end",
			"auto_retry_start",
			"agent_start",
			"agent_end",
			"auto_retry_end",
			"agent_settled",
		]);
		expect(c.records.find((record) => record.type === "agent_end")).toMatchObject({ willRetry: true });
		expect(c.records.find((record) => record.type === "auto_retry_end")).toMatchObject({ success: true, attempt: 1 });
		await c.request({ type: "prompt", message: "two" });
		await c.waitFor((record) => settled(record) && c.records.filter(settled).length === 2);
		const compacted = await c.request({ id: "compact", type: "compact" });
		expect(compacted.success, String(compacted.error)).toBe(true);
		const compactionTypes = types(c.records).filter((type) => /^(compaction|summarization)/.test(String(type)));
		expect(compactionTypes).toEqual([
			"compaction_start",
			"summarization_retry_scheduled",
			"summarization_retry_attempt_start",
			"summarization_retry_finished",
			"compaction_end",
		]);
		expect(c.records.find((record) => record.type === "compaction_end")).toMatchObject({
			reason: "manual",
			aborted: false,
		});
	});
});

describe("pi --mode rpc: bad input (rpc.md §8)", () => {
	it("answers malformed JSON, non-objects, unknown commands and invalid fields, and keeps serving", async () => {
		const c = await setup();
		c.write('{"type": "get_state"\n[1,2]\n"text"\n{"id":"u1","type":"frobnicate"}\n');
		c.send({ id: "f1", type: "prompt" }, { valid: false });
		c.send({ id: "f2", type: "prompt", message: 12 }, { valid: false });
		c.send({ id: "f3", type: "set_auto_retry", enabled: "yes" }, { valid: false });
		c.send({ id: "f4", type: "get_entries", since: "missing" });
		await c.waitFor((record) => record.id === "f4");
		const responses = c.records.filter((record) => record.type === "response");
		expect(responses[0]).toMatchObject({ command: "parse", success: false });
		expect(String(responses[0]!.error)).toMatch(/^Failed to parse command: /);
		expect(responses[0]).not.toHaveProperty("id");
		expect(responses[1]!.error).toBe('Failed to parse command: expected a JSON object with a string "type" field');
		expect(responses[2]!.error).toBe(responses[1]!.error);
		expect(responses[3]).toEqual({
			id: "u1",
			type: "response",
			command: "frobnicate",
			success: false,
			error: "Unknown command: frobnicate",
		});
		const byId = (id: string) => c.records.find((record) => record.id === id)!;
		expect(byId("f1").error).toBe('Invalid command "prompt": message must be a string');
		expect(byId("f2").error).toBe('Invalid command "prompt": message must be a string');
		expect(byId("f3").error).toBe('Invalid command "set_auto_retry": enabled must be a boolean');
		expect(byId("f4").error).toBe("Entry not found: missing");
		expect((await c.request({ type: "get_state" })).success).toBe(true);
	});

	it("reads a 10 MB line and input split at arbitrary byte boundaries, U+2028 inside strings", async () => {
		const c = await setup();
		c.send({ id: "big", type: "get_state", padding: "x".repeat(10 * 1024 * 1024) });
		expect((await c.waitFor((record) => record.id === "big")).success).toBe(true);
		const bytes = Buffer.from(
			`${JSON.stringify({ id: "split", type: "set_session_name", name: "héllo 🎉\u2028\u2029日本" })}\r\n`,
		);
		for (let at = 0; at < bytes.length; at += 3) c.write(bytes.subarray(at, at + 3));
		expect((await c.waitFor((record) => record.id === "split")).success).toBe(true);
		expect(((await c.request({ type: "get_state" })).data as { sessionName: string }).sessionName).toBe(
			"héllo 🎉\u2028\u2029日本",
		);
	});

	it("rejects @file arguments with exit 1 before writing to stdout", async () => {
		const c = await setup("openai-completions", ["@notes.txt"]);
		expect(await c.exited).toBe(1);
		expect(c.records).toEqual([]);
		expect(c.stderr()).toContain("Error: @file arguments are not supported in RPC mode");
	});
});

describe("pi --mode rpc: backpressure", () => {
	it("survives a client that stops reading for 5 seconds, and delivers everything after", async () => {
		const c = await setup();
		const deltas = 20_000;
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "ab".repeat(deltas), deltas }] });
		await c.request({ type: "prompt", message: "flood" });
		c.child.stdout.pause();
		// The one real pause of the suite: the reader stalls, the agent must wait, not crash.
		await new Promise((resolve) => setTimeout(resolve, 5000));
		c.child.stdout.resume();
		await c.waitFor(settled, 30_000);
		const textDeltas = c.records.filter(
			(record) =>
				record.type === "message_update" && (record.assistantMessageEvent as WireRecord).type === "text_delta",
		);
		expect(textDeltas).toHaveLength(deltas);
		expect(await c.close()).toBe(0);
	}, 40_000);
});

describe("pi --mode rpc: pi 1.4's extension order and compaction refusal", () => {
	function writeExtension(path: string, name: string): string {
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(
			path,
			`export default function (pi) {
	pi.registerCommand(${JSON.stringify(name)}, { description: ${JSON.stringify(`${name} cmd`)}, handler: async () => {} });
	pi.registerCommand("dup", { description: ${JSON.stringify(`dup from ${name}`)}, handler: async () => {} });
}
`,
		);
		return path;
	}

	it("get_commands lists -e, then project, then personal, then built-in commands; a shared name is numbered", async () => {
		env = createPiTestEnv();
		mock = await startMock();
		useMockProvider(env, mock);
		writeExtension(join(env.agentDir, "extensions", "personal.ts"), "personal");
		writeExtension(join(env.cwd, ".pi", "extensions", "project.ts"), "project");
		const cli = writeExtension(join(env.root, "cli.ts"), "cli");
		rpc = connectRpc(env, ["--no-session", "--approve", "-e", cli]);
		const commands = (await rpc.request({ type: "get_commands" })).data as {
			commands: { name: string; description: string }[];
		};
		expect(commands.commands.map(({ name, description }) => `${name}=${description}`)).toEqual([
			"cli=cli cmd",
			"dup:1=dup from cli",
			"project=project cmd",
			"dup:2=dup from project",
			"personal=personal cmd",
			"dup:3=dup from personal",
			expect.stringMatching(/^mcp=/),
		]);
		expect(rpc.stderr()).not.toContain("dup");
	});

	it("compact on a session that fits in keepRecentTokens fails with 1.4's message and no request", async () => {
		const c = await setup();
		mock!.enqueue({ type: "reply", blocks: [{ type: "text", text: "hello" }] });
		await c.request({ type: "prompt", message: "hi" });
		await c.waitFor(settled);
		const compacted = await c.request({ id: "c", type: "compact" });
		expect(compacted).toMatchObject({ success: false, error: "Nothing to compact (session too small)" });
		expect(c.records.find((record) => record.type === "compaction_end")).toMatchObject({
			reason: "manual",
			aborted: false,
			errorMessage: "Compaction failed: Nothing to compact (session too small)",
		});
		expect(mock!.requests).toHaveLength(1);
	});
});
