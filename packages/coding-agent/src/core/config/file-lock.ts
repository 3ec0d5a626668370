import { closeSync, openSync, rmSync, statSync } from "node:fs";

const STALE_AFTER_MS = 10_000;
const WAIT_STEP_MS = 25;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

// Locks are held only around small synchronous read-modify-write steps, so a short blocking
// wait is simpler and safer than making every credential read async.
function sleepSync(ms: number): void {
	Atomics.wait(sleeper, 0, 0, ms);
}

/**
 * Runs `fn` while holding an advisory lock file (`O_EXCL` create). A lock older than 10 s is
 * considered stale (its holder crashed) and taken over. Gives up after `timeoutMs`.
 */
export function withFileLock<T>(lockPath: string, fn: () => T, timeoutMs = 15_000): T {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		try {
			closeSync(openSync(lockPath, "wx", 0o600));
			break;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			if (isStale(lockPath)) {
				rmSync(lockPath, { force: true });
				continue;
			}
			if (Date.now() > deadline) throw new Error(`Timed out waiting for lock ${lockPath}`);
			sleepSync(WAIT_STEP_MS);
		}
	}
	try {
		return fn();
	} finally {
		rmSync(lockPath, { force: true });
	}
}

function isStale(lockPath: string): boolean {
	try {
		return Date.now() - statSync(lockPath).mtimeMs > STALE_AFTER_MS;
	} catch {
		// Vanished between our attempt and the stat: not stale, just retry.
		return false;
	}
}
