import { spawn } from "node:child_process";
import { closeSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createPiTestEnv, type MockLlm, PI_CLI, type PiTestEnv, startMock, useMockProvider } from "./support/index.js";

// Standard input that is a file or /dev/null is read at once, not as a stream (initial-message.ts):
// it must still join the first prompt exactly as piped input does (run-modes.md §5.4).

let env: PiTestEnv;
let mock: MockLlm;

beforeEach(async () => {
	mock = await startMock();
	env = createPiTestEnv();
	useMockProvider(env, mock);
});

afterEach(async () => {
	await mock.close();
	env.cleanup();
});

/** `pi ...args` with fd 0 opened on `stdinPath`. */
function runWithStdinFile(
	args: string[],
	stdinPath: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
	const fd = openSync(stdinPath, "r");
	const child = spawn(process.execPath, [PI_CLI, ...args], { cwd: env.cwd, env: env.env, stdio: [fd, "pipe", "pipe"] });
	closeSync(fd);
	let stdout = "";
	let stderr = "";
	child.stdout?.on("data", (chunk: Buffer) => {
		stdout += chunk.toString();
	});
	child.stderr?.on("data", (chunk: Buffer) => {
		stderr += chunk.toString();
	});
	return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

function lastUserText(): string {
	return JSON.stringify((mock.requests[0]?.body as { messages: unknown[] } | undefined)?.messages.at(-1));
}

describe("standard input from a file", () => {
	it("joins the first prompt before the message (pi -p 'Review this' < notes.txt)", async () => {
		const notes = join(env.root, "notes.txt");
		writeFileSync(notes, "line from the file\n");
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runWithStdinFile(["-p", "--no-session", "Review this"], notes);
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("ok\n");
		expect(result.code).toBe(0);
		const text = lastUserText();
		expect(text).toContain("line from the file");
		expect(text.indexOf("line from the file")).toBeLessThan(text.indexOf("Review this"));
	});

	it("adds nothing from /dev/null: the message alone is the prompt", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const result = await runWithStdinFile(["-p", "--no-session", "just this"], "/dev/null");
		expect(result.code).toBe(0);
		expect(result.stdout).toBe("ok\n");
		expect(lastUserText()).toBe(JSON.stringify({ role: "user", content: [{ type: "text", text: "just this" }] }));
	});
});
