// Every stdio server's process group, killed when pi exits however it exits: `exit` handlers run
// for process.exit() and normal ends, and the signal handlers pi installs end in process.exit().

const groups = new Set<number>();
let installed = false;

function killAll(): void {
	for (const pid of groups) {
		try {
			process.kill(process.platform === "win32" ? pid : -pid, "SIGKILL");
		} catch {
			// Already gone.
		}
	}
	groups.clear();
}

export function trackProcessGroup(pid: number): void {
	groups.add(pid);
	if (!installed) {
		installed = true;
		process.on("exit", killAll);
	}
}

export function untrackProcessGroup(pid: number): void {
	groups.delete(pid);
}

/** Kills every tracked server now (also used by tests). */
export function killAllServerProcessGroups(): void {
	killAll();
}
