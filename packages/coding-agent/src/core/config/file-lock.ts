import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";

/**
 * Advisory lock files (`O_EXCL` create) around small read-modify-write steps of files several pi
 * processes share (`auth.json`, `settings.json`). A lock names its holder (`pid@host`), so a lock
 * left by a crashed process on this machine is taken over at once instead of after the 10 s
 * staleness age (configuration.md §5); a lock dated in the future (clock change, copied file) whose
 * holder is not known to be alive is stale too. Only a live holder is waited for.
 */

const STALE_AFTER_MS = 10_000;
/** Tolerated clock skew before a lock's time counts as "in the future". */
const FUTURE_SKEW_MS = 2_000;
const WAIT_STEP_MS = 25;
const DEFAULT_TIMEOUT_MS = 15_000;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `fn` while holding the lock. For synchronous callers: waiting for a live holder blocks
 * (holders keep the lock for milliseconds); a stale lock never makes it wait. Prefer
 * {@link withFileLockAsync} where the caller can await. Throws after `timeoutMs`.
 */
export function withFileLock<T>(lockPath: string, fn: () => T, timeoutMs = DEFAULT_TIMEOUT_MS): T {
	const deadline = Date.now() + timeoutMs;
	while (!tryAcquire(lockPath)) {
		if (Date.now() > deadline) throw lockTimeout(lockPath);
		Atomics.wait(sleeper, 0, 0, WAIT_STEP_MS);
	}
	try {
		return fn();
	} finally {
		rmSync(lockPath, { force: true });
	}
}

/**
 * Runs `fn` (which may be async, e.g. an OAuth refresh) while holding the lock, waiting for a live
 * holder with timers so the event loop keeps running. Throws after `timeoutMs`.
 */
export async function withFileLockAsync<T>(
	lockPath: string,
	fn: () => T | Promise<T>,
	timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	while (!tryAcquire(lockPath)) {
		if (Date.now() > deadline) throw lockTimeout(lockPath);
		await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
	}
	try {
		return await fn();
	} finally {
		rmSync(lockPath, { force: true });
	}
}

/** One attempt: true when the lock is now ours (a stale one is removed and retried once). */
function tryAcquire(lockPath: string): boolean {
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			const fd = openSync(lockPath, "wx", 0o600);
			try {
				writeSync(fd, `${process.pid}@${hostname()}`);
			} finally {
				closeSync(fd);
			}
			return true;
		} catch (error) {
			if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
			if (!isStale(lockPath)) return false;
			rmSync(lockPath, { force: true });
		}
	}
	return false;
}

function lockTimeout(lockPath: string): Error {
	return new Error(`Timed out waiting for lock ${lockPath}`);
}

function isStale(lockPath: string): boolean {
	let mtimeMs: number;
	let holder: string;
	try {
		mtimeMs = statSync(lockPath).mtimeMs;
		holder = readFileSync(lockPath, "utf8");
	} catch {
		// Vanished between our attempt and the stat: not stale, just retry.
		return false;
	}
	const alive = holderAlive(holder);
	if (alive === false) return true;
	const age = Date.now() - mtimeMs;
	if (age < -FUTURE_SKEW_MS) return alive !== true;
	return age > STALE_AFTER_MS;
}

/** True/false for a holder on this machine; undefined when it cannot be known (other host, no content). */
function holderAlive(holder: string): boolean | undefined {
	const match = /^(\d+)@(.*)$/.exec(holder.trim());
	if (!match || match[2] !== hostname()) return undefined;
	try {
		process.kill(Number(match[1]), 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === "EPERM";
	}
}
