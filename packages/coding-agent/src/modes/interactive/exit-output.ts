// What pi leaves in the shell when the interactive mode ends, as pi 1.4 does: in fullscreen mode
// the transcript and the bottom of the screen (the alternate screen took them away), then, when
// the session has a file, the command that resumes it.
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { defaultSessionDir } from "../../core/session/session-paths.js";

/** The parts of the session the resume command needs. */
export interface ResumableSession {
	getCwd(): string;
	getSessionDir(): string | undefined;
	getSessionId(): string;
	getSessionFile(): string | undefined;
	isPersisted(): boolean;
}

/**
 * `pi --session <id>` (with `--session-dir` when the session lives outside the default directory),
 * or undefined when there is nothing to resume (no file yet, an in-memory session).
 */
export function resumeCommand(session: ResumableSession, agentDir: string): string | undefined {
	const file = session.getSessionFile();
	if (!session.isPersisted() || !file || !existsSync(file)) return undefined;
	const args = ["pi"];
	const dir = session.getSessionDir();
	if (dir !== undefined && resolve(dir) !== defaultSessionDir(session.getCwd(), agentDir)) {
		args.push("--session-dir", quoteIfNeeded(dir));
	}
	args.push("--session", session.getSessionId());
	return args.join(" ");
}

/** The text written after the terminal is restored: `lines` (may be empty), then the resume hint. */
export function exitOutput(
	lines: readonly string[],
	resume: string | undefined,
	dim: (text: string) => string,
): string {
	let text = lines.length > 0 ? `${lines.join("\r\n")}\x1b[0m\r\n` : "";
	if (resume !== undefined) text += `${dim("To resume this session:")} ${resume}\r\n`;
	return text;
}

function quoteIfNeeded(value: string): string {
	return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}
