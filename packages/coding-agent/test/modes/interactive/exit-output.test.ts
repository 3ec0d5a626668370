import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultSessionDir } from "../../../src/core/session/session-paths.js";
import { exitOutput, type ResumableSession, resumeCommand } from "../../../src/modes/interactive/exit-output.js";

function session(dir: string, persisted = true): ResumableSession {
	mkdirSync(dir, { recursive: true });
	const file = join(dir, "s.jsonl");
	if (persisted) writeFileSync(file, "{}\n");
	return {
		getCwd: () => "/work/project",
		getSessionDir: () => dir,
		getSessionId: () => "0192-abc",
		getSessionFile: () => file,
		isPersisted: () => persisted,
	};
}

describe("exit output", () => {
	const agentDir = mkdtempSync(join(tmpdir(), "pi-exit-"));

	it("names the session to resume, with --session-dir only outside the default directory", () => {
		expect(resumeCommand(session(defaultSessionDir("/work/project", agentDir)), agentDir)).toBe(
			"pi --session 0192-abc",
		);
		const elsewhere = join(agentDir, "my sessions");
		expect(resumeCommand(session(elsewhere), agentDir)).toBe(`pi --session-dir '${elsewhere}' --session 0192-abc`);
		expect(resumeCommand(session(join(agentDir, "new"), false), agentDir)).toBeUndefined();
	});

	it("writes the page, then the hint", () => {
		expect(exitOutput(["a", "b"], "pi --session x", (text) => `<${text}>`)).toBe(
			"a\r\nb\x1b[0m\r\n<To resume this session:> pi --session x\r\n",
		);
		expect(exitOutput([], undefined, (text) => text)).toBe("");
	});
});
