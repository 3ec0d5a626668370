import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AcpProcess, spawnAcp, textOf, updatesOf } from "./acp-support.js";
import { createPiTestEnv, type MockLlm, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;
let pi: AcpProcess | undefined;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "openai-completions");
});

afterEach(async () => {
	await pi?.close();
	pi = undefined;
	await mock.close();
	env.cleanup();
});

function lastMessage(requestIndex: number): unknown {
	return (mock.requests[requestIndex]?.body as { messages?: unknown[] } | undefined)?.messages?.at(-1);
}

async function started(options: Parameters<typeof spawnAcp>[1] = {}): Promise<{ pi: AcpProcess; sessionId: string }> {
	pi = spawnAcp(env, options);
	await pi.initialize();
	const { sessionId } = await pi.newSession(env.cwd);
	return { pi, sessionId };
}

function finalUpdate(current: AcpProcess, toolCallId: string): acp.ToolCallUpdate | undefined {
	return (updatesOf(current, "tool_call_update") as acp.ToolCallUpdate[]).find(
		(update) => update.toolCallId === toolCallId && (update.status === "completed" || update.status === "failed"),
	);
}

describe("pi --mode acp", () => {
	it("initializes, creates a session and streams a text reply as agent_message_chunk", async () => {
		pi = spawnAcp(env);
		const init = await pi.initialize();
		expect(init.agentInfo?.name).toBe("pi");
		expect(init.agentCapabilities?.loadSession).toBe(true);
		expect(init.authMethods?.map((method) => method.id)).toContain("sign-in:anthropic");
		// The first answer is written before the SDK has loaded; a repeated initialize gets the same one.
		expect(await pi.initialize()).toEqual(init);
		const session = await pi.newSession(env.cwd);
		expect(session.configOptions?.find((option) => option.id === "model")).toMatchObject({
			currentValue: "mock/mock-model",
		});
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hello from pi over ACP", deltas: 5 }] });
		const response = await pi.prompt(session.sessionId, "hi");
		expect(response.stopReason).toBe("end_turn");
		const chunks = updatesOf(pi, "agent_message_chunk");
		expect(chunks.length).toBe(5);
		expect(textOf(chunks)).toBe("Hello from pi over ACP");
		expect(JSON.stringify(lastMessage(0))).toContain("hi");
	});

	it("reports a bash tool call with kind execute, in_progress then completed, and its output", async () => {
		const { pi: current, sessionId } = await started();
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_bash", name: "bash", arguments: { command: "echo acp-e2e" } }],
			},
			{ type: "reply", blocks: [{ type: "text", text: "ran it" }] },
		);
		expect((await current.prompt(sessionId, "run echo")).stopReason).toBe("end_turn");
		const call = updatesOf(current, "tool_call")[0] as acp.ToolCall;
		expect(call).toMatchObject({
			toolCallId: "call_bash",
			kind: "execute",
			status: "in_progress",
			title: "echo acp-e2e",
		});
		const final = finalUpdate(current, "call_bash");
		expect(final?.status).toBe("completed");
		expect(JSON.stringify(final?.content)).toContain("acp-e2e");
	});

	it("shows an edit as a diff with old and new text", async () => {
		writeFileSync(join(env.cwd, "greet.txt"), "hello world\n");
		const { pi: current, sessionId } = await started();
		mock.enqueue(
			{
				type: "reply",
				blocks: [
					{
						type: "toolCall",
						id: "call_edit",
						name: "edit",
						arguments: { path: "greet.txt", edits: [{ oldText: "world", newText: "editor" }] },
					},
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "edited" }] },
		);
		await current.prompt(sessionId, "edit it");
		const final = finalUpdate(current, "call_edit");
		expect(final?.content).toEqual([
			{ type: "diff", path: join(env.cwd, "greet.txt"), oldText: "world", newText: "editor" },
		]);
		expect(updatesOf(current, "tool_call")[0]).toMatchObject({ kind: "edit" });
		expect(readFileSync(join(env.cwd, "greet.txt"), "utf8")).toBe("hello editor\n");
	});

	it("cancels mid-stream: the prompt resolves cancelled and the process keeps serving", async () => {
		const { pi: current, sessionId } = await started();
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "slow ".repeat(400), deltas: 400 }],
			chunkDelayMs: 20,
		});
		const prompt = current.prompt(sessionId, "long answer please");
		await current.waitForUpdate((update) => update.sessionUpdate === "agent_message_chunk");
		await current.agent.notify("session/cancel", { sessionId });
		expect((await prompt).stopReason).toBe("cancelled");
		expect(updatesOf(current, "agent_message_chunk").length).toBeLessThan(400);
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "still here" }] });
		expect((await current.prompt(sessionId, "again")).stopReason).toBe("end_turn");
	});

	it("queues a second prompt sent while one runs as a follow-up; both end, the queue is visible", async () => {
		const { pi: current, sessionId } = await started();
		// The first reply stalls until "two" is queued: a reply paced to last 300 ms could end first on
		// a loaded machine, and "two" would then be a prompt of its own.
		let resume!: () => void;
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "text", text: "first ".repeat(30), deltas: 30 }],
				stallAfterEvents: 5,
				resumeWhen: new Promise<void>((resolve) => (resume = resolve)),
			},
			{ type: "reply", blocks: [{ type: "text", text: "second answer" }] },
		);
		const first = current.prompt(sessionId, "one");
		await current.waitForUpdate((update) => update.sessionUpdate === "agent_message_chunk");
		const second = current.prompt(sessionId, "two");
		await current.waitForExtNotification(
			(note) => note.method === "_pi/queue_update" && JSON.stringify(note.params).includes('"followUp":["two"]'),
		);
		resume();
		const [a, b] = await Promise.all([first, second]);
		expect([a.stopReason, b.stopReason]).toEqual(["end_turn", "end_turn"]);
		expect(mock.requests).toHaveLength(2);
		expect(JSON.stringify(lastMessage(1))).toContain("two");
		expect(textOf(updatesOf(current, "user_message_chunk"))).toBe("two");
		const queued = current.extNotifications.filter((note) => note.method === "_pi/queue_update");
		expect(queued.some((note) => JSON.stringify(note.params).includes('"followUp":["two"]'))).toBe(true);
	});

	it("answers a model error with a JSON-RPC error carrying the vendor's text, the key masked", async () => {
		const { pi: current, sessionId } = await started();
		mock.enqueue({
			type: "error",
			status: 400,
			message: "Invalid request: key sk-live-abcdefghijklmnopqrstuv is not allowed",
		});
		const failure = await current
			.prompt(sessionId, "hi")
			.then(() => undefined)
			.catch((error: unknown) => error as { code?: number; message?: string });
		expect(failure?.code).toBe(-32603);
		expect(failure?.message).toContain("400");
		expect(failure?.message).toContain("is not allowed");
		expect(failure?.message).not.toContain("sk-live-abcdefghijklmnopqrstuv");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "recovered" }] });
		expect((await current.prompt(sessionId, "again")).stopReason).toBe("end_turn");
	});
});
