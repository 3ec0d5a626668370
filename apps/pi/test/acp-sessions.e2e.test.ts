import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type * as acp from "@agentclientprotocol/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AcpProcess, spawnAcp, textOf, updatesOf } from "./acp-support.js";
import {
	createPiTestEnv,
	MOCK_API_KEY,
	type MockLlm,
	PI_CLI,
	type PiTestEnv,
	startMock,
	useMockProvider,
} from "./support/index.js";

// A 1x1 PNG.
const PNG_BASE64 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

let env: PiTestEnv;
let mock: MockLlm;
const processes: AcpProcess[] = [];

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	for (const current of processes.splice(0)) await current.close();
	await mock.close();
	env.cleanup();
});

function launch(options: Parameters<typeof spawnAcp>[1] = {}): AcpProcess {
	const current = spawnAcp(env, options);
	processes.push(current);
	return current;
}

describe("pi --mode acp sessions", () => {
	it("session/load replays a stored session as session/update notifications", async () => {
		const first = launch();
		await first.initialize();
		const { sessionId } = await first.newSession(env.cwd);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "the stored answer" }] });
		await first.prompt(sessionId, "remember this question");
		expect(await first.close()).toBe(0);
		processes.splice(processes.indexOf(first), 1);

		const second = launch();
		await second.initialize();
		const listed = await second.agent.request("session/list", { cwd: env.cwd });
		expect(listed.sessions.map((session) => session.sessionId)).toContain(sessionId);
		const loaded = await second.agent.request("session/load", { sessionId, cwd: env.cwd, mcpServers: [] });
		expect(loaded.configOptions?.length).toBeGreaterThan(0);
		expect(textOf(updatesOf(second, "user_message_chunk"))).toBe("remember this question");
		expect(textOf(updatesOf(second, "agent_message_chunk"))).toBe("the stored answer");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "continued" }] });
		await second.prompt(sessionId, "and now?");
		expect(JSON.stringify(mock.requests.at(-1)?.body)).toContain("the stored answer");
	});

	it("switches the model through session/set_config_option", async () => {
		env.writeModelsJson({
			providers: {
				mock: {
					baseUrl: `${mock.url}/v1`,
					api: "openai-completions",
					apiKey: MOCK_API_KEY,
					models: [{ id: "mock-model" }, { id: "mock-model-2", reasoning: true }],
				},
			},
		});
		const current = launch();
		await current.initialize();
		const { sessionId, configOptions } = await current.newSession(env.cwd);
		const model = configOptions?.find((option) => option.id === "model") as
			| (acp.SessionConfigOption & { options: acp.SessionConfigSelectOption[] })
			| undefined;
		expect(model?.options.map((option) => option.value)).toEqual(["mock/mock-model", "mock/mock-model-2"]);
		const switched = await current.agent.request("session/set_config_option", {
			sessionId,
			configId: "model",
			value: "mock/mock-model-2",
		});
		expect(switched.configOptions.find((option) => option.id === "model")?.currentValue).toBe("mock/mock-model-2");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "from model two" }] });
		await current.prompt(sessionId, "who are you");
		expect((mock.requests.at(-1)?.body as { model?: string } | undefined)?.model).toBe("mock-model-2");
	});

	it("routes read and write through the client's fs capability", async () => {
		const files = new Map<string, string>();
		files.set(join(env.cwd, "notes.txt"), "only in the editor buffer\n");
		const current = launch({ capabilities: { fs: { readTextFile: true, writeTextFile: true } }, files });
		await current.initialize();
		const { sessionId } = await current.newSession(env.cwd);
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_read", name: "read", arguments: { path: "notes.txt" } }],
			},
			{
				type: "reply",
				blocks: [
					{
						type: "toolCall",
						id: "call_write",
						name: "write",
						arguments: { path: "out.txt", content: "written by pi\n" },
					},
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		await current.prompt(sessionId, "read then write");
		expect(JSON.stringify(mock.requests[1]?.body)).toContain("only in the editor buffer");
		expect(files.get(join(env.cwd, "out.txt"))).toBe("written by pi\n");
		expect(existsSync(join(env.cwd, "out.txt"))).toBe(false);
		const write = updatesOf(current, "tool_call").find(
			(update) => (update as acp.ToolCall).toolCallId === "call_write",
		);
		expect(write).toMatchObject({ kind: "edit", content: [{ type: "diff", path: join(env.cwd, "out.txt") }] });
	});

	it("answers a malformed line with -32700 and an unknown method with -32601, and stays alive", async () => {
		const child = spawn(process.execPath, [PI_CLI, "--mode", "acp"], { cwd: env.cwd, env: env.env, stdio: "pipe" });
		const lines: Record<string, unknown>[] = [];
		let buffered = "";
		const waiters: { count: number; resolve: () => void }[] = [];
		child.stdout.setEncoding("utf8");
		child.stdout.on("data", (chunk: string) => {
			buffered += chunk;
			for (let end = buffered.indexOf("\n"); end >= 0; end = buffered.indexOf("\n")) {
				lines.push(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
				buffered = buffered.slice(end + 1);
			}
			for (const waiter of [...waiters]) if (lines.length >= waiter.count) waiter.resolve();
		});
		const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
		const linesReached = (count: number) =>
			new Promise<void>((resolve) => (lines.length >= count ? resolve() : waiters.push({ count, resolve })));
		child.stdin.write("{this is not json\n");
		await linesReached(1);
		expect(lines[0]).toMatchObject({ jsonrpc: "2.0", id: null, error: { code: -32700 } });
		child.stdin.write(
			`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } })}\n`,
		);
		await linesReached(2);
		expect(lines[1]).toMatchObject({ id: 1, result: { agentInfo: { name: "pi" } } });
		child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "frobnicate", params: {} })}\n`);
		await linesReached(3);
		expect(lines.find((line) => line.id === 2)).toMatchObject({ error: { code: -32601 } });
		child.stdin.write(
			`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "session/new", params: { cwd: env.cwd, mcpServers: [] } })}\n`,
		);
		await linesReached(4);
		expect(lines.find((line) => line.id === 3)).toMatchObject({ result: { sessionId: expect.any(String) } });
		child.stdin.end();
		expect(await exited).toBe(0);
	});

	it("sends embedded resources and resource links as @file content and images as attachments", async () => {
		writeFileSync(join(env.cwd, "linked.ts"), "export const linked = true;\n");
		env.writeModelsJson({
			providers: {
				mock: {
					baseUrl: `${mock.url}/v1`,
					api: "openai-completions",
					apiKey: MOCK_API_KEY,
					models: [{ id: "mock-model", input: ["text", "image"] }],
				},
			},
		});
		const current = launch();
		await current.initialize();
		const { sessionId } = await current.newSession(env.cwd);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "seen" }] });
		await current.agent.request("session/prompt", {
			sessionId,
			prompt: [
				{ type: "text", text: "Compare these" },
				{
					type: "resource",
					resource: { uri: pathToFileURL(join(env.cwd, "embedded.ts")).href, text: "const embedded = 1;" },
				},
				{ type: "resource_link", uri: pathToFileURL(join(env.cwd, "linked.ts")).href, name: "linked.ts" },
				{ type: "image", data: PNG_BASE64, mimeType: "image/png" },
			],
		});
		const body = JSON.stringify(mock.requests[0]?.body);
		expect(body).toContain(`<file name=\\"${join(env.cwd, "embedded.ts")}\\">\\nconst embedded = 1;`);
		expect(body).toContain("export const linked = true;");
		expect(body).toContain(PNG_BASE64);
	});
});
