import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Name of the project configuration directory inside a working directory. */
export const CONFIG_DIR_NAME = ".pi";

/** The agent directory: `PI_CODING_AGENT_DIR` (absolute or `~`-prefixed) or `~/.pi/agent`. */
export function getAgentDir(env: NodeJS.ProcessEnv = process.env): string {
	const override = env.PI_CODING_AGENT_DIR;
	if (override) return resolve(expandHome(override));
	return join(homedir(), CONFIG_DIR_NAME, "agent");
}

/** Expands a leading `~` to the home directory. */
export function expandHome(path: string): string {
	if (path === "~") return homedir();
	if (path.startsWith("~/") || path.startsWith("~\\")) return join(homedir(), path.slice(2));
	return path;
}

/**
 * Encodes a working directory as a folder name (sessions.md §1): drop one leading separator,
 * replace `/`, `\` and `:` with `-`, wrap in `--…--`.
 */
export function encodeCwd(cwd: string): string {
	const withoutLeading = cwd.replace(/^[/\\]/, "");
	return `--${withoutLeading.replace(/[/\\:]/g, "-")}--`;
}

/** The default per-cwd session directory under the agent dir. */
export function defaultSessionDir(cwd: string, agentDir: string = getAgentDir()): string {
	return join(agentDir, "sessions", encodeCwd(resolve(cwd)));
}

/** File name for a new session: `<ISO time with : and . as ->_<uuid>.jsonl`. */
export function sessionFileName(createdAt: Date, sessionId: string): string {
	return `${createdAt.toISOString().replace(/[:.]/g, "-")}_${sessionId}.jsonl`;
}
