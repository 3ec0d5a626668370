// Clients of `pi --mode rpc` against the built binary: the bundled RpcClient, the Python example
// of packages/coding-agent/docs/rpc.md, and the call sequence third-party ACP adapters use.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { RpcClient } from "@pi/coding-agent";
import { afterEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, PI_CLI, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv | undefined;
let mock: MockLlm | undefined;
let client: RpcClient | undefined;

async function setup(): Promise<{ env: PiTestEnv; mock: MockLlm }> {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "anthropic-messages");
	return { env, mock };
}

function newClient(testEnv: PiTestEnv, options: Partial<ConstructorParameters<typeof RpcClient>[0]> = {}): RpcClient {
	client = new RpcClient({
		cliPath: PI_CLI,
		cwd: testEnv.cwd,
		env: testEnv.env as Record<string, string>,
		inheritEnv: false,
		args: ["--no-session"],
		...options,
	});
	return client;
}

afterEach(async () => {
	await client?.stop();
	await mock?.close();
	env?.cleanup();
	client = undefined;
	mock = undefined;
	env = undefined;
});

describe("RpcClient against pi --mode rpc", () => {
	it("promptAndWait collects the whole run, including agent_settled, for a reply shorter than a round trip", async () => {
		const { env, mock } = await setup();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hi!" }] });
		const c = newClient(env);
		await c.start();
		const records = await c.promptAndWait("hello");
		expect(records.at(-1)).toEqual({ type: "agent_settled", aborted: false });
		expect(records.map((record) => record.type)).toContain("message_end");
		expect(await c.getLastAssistantText()).toBe("Hi!");
		expect((await c.getState()).isStreaming).toBe(false);
		expect(await c.getMessages()).toHaveLength(2);
		await expect(c.setModel("invalid", "model")).rejects.toThrow("Model not found: invalid/model");
		await expect(c.getEntries("nope")).rejects.toThrow("Entry not found: nope");
	});

	it("waitForIdle registered before the prompt resolves; a crash rejects pending work instead of hanging", async () => {
		const { env, mock } = await setup();
		// The reply stalls mid-stream until the mock closes, so the run is still going when pi is killed
		// (a reply paced to last 1 s could finish first on a loaded machine, and idle would resolve).
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "slow ".repeat(50), deltas: 50 }],
			stallAfterEvents: 4,
		});
		const c = newClient(env);
		await c.start();
		const idle = c.waitForIdle();
		expect(await c.prompt("go")).toBe("started");
		const collecting = c.collectEvents();
		const state = c.getState();
		await state;
		process.kill(Number((c as unknown as { child: { pid: number } }).child.pid), "SIGKILL");
		await expect(idle).rejects.toThrow(/Agent process exited \(code=null signal=SIGKILL\)/);
		await expect(collecting).rejects.toThrow(/Agent process exited/);
		await expect(c.getState()).rejects.toThrow(/Agent process exited/);
	});

	it("an agent that fails at startup rejects the first request with its stderr", async () => {
		const { env } = await setup();
		const c = newClient(env, { args: ["--no-session", "@file.txt"] });
		// start() only notices an exit within its first 100 ms (rpc.md §14.1); node starts slower.
		await c.start().catch(() => undefined);
		await expect(c.getState()).rejects.toThrow(
			/Agent process exited \(code=1.*@file arguments are not supported in RPC mode/s,
		);
	});
});

describe("RpcClient answers extension dialogs (rpc.md §16.1)", () => {
	it("sends the handler's answers, cancels on throw or no answer, discards answers to fire-and-forget requests", async () => {
		const { env } = await setup();
		writeFileSync(
			join(env.cwd, "ask.ts"),
			`export default function (pi) {
	pi.registerCommand("ask", { handler: async (_args, ctx) => {
		ctx.ui.notify("start");
		const picked = await ctx.ui.select("Pick", ["A", "B"]);
		const sure = await ctx.ui.confirm("Sure?", "really");
		const name = await ctx.ui.input("Name");
		ctx.ui.notify(JSON.stringify({ picked, sure, name: name ?? null }));
	} });
}`,
		);
		const seen: string[] = [];
		const c = newClient(env, {
			args: ["--no-session", "-e", "./ask.ts"],
			onExtensionUIRequest: (request) => {
				seen.push(request.method);
				if (request.method === "select") return { value: "B" };
				if (request.method === "confirm") throw new Error("no confirm UI");
				if (request.method === "notify") return { value: "discarded" };
				return undefined;
			},
		});
		const events: string[] = [];
		c.onEvent((record) => {
			if (record.type === "extension_ui_request") events.push(String((record as { method: string }).method));
		});
		await c.start();
		expect(await c.prompt("/ask")).toBe("handled");
		const done = new Promise<string>((resolve) =>
			c.onEvent((record) => {
				const message = (record as { method?: string; message?: string }).message;
				if ((record as { method?: string }).method === "notify" && message?.startsWith("{")) resolve(message);
			}),
		);
		expect(JSON.parse(await done)).toEqual({ picked: "B", sure: false, name: null });
		expect(seen).toEqual(["notify", "select", "confirm", "input", "notify"]);
		expect(events).toEqual(seen);
	});
});

describe("hosts written elsewhere", () => {
	it("the Python standard-library client of docs/rpc.md runs against the binary", async () => {
		const { env, mock } = await setup();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hello from \u2028 python", deltas: 3 }] });
		const docs = readFileSync(new URL("../../../packages/coding-agent/docs/rpc.md", import.meta.url), "utf8");
		const script = /```python\n([\s\S]*?)```/.exec(docs)![1]!;
		const file = join(env.root, "client.py");
		writeFileSync(file, script);
		const output = await new Promise<string>((resolve, reject) =>
			execFile(
				"python3",
				[file],
				{
					cwd: env.cwd,
					env: {
						...env.env,
						PI_RPC_COMMAND: JSON.stringify([process.execPath, PI_CLI, "--mode", "rpc", "--no-session"]),
					},
					timeout: 30_000,
				},
				(error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
			),
		);
		expect(output).toBe("model: mock-model\nreply: Hello from \u2028 python\nmessages: 2\nexit: 0\n");
	});

	it("an ACP-adapter style host: own flags, turn ends on agent_settled, reads state, commands, messages, stats", async () => {
		const { env, mock } = await setup();
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "adapter reply" }] });
		const c = newClient(env, { args: ["--no-session", "--provider", "mock", "--model", "mock-model", "-n", "acp"] });
		await c.start();
		const state = await c.getState();
		expect(state).toMatchObject({ sessionName: "acp", model: { id: "mock-model" }, isStreaming: false });
		expect(Array.isArray(await c.getCommands())).toBe(true);
		const settled = c.waitForIdle();
		await c.prompt("hi");
		await settled;
		const messages = await c.getMessages();
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
		const stats = await c.getSessionStats();
		expect(stats).toMatchObject({ userMessages: 1, assistantMessages: 1, totalMessages: 2 });
		expect(stats.tokens.total).toBeGreaterThan(0);
	});
});
