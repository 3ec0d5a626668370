import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, type PiTestEnv, spawnPi, startMock, useMockProvider } from "./support/index.js";

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	env = createPiTestEnv();
	mock = await startMock();
	useMockProvider(env, mock, "anthropic-messages");
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

/** Running, not merely a zombie waiting for the reaper (killed processes linger as Z until reaped). */
function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
	} catch {
		return false;
	}
	try {
		const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
		return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
	} catch {
		return false;
	}
}

/**
 * Resolves true once `pid` has died, false if it still runs after `timeoutMs`. pi signals the group
 * and exits at once; the kernel ends a signalled process only when it next gets a CPU, which on a
 * loaded machine can be after pi's exit has reached this test.
 */
async function diesWithin(pid: number, timeoutMs: number): Promise<boolean> {
	const deadline = Date.now() + timeoutMs;
	while (isAlive(pid)) {
		if (Date.now() > deadline) return false;
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	return true;
}

describe("signals in one-shot modes", () => {
	for (const [signal, code] of [
		["SIGTERM", 143],
		["SIGHUP", 129],
	] as const) {
		it(`${signal} during a running bash tool exits ${code} and leaves no child behind`, async () => {
			mock.enqueue({
				type: "reply",
				blocks: [
					{
						type: "toolCall",
						id: "call_1",
						name: "bash",
						// exec: the shell becomes the sleep, so the printed pid is the process to check.
						arguments: { command: "echo child-pid:$$; exec sleep 60" },
					},
				],
			});
			const pi = spawnPi(env, ["--mode", "json", "wait for it"]);
			const stdout = await pi.waitForStdout((text) => /child-pid:\d+/.test(text));
			const pid = Number(/child-pid:(\d+)/.exec(stdout)![1]);
			expect(isAlive(pid)).toBe(true);
			pi.child.kill(signal);
			const result = await pi.exited;
			expect(result.code).toBe(code);
			expect(await diesWithin(pid, 5000)).toBe(true);
		});
	}

	it("a background process a bash tool left running does not outlive a normal exit", async () => {
		mock.enqueue(
			{
				type: "reply",
				blocks: [
					{
						type: "toolCall",
						id: "call_1",
						name: "bash",
						arguments: { command: "sleep 60 >/dev/null 2>&1 & echo bg-pid:$!" },
					},
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "started it" }] },
		);
		const pi = spawnPi(env, ["--mode", "json", "start a server"]);
		const stdout = await pi.waitForStdout((text) => /bg-pid:\d+/.test(text));
		const pid = Number(/bg-pid:(\d+)/.exec(stdout)![1]);
		const result = await pi.exited;
		expect(result.code).toBe(0);
		expect(await diesWithin(pid, 5000)).toBe(true);
	});
});
