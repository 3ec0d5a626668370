import { existsSync, mkdirSync, writeFileSync } from "node:fs";
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

// The permission gate of extensions.md §7, as a plain ES module loaded with -e.
const PERMISSION_GATE = `
export default function (pi) {
	pi.on("tool_call", async (event, ctx) => {
		if (event.toolName !== "bash") return undefined;
		const command = String(event.input.command);
		if (!/\\brm\\s+(-rf?|--recursive)/i.test(command)) return undefined;
		if (!ctx.hasUI) return { block: true, reason: "Dangerous command blocked (no UI for confirmation)" };
		const choice = await ctx.ui.select("⚠️ Dangerous command:\\n\\n  " + command + "\\n\\nAllow?", ["Yes", "No"]);
		if (choice !== "Yes") return { block: true, reason: "Blocked by user" };
		return undefined;
	});
}
`;

describe("pi --mode acp permissions", () => {
	it("turns the permission gate's dialog into session/request_permission: allow runs, reject blocks", async () => {
		const extension = join(env.root, "permission-gate.mjs");
		writeFileSync(extension, PERMISSION_GATE);
		let answer = "allow_once";
		const { pi: current, sessionId } = await started({
			args: ["-e", extension],
			onPermission: () => ({ outcome: { outcome: "selected", optionId: answer } }),
		});
		for (const [index, option] of ["allow_once", "reject_once"].entries()) {
			answer = option;
			const target = join(env.cwd, `doomed-${index}`);
			mkdirSync(target);
			mock.enqueue(
				{
					type: "reply",
					blocks: [
						{ type: "toolCall", id: `call_rm_${index}`, name: "bash", arguments: { command: `rm -rf ${target}` } },
					],
				},
				{ type: "reply", blocks: [{ type: "text", text: "done" }] },
			);
			await current.prompt(sessionId, "clean up");
			expect(existsSync(target)).toBe(option === "reject_once");
			const final = finalUpdate(current, `call_rm_${index}`);
			if (option === "reject_once") expect(JSON.stringify(final?.content)).toContain("Blocked by user");
		}
		expect(current.permissionRequests).toHaveLength(2);
		expect(current.permissionRequests[0]?.toolCall.toolCallId).toBe("call_rm_0");
		expect(current.permissionRequests[0]?.options.map((option) => option.kind)).toEqual([
			"allow_once",
			"allow_always",
			"reject_once",
		]);
	});

	it("denies when the client cannot answer permission requests (headless default)", async () => {
		const extension = join(env.root, "permission-gate.mjs");
		writeFileSync(extension, PERMISSION_GATE);
		const { pi: current, sessionId } = await started({ args: ["-e", extension] });
		const target = join(env.cwd, "kept");
		mkdirSync(target);
		mock.enqueue(
			{
				type: "reply",
				blocks: [{ type: "toolCall", id: "call_rm", name: "bash", arguments: { command: `rm -rf ${target}` } }],
			},
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		await current.prompt(sessionId, "clean up");
		expect(existsSync(target)).toBe(true);
		expect(JSON.stringify(finalUpdate(current, "call_rm")?.content)).toContain("Blocked by user");
	});
});
