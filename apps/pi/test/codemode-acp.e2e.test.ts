// Codemode in ACP: a script's nested tool calls reach the editor as tool calls of their own,
// linked to the script's call by `_meta.parentToolCallId`.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AcpProcess, spawnAcp, updatesOf } from "./acp-support.js";
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

describe("codemode over ACP", () => {
	it("nested calls are tool calls of their own, linked to the script's; each ends before the script", async () => {
		writeFileSync(join(env.cwd, "a.txt"), "alpha\n");
		pi = spawnAcp(env, { args: ["--tools", "+codemode"] });
		await pi.initialize();
		const { sessionId } = await pi.newSession(env.cwd);
		const code =
			"const [a, run] = await Promise.all([tools.read({ path: 'a.txt' }), tools.bash({ command: 'echo nested-acp' })]);\nreturn a.trim() + ' ' + run.output.trim();";
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "toolCall", id: "script1", name: "codemode", arguments: { code } }] },
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		expect((await pi.prompt(sessionId, "go")).stopReason).toBe("end_turn");

		const calls = updatesOf(pi, "tool_call") as acp.ToolCall[];
		expect(calls[0]).toMatchObject({ toolCallId: "script1", status: "in_progress" });
		expect(calls[0]?._meta?.parentToolCallId).toBeUndefined();
		const nested = calls.filter((call) => call._meta?.parentToolCallId === "script1");
		expect(nested.map((call) => call.kind).sort()).toEqual(["execute", "read"]);
		expect(nested.find((call) => call.kind === "execute")).toMatchObject({ title: "echo nested-acp" });
		expect(nested.every((call) => call.toolCallId.startsWith("script1/"))).toBe(true);

		const updates = pi.updates.map((notification) => notification.update);
		const endOf = (id: string) =>
			updates.findIndex(
				(update) =>
					update.sessionUpdate === "tool_call_update" &&
					update.toolCallId === id &&
					(update.status === "completed" || update.status === "failed"),
			);
		const scriptEnd = endOf("script1");
		for (const call of nested) {
			expect(endOf(call.toolCallId)).toBeGreaterThan(-1);
			expect(endOf(call.toolCallId)).toBeLessThan(scriptEnd);
		}
		const final = updates[scriptEnd] as acp.ToolCallUpdate;
		expect(final.status).toBe("completed");
		expect(JSON.stringify(final.content)).toContain("alpha nested-acp");
	});
});
