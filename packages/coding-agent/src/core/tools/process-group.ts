import { spawn } from "node:child_process";

/**
 * Killing a command together with everything it started (configuration.md §8, "Bash execution"):
 * commands run as leaders of their own process group, and termination signals the whole group —
 * SIGTERM first, then SIGKILL once the grace period has passed.
 */

/** Grace period between SIGTERM and SIGKILL, in ms (decided: 2 s). */
export const DEFAULT_KILL_GRACE_MS = 2000;

/** A running termination; `groupExited` lets the caller skip the SIGKILL once nothing is left. */
export interface ProcessGroupTermination {
	/** Cancels the pending SIGKILL if no process of the group is alive any more. */
	groupExited(): void;
}

/**
 * Sends SIGTERM to the process group led by `pid` and schedules SIGKILL after `graceMs`.
 * The SIGKILL timer does not keep Node alive. On Windows the tree is killed with `taskkill /T /F`.
 * Never throws: a group that is already gone is fine.
 */
export function terminateProcessGroup(pid: number, graceMs: number = DEFAULT_KILL_GRACE_MS): ProcessGroupTermination {
	if (process.platform === "win32") {
		spawn("taskkill", ["/F", "/T", "/PID", String(pid)], { stdio: "ignore", windowsHide: true }).on("error", () => {
			// Best effort: taskkill missing or the process already gone; nothing else can be done.
		});
		return { groupExited: () => {} };
	}
	signalGroup(pid, "SIGTERM");
	const forceKill = setTimeout(() => signalGroup(pid, "SIGKILL"), graceMs);
	forceKill.unref();
	return {
		groupExited: () => {
			if (!isProcessGroupAlive(pid)) clearTimeout(forceKill);
		},
	};
}

/** True when at least one process of the group led by `pid` still exists. */
export function isProcessGroupAlive(pid: number): boolean {
	try {
		process.kill(-pid, 0);
		return true;
	} catch (error) {
		// EPERM means the group exists but belongs to someone else: still alive.
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// ESRCH: the group has already exited, which is the goal.
	}
}
