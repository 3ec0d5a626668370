import { realpathSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

/**
 * Serialises mutations of one file (configuration.md §8): `edit` and `write` calls on the same
 * real path run one after another, so parallel tool calls cannot interleave a read-modify-write.
 * The queue is process-wide, shared by every tool instance. Different files never wait on each other.
 */

const tails = new Map<string, Promise<void>>();

/**
 * Runs `mutation` once every earlier mutation queued for the same real path has settled
 * (fulfilled or rejected). Returns what `mutation` returns and rejects with what it throws.
 */
export async function withFileMutationQueue<T>(absolutePath: string, mutation: () => Promise<T>): Promise<T> {
	// The key is resolved synchronously so calls queue in call order, whatever the fs timing.
	const key = mutationKey(absolutePath);
	const previous = tails.get(key) ?? Promise.resolve();
	let release: () => void = () => {};
	const current = new Promise<void>((resolveCurrent) => {
		release = resolveCurrent;
	});
	const tail = previous.then(() => current);
	tails.set(key, tail);
	await previous;
	try {
		return await mutation();
	} finally {
		release();
		if (tails.get(key) === tail) tails.delete(key);
	}
}

/** Number of files with queued or running mutations (for tests and diagnostics). */
export function pendingFileMutationCount(): number {
	return tails.size;
}

/**
 * The queue key: the real path of the file, or of its nearest existing ancestor joined with the
 * rest, so `a/link/f` and `a/target/f` share a queue even before `f` exists.
 */
function mutationKey(absolutePath: string): string {
	const missing: string[] = [];
	let current = resolve(absolutePath);
	for (;;) {
		try {
			const real = realpathSync(current);
			return missing.length === 0 ? real : join(real, ...missing.reverse());
		} catch {
			// Not there (yet): resolve the parent instead and re-append this segment.
			const parent = dirname(current);
			if (parent === current) return resolve(absolutePath);
			missing.push(basename(current));
			current = parent;
		}
	}
}
