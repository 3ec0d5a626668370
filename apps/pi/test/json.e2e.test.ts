import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
	createPiTestEnv,
	type MockLlm,
	type PiTestEnv,
	parseJsonLines,
	runPi,
	spawnPi,
	startMock,
	useMockProvider,
} from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

describe("pi --mode json", () => {
	it("writes the session header first, then every event, with delta-only message_update records", async () => {
		useMockProvider(env, mock, "anthropic-messages");
		mock.enqueue(
			{
				type: "reply",
				blocks: [
					{ type: "text", text: "Calling a tool now", deltas: 3 },
					{ type: "toolCall", id: "call_7", name: "bash", arguments: { command: "echo hi" }, deltas: 2 },
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "All done" }] },
		);
		const result = await runPi(env, ["--mode", "json", "go"]);
		expect(result.code).toBe(0);
		expect(result.stdout.endsWith("\n")).toBe(true);
		const records = parseJsonLines(result.stdout);
		expect(records[0]).toMatchObject({ type: "session", version: 3, cwd: env.cwd });
		expect(typeof records[0]?.id).toBe("string");
		expect(records[1]).toEqual({ type: "agent_start" });
		const updates = records.filter((record) => record.type === "message_update");
		expect(updates.length).toBeGreaterThan(4);
		for (const update of updates) {
			expect(Object.keys(update)).toEqual(["type", "usage", "assistantMessageEvent"]);
			expect(update.assistantMessageEvent).not.toHaveProperty("partial");
		}
		const start = updates.find(
			(update) => (update.assistantMessageEvent as { type: string }).type === "toolcall_start",
		);
		expect(start?.assistantMessageEvent).toEqual({
			type: "toolcall_start",
			contentIndex: 1,
			id: "call_7",
			toolName: "bash",
		});
		const types = records.map((record) => record.type);
		expect(types).toContain("tool_execution_end");
		expect(types.at(-1)).toBe("agent_settled");
	});

	it("exits 0 even when the reply fails; the failure is in the assistant message_end", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "error", status: 400, message: "json mode failure" });
		const result = await runPi(env, ["--mode", "json", "go"]);
		expect(result.code).toBe(0);
		const ends = parseJsonLines(result.stdout).filter(
			(record) => record.type === "message_end" && (record.message as { role: string }).role === "assistant",
		);
		expect(ends).toHaveLength(1);
		expect(ends[0]?.message).toMatchObject({ stopReason: "error" });
		expect(JSON.stringify(ends[0])).toContain("json mode failure");
	});

	it("a reader that goes away (EPIPE) ends pi with one line and status 1, not a stack trace", async () => {
		useMockProvider(env, mock, "openai-completions");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "x".repeat(200_000), deltas: 2_000 }] });
		const pi = spawnPi(env, ["--mode", "json", "go"]);
		await pi.waitForStdout((text) => text.length > 0);
		pi.child.stdout.destroy();
		const result = await pi.exited;
		expect(result.code).toBe(1);
		expect(result.stderr).toContain("pi: cannot write to stdout:");
		expect(result.stderr).not.toMatch(/\n\s+at /);
	});
});
