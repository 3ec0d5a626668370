import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Writes `files` (relative path → content) under `root`, creating directories as needed. */
export function writeTree(root: string, files: Record<string, string | Buffer>): void {
	for (const [relativePath, content] of Object.entries(files)) {
		const path = join(root, relativePath);
		mkdirSync(dirname(path), { recursive: true });
		writeFileSync(path, content);
	}
}
