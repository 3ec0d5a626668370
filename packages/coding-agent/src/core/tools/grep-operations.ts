import { stat } from "node:fs/promises";
import { findExecutable } from "./external-commands.js";
import { searchWithBuiltin } from "./grep-builtin.js";
import type { GrepRequest, GrepSearchResult } from "./grep-request.js";
import { searchWithRipgrep } from "./grep-ripgrep.js";
import { NOT_REGULAR_FILE } from "./regular-file.js";

/**
 * The search engine behind the grep tool (configuration.md §8, "pluggable operations"). Locally
 * it is ripgrep when `rg` is on PATH, else the built-in engine; both honour `.gitignore`, include
 * hidden files, skip `.git` and binary files, and follow symbolic links without looping.
 */

export type { GrepLine, GrepRequest, GrepSearchResult } from "./grep-request.js";

/** File access and searching used by the grep tool; replace it to search elsewhere. */
export interface GrepOperations {
	/** Whether the path is a directory; rejects with a Node-style error (ENOENT, …) if inaccessible. */
	isDirectory(absolutePath: string): Promise<boolean>;
	/** Runs the search. Rejects with `Invalid regex pattern: …` or `Operation aborted`. */
	search(request: GrepRequest): Promise<GrepSearchResult>;
}

/** Options of {@link createLocalGrepOperations}. */
export interface LocalGrepOperationsOptions {
	/** Use ripgrep when found on PATH. Default: true. */
	useRipgrep?: boolean;
}

/** The default {@link GrepOperations}: the local file system, ripgrep when available. */
export function createLocalGrepOperations(options: LocalGrepOperationsOptions = {}): GrepOperations {
	return {
		isDirectory: async (absolutePath) => {
			const info = await stat(absolutePath);
			if (info.isDirectory()) return true;
			if (info.isFile()) return false;
			throw Object.assign(new Error(`Not a regular file: ${absolutePath}`), { code: NOT_REGULAR_FILE });
		},
		search: (request) => {
			const ripgrep = options.useRipgrep === false ? undefined : findExecutable("rg");
			return ripgrep ? searchWithRipgrep(ripgrep, request) : searchWithBuiltin(request);
		},
	};
}
