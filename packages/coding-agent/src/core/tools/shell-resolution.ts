import { existsSync } from "node:fs";

/**
 * Which shell runs bash commands (configuration.md §3.5 `shellPath`): the configured one, else
 * `/bin/bash` when present, else `sh` on Unix; on Windows, Git Bash.
 */

/** A shell binary and the arguments placed before the command string. */
export interface ShellConfig {
	shell: string;
	args: string[];
}

const GIT_BASH_CANDIDATES = ["C:\\Program Files\\Git\\bin\\bash.exe", "C:\\Program Files (x86)\\Git\\bin\\bash.exe"];

/** Resolves the shell for `<shell> -c <command>`; `shellPath` (the setting) wins when given. */
export function resolveShell(shellPath?: string): ShellConfig {
	if (shellPath !== undefined && shellPath !== "") return { shell: shellPath, args: ["-c"] };
	if (process.platform === "win32") {
		const gitBash = GIT_BASH_CANDIDATES.find((candidate) => existsSync(candidate));
		return { shell: gitBash ?? "bash.exe", args: ["-c"] };
	}
	return { shell: existsSync("/bin/bash") ? "/bin/bash" : "sh", args: ["-c"] };
}

/** The command string actually run: `prefix`, a newline, then `command` (configuration.md §3.5). */
export function applyCommandPrefix(command: string, prefix?: string): string {
	return prefix !== undefined && prefix !== "" ? `${prefix}\n${command}` : command;
}
