import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { SettingsManager } from "../core/config/settings-manager.js";
import { resolveSessionDir } from "../core/session/resolve-session-dir.js";
import { SessionManager } from "../core/session/session-manager.js";
import { expandHome } from "../core/session/session-paths.js";
import { PiUserError } from "../core/user-error.js";
import type { Args } from "./args.js";

/** What session selection needs besides the flags. */
export interface SessionSelectionInput {
	cwd: string;
	agentDir: string;
	/** Read only for `sessionDir` (allowed before trust is resolved). */
	settings: Pick<SettingsManager, "getSessionDir">;
	/** Told when `--session-id` names no session of this project, so a new one starts (1.4 says so on stderr). */
	warn?: (message: string) => void;
}

function looksLikePath(value: string): boolean {
	return value.includes("/") || value.includes("\\") || value.endsWith(".jsonl") || value.startsWith("~");
}

/**
 * A session file by path, or by a unique id prefix among the cwd's sessions, then every
 * project's (sessions.md §7, decided). Throws a user error naming the input otherwise.
 */
export function findSessionFile(value: string, cwd: string, sessionDir: string): string {
	const asPath = resolve(cwd, expandHome(value));
	if (looksLikePath(value) || existsSync(asPath)) {
		if (!existsSync(asPath)) throw new PiUserError("session_not_found", `Session file not found: ${asPath}`);
		return asPath;
	}
	for (const candidates of [() => SessionManager.list(cwd, sessionDir), () => SessionManager.listAll()]) {
		const matches = candidates().filter((info) => info.id.startsWith(value));
		const unique = [...new Set(matches.map((info) => info.path))];
		if (unique.length === 1) return unique[0]!;
		if (unique.length > 1) {
			throw new PiUserError(
				"session_ambiguous",
				`Session id "${value}" matches ${unique.length} sessions; give more of it`,
			);
		}
	}
	throw new PiUserError("session_not_found", `No session matches "${value}" (give a file path or a session id)`);
}

/** `--fork --session-id <id>` must not reuse the id of a session this project already has. */
function assertIdFree(id: string, cwd: string, sessionDir: string): void {
	if (SessionManager.list(cwd, sessionDir).some((info) => info.id === id)) {
		throw new PiUserError("session_exists", `A session with id "${id}" already exists; choose another --session-id`);
	}
}

/**
 * `createSessionManager` (run-modes.md §5.3), first match wins: `--no-session`, `--fork`,
 * `--session`, `--session-id` (opens that exact id of this project, or starts it), `-r` (the picker belongs to interactive mode: here it starts like `-c`, and the
 * mode shows the picker), `-c`, else a new session. `--session-dir` applies to all persistent choices.
 */
export function createSessionManager(args: Args, input: SessionSelectionInput): SessionManager {
	const { cwd } = input;
	if (args.noSession) return SessionManager.inMemory(cwd);
	const sessionDir = resolveSessionDir({
		cwd,
		cliSessionDir: args.sessionDir,
		settings: input.settings,
		agentDir: input.agentDir,
	});
	const explicitDir = args.sessionDir ? sessionDir : undefined;
	if (args.fork !== undefined) {
		const source = findSessionFile(args.fork, cwd, sessionDir);
		if (args.sessionId !== undefined) assertIdFree(args.sessionId, cwd, sessionDir);
		return SessionManager.forkFrom(source, cwd, sessionDir, { id: args.sessionId });
	}
	if (args.sessionId !== undefined) {
		const existing = SessionManager.list(cwd, sessionDir).find((info) => info.id === args.sessionId);
		if (existing) return SessionManager.open(existing.path, explicitDir);
		input.warn?.(`No project session found with id '${args.sessionId}'; creating a new session with that id.`);
		return SessionManager.create(cwd, sessionDir, { id: args.sessionId });
	}
	if (args.session !== undefined) {
		const file = findSessionFile(args.session, cwd, sessionDir);
		return SessionManager.open(file, explicitDir);
	}
	if (args.continue || args.resume) return SessionManager.continueRecent(cwd, sessionDir);
	return SessionManager.create(cwd, sessionDir);
}
