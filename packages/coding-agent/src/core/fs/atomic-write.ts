import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Writes a file atomically: a temp file beside it, fsync, rename. Readers see the old or the new
 * content, never a mix. Parent directories are created.
 */
export function writeFileAtomic(path: string, content: string, mode?: number): void {
	mkdirSync(dirname(path), { recursive: true });
	const temp = `${path}.tmp-${process.pid}-${Date.now()}`;
	const fd = openSync(temp, "w", mode);
	try {
		writeSync(fd, content);
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
	renameSync(temp, path);
}
