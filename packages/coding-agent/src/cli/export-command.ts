import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { exportSessionToHtml } from "../core/export-html/export-session-html.js";
import { SessionManager } from "../core/session/session-manager.js";
import { PiUserError } from "../core/user-error.js";

/**
 * `pi --export <session.jsonl> [out.html]`: writes the session as one HTML file and exits, as pi
 * 1.4 does (default output: `pi-session-<session file name>.html` in the current directory).
 * Prints `Exported to: <path>`; a missing or invalid file is a user error.
 */
export function runExport(request: { input: string; output?: string }, cwd: string): number {
	const input = resolve(cwd, request.input);
	if (!existsSync(input)) throw new PiUserError("session_not_found", `File not found: ${input}`);
	let manager: SessionManager;
	try {
		manager = SessionManager.load(input);
	} catch (error) {
		throw new PiUserError("invalid_session", error instanceof Error ? error.message : String(error));
	}
	const written = exportSessionToHtml(manager, { cwd, ...(request.output ? { outputPath: request.output } : {}) });
	const shown = request.output === undefined ? written.slice(resolve(cwd).length + 1) : request.output;
	process.stdout.write(`Exported to: ${shown}\n`);
	return 0;
}
