import { isProcessGroupAlive } from "./process-group.js";

/**
 * The process groups of running (or backgrounded) bash commands, so that none outlives pi.
 * Commands run detached — as leaders of their own process group — which means a dying pi would
 * otherwise orphan them. Every exit path kills the tracked groups: `process.exit` and a normal end
 * (the `exit` event), an uncaught exception (`uncaughtExceptionMonitor`, which leaves Node's own
 * crash behaviour alone), and SIGTERM/SIGINT/SIGHUP when no one else listens for them (then the
 * signal is re-raised so pi still dies of it). Modes with their own signal handling call
 * {@link killTrackedProcessGroups} from it.
 */

const trackedGroups = new Set<number>();
const TERMINATING_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
let hooksInstalled = false;

/**
 * Tracks the process group led by `pid` until the returned function is called. The exit hooks
 * are installed on the first registration (importing this module has no side effect). Groups that
 * have died meanwhile are dropped here, so the set stays as small as what is really running.
 */
export function registerProcessGroup(pid: number): () => void {
	installExitHooks();
	for (const tracked of trackedGroups) if (!isProcessGroupAlive(tracked)) trackedGroups.delete(tracked);
	trackedGroups.add(pid);
	return () => {
		trackedGroups.delete(pid);
	};
}

/**
 * Stops tracking the group led by `pid` unless some of it is still running — a backgrounded
 * `server &` outlives its shell and must still die with pi (run-modes.md: tracked detached children).
 */
export function releaseProcessGroupIfExited(pid: number): void {
	if (!isProcessGroupAlive(pid)) trackedGroups.delete(pid);
}

/** The leader pids of the groups tracked now (for diagnostics and tests). */
export function trackedProcessGroups(): number[] {
	return [...trackedGroups];
}

/**
 * Sends `signal` (default SIGKILL: on an exit path nothing can wait out a grace period) to every
 * tracked process group, synchronously, and stops tracking the ones that are gone. Returns how many
 * groups were signalled. Never throws.
 */
export function killTrackedProcessGroups(signal: NodeJS.Signals = "SIGKILL"): number {
	let signalled = 0;
	for (const pid of [...trackedGroups]) {
		try {
			// Windows has no process groups; the command runs undetached there and dies with its parent's tree.
			process.kill(process.platform === "win32" ? pid : -pid, signal);
			signalled++;
		} catch {
			// ESRCH: the group is already gone.
		}
		if (signal === "SIGKILL" || !isProcessGroupAlive(pid)) trackedGroups.delete(pid);
	}
	return signalled;
}

function installExitHooks(): void {
	if (hooksInstalled) return;
	hooksInstalled = true;
	process.on("exit", () => killTrackedProcessGroups());
	process.on("uncaughtExceptionMonitor", () => killTrackedProcessGroups());
	for (const signal of TERMINATING_SIGNALS) {
		const onSignal = (): void => {
			// Someone else handles the signal (a mode's own shutdown): it decides whether pi exits
			// and calls killTrackedProcessGroups itself.
			if (process.listenerCount(signal) > 1) return;
			killTrackedProcessGroups();
			process.removeListener(signal, onSignal);
			// Re-raised without our listener, the default action ends pi with the signal's status.
			process.kill(process.pid, signal);
		};
		process.on(signal, onSignal);
	}
}
