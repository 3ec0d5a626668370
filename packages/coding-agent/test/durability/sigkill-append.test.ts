import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const builtManager = join(import.meta.dirname, "..", "..", "dist", "core", "session", "session-manager.js");
const KILL_POINTS = 12;

// A real pi process appending entries of varied sizes (up to ~60 KB, so a kill often lands inside
// a write); it says "ready" after `warmup` entries and keeps going until SIGKILLed.
const writerScript = (file: string, warmup: number) => `
const { writeSync } = await import("node:fs");
const { SessionManager } = await import(${JSON.stringify(pathToFileURL(builtManager).href)});
const session = SessionManager.open(${JSON.stringify(file)}, undefined, "/w");
const usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
for (let i = 0; ; i++) {
	const text = i + ":" + "x".repeat((i * 7919) % 60000);
	session.appendMessage({ role: "assistant", content: [{ type: "text", text }], api: "faux", provider: "faux", model: "m", usage, stopReason: "stop", timestamp: Date.now() });
	if (i === ${warmup}) writeSync(1, "ready\\n");
}
`;

async function killMidAppend(file: string, warmup: number): Promise<void> {
	const child = spawn(process.execPath, ["--input-type=module", "-e", writerScript(file, warmup)], {
		stdio: ["ignore", "pipe", "inherit"],
	});
	await new Promise<void>((resolve, reject) => {
		child.stdout.once("data", () => resolve());
		child.once("exit", (code) => reject(new Error(`writer exited early with code ${code}`)));
	});
	child.kill("SIGKILL");
	await new Promise((resolve) => child.once("exit", resolve));
}

function completeLines(file: string): number {
	return readFileSync(file, "utf8")
		.split("\n")
		.filter((line) => {
			try {
				JSON.parse(line);
				return true;
			} catch {
				return false;
			}
		}).length;
}

describe("SIGKILL during appends", () => {
	it(`keeps every complete entry over ${KILL_POINTS} kill points, and appends after each crash start a new line`, async () => {
		expect(existsSync(builtManager), `build @pi/coding-agent first (${builtManager})`).toBe(true);
		const dir = tempDir();
		const files = Array.from({ length: KILL_POINTS }, (_, index) => join(dir, `crash-${index}.jsonl`));
		// Two at a time: the machine is shared; each run kills at a different moment.
		for (let index = 0; index < files.length; index += 2) {
			await Promise.all(
				files.slice(index, index + 2).map((file, offset) => killMidAppend(file, 3 + (index + offset) * 5)),
			);
		}
		for (const file of files) {
			const complete = completeLines(file);
			const session = SessionManager.open(file);
			const entries = session.getEntries();
			expect(entries).toHaveLength(complete - 1);
			entries.forEach((entry, index) => {
				expect(entry.parentId).toBe(index === 0 ? null : entries[index - 1]!.id);
			});
			const added = session.appendMessage(userMessage("after the crash"));
			session.close();
			const reloaded = SessionManager.open(file);
			expect(reloaded.getEntries()).toHaveLength(complete);
			expect(reloaded.getEntry(added)?.parentId).toBe(entries.at(-1)?.id);
		}
		// Twelve node processes, two at a time: 3 s alone, 11 s in a loaded suite run here.
	}, 60_000);
});
