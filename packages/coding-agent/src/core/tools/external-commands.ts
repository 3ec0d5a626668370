import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * Finds optional helper programs (ripgrep, fd) on PATH. The tools use them only when present
 * (configuration.md §8); results are cached per process.
 */

const cache = new Map<string, string | undefined>();

/** Absolute path of the executable `name` on PATH, or undefined. Also tries `fdfind` for `fd`. */
export function findExecutable(name: string): string | undefined {
	if (cache.has(name)) return cache.get(name);
	const candidates = name === "fd" ? ["fd", "fdfind"] : [name];
	const found = candidates.map(searchPath).find((path) => path !== undefined);
	cache.set(name, found);
	return found;
}

function searchPath(name: string): string | undefined {
	const extensions = process.platform === "win32" ? [".exe", ".cmd", ""] : [""];
	for (const dir of (process.env.PATH ?? "").split(delimiter)) {
		if (dir === "") continue;
		for (const extension of extensions) {
			const candidate = join(dir, name + extension);
			try {
				accessSync(candidate, constants.X_OK);
				return candidate;
			} catch {
				// Not in this PATH entry; keep looking.
			}
		}
	}
	return undefined;
}
