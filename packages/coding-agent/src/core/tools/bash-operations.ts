import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { DEFAULT_KILL_GRACE_MS, type ProcessGroupTermination, terminateProcessGroup } from "./process-group.js";
import { registerProcessGroup, releaseProcessGroupIfExited } from "./process-groups.js";
import { resolveShell, type ShellConfig } from "./shell-resolution.js";

/**
 * Process access for the bash tool (configuration.md §8, "pluggable operations"): the default runs
 * commands locally; an extension can supply its own (e.g. over SSH).
 */

/** Which pipe a chunk came from. */
export type OutputStreamName = "stdout" | "stderr";

/** How {@link BashOperations.exec} reports output and learns it must stop. */
export interface BashExecOptions {
	/** Receives raw output bytes in arrival order. */
	onData: (chunk: Uint8Array, stream: OutputStreamName) => void;
	/** When it aborts (user abort or timeout), the command and everything it started must be killed. */
	signal: AbortSignal;
	/** Environment for the command. Default: the implementation's own (locally `process.env`). */
	env?: NodeJS.ProcessEnv;
}

/** How a command ended. */
export interface BashExitStatus {
	/** Exit code; `null` when the process was killed by a signal. */
	exitCode: number | null;
	/** The signal that killed it, if any. */
	signal: string | null;
}

/** Runs one shell command. */
export interface BashOperations {
	/**
	 * Runs `command` (already prefixed) in `cwd` with stdin closed. Resolves once the command has
	 * ended and its output is drained. Rejects when it cannot start, e.g. with
	 * `Working directory does not exist: <cwd>`.
	 */
	exec(command: string, cwd: string, options: BashExecOptions): Promise<BashExitStatus>;
}

/** Settings of the local implementation. */
export interface LocalBashOperationsOptions {
	/** Shell binary (setting `shellPath`). Default: see `resolveShell`. */
	shellPath?: string;
	/**
	 * Another shell than bash (the `powershell` tool), resolved when each command starts; it may
	 * throw to refuse the command. Wins over `shellPath`.
	 */
	resolveShell?: () => ShellConfig;
	/** Ms between SIGTERM and SIGKILL on abort/timeout. Default: 2000. */
	killGraceMs?: number;
	/**
	 * Ms to wait for the pipes to close after the shell exited, before giving up on output from
	 * background processes that keep them open. Default: 250.
	 */
	exitDrainMs?: number;
}

/** The default {@link BashOperations}: `<shell> -c <command>` as its own process group. */
export function createLocalBashOperations(options: LocalBashOperationsOptions = {}): BashOperations {
	return {
		exec: (command, cwd, execOptions) => {
			if (!existsSync(cwd)) return Promise.reject(new Error(`Working directory does not exist: ${cwd}`));
			return runLocally(command, cwd, execOptions, options);
		},
	};
}

function runLocally(
	command: string,
	cwd: string,
	execOptions: BashExecOptions,
	options: LocalBashOperationsOptions,
): Promise<BashExitStatus> {
	let shellConfig: ShellConfig;
	try {
		shellConfig = options.resolveShell ? options.resolveShell() : resolveShell(options.shellPath);
	} catch (error) {
		return Promise.reject(error);
	}
	const { shell, args } = shellConfig;
	return new Promise((resolve, reject) => {
		const child = spawn(shell, [...args, command], {
			cwd,
			env: execOptions.env ?? process.env,
			detached: process.platform !== "win32",
			stdio: ["ignore", "pipe", "pipe"],
			windowsHide: true,
		});
		const groupLeader = child.pid;
		if (groupLeader !== undefined) registerProcessGroup(groupLeader);
		let termination: ProcessGroupTermination | undefined;
		let drainTimer: NodeJS.Timeout | undefined;
		let settled = false;
		const settle = (status: BashExitStatus): void => {
			if (settled) return;
			settled = true;
			clearTimeout(drainTimer);
			execOptions.signal.removeEventListener("abort", onAbort);
			termination?.groupExited();
			if (groupLeader !== undefined) releaseProcessGroupIfExited(groupLeader);
			resolve(status);
		};
		const onAbort = (): void => {
			if (child.pid !== undefined && termination === undefined) {
				termination = terminateProcessGroup(child.pid, options.killGraceMs ?? DEFAULT_KILL_GRACE_MS);
			}
		};
		child.stdout.on("data", (chunk: Buffer) => execOptions.onData(chunk, "stdout"));
		child.stderr.on("data", (chunk: Buffer) => execOptions.onData(chunk, "stderr"));
		child.on("error", (error) => {
			if (settled) return;
			settled = true;
			execOptions.signal.removeEventListener("abort", onAbort);
			reject(new Error(`Failed to start shell ${shell}: ${error.message}`));
		});
		child.on("exit", (exitCode, signal) => {
			// Background jobs may hold the pipes open forever; stop waiting for them after a moment.
			drainTimer = setTimeout(() => {
				child.stdout.destroy();
				child.stderr.destroy();
				settle({ exitCode, signal });
			}, options.exitDrainMs ?? 250);
		});
		child.on("close", (exitCode, signal) => settle({ exitCode, signal }));
		if (execOptions.signal.aborted) onAbort();
		else execOptions.signal.addEventListener("abort", onAbort, { once: true });
	});
}
