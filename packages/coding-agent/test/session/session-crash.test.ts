import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const builtManager = join(import.meta.dirname, "..", "..", "dist", "core", "session", "session-manager.js");

// The writer runs in its own process so it can be SIGKILLed mid-append, as a crash would. It
// says "ready" after 200 entries and keeps appending, so the kill lands at an arbitrary point.
const writerScript = (file: string) => `
const { writeSync } = await import("node:fs");
const { SessionManager } = await import(${JSON.stringify(pathToFileURL(builtManager).href)});
const session = SessionManager.open(${JSON.stringify(file)}, undefined, "/w");
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
const big = "x".repeat(20000);
for (let i = 0; ; i++) {
	session.appendMessage({ role: "assistant", content: [{ type: "text", text: i + ":" + big }], api: "faux", provider: "faux", model: "m", usage, stopReason: "stop", timestamp: Date.now() });
	if (i === 200) writeSync(1, "ready\\n");
}
`;

describe("a writer killed mid-append", () => {
	it("loses no complete entry", async () => {
		expect(existsSync(builtManager), `build @pi/coding-agent first (${builtManager})`).toBe(true);
		const file = join(tempDir(), "crash.jsonl");
		const child = spawn(process.execPath, ["--input-type=module", "-e", writerScript(file)], {
			stdio: ["ignore", "pipe", "inherit"],
		});
		// Awaiting the child's own signal instead of re-reading the growing file keeps the test cheap.
		await new Promise<void>((resolve, reject) => {
			child.stdout.once("data", () => resolve());
			child.once("exit", (code) => reject(new Error(`writer exited early with code ${code}`)));
		});
		child.kill("SIGKILL");
		await new Promise((resolve) => child.once("exit", resolve));
		const rawLines = readFileSync(file, "utf8").split("\n");
		const complete = rawLines.filter((line) => {
			try {
				JSON.parse(line);
				return true;
			} catch {
				return false;
			}
		});
		const session = SessionManager.open(file);
		expect(session.getEntries()).toHaveLength(complete.length - 1);
		const entries = session.getEntries();
		entries.forEach((entry, index) => {
			expect(entry.parentId).toBe(index === 0 ? null : entries[index - 1]!.id);
		});
	});
});
