import { stat } from "node:fs/promises";
import { findExecutable } from "./external-commands.js";
import { findWithFd, isFdUsable } from "./find-fd.js";
import type { FindRequest, FindSearchResult } from "./find-request.js";
import { walkTree } from "./gitignore-walker.js";
import { createGlobMatcher } from "./glob-pattern.js";

/**
 * The file search behind the find tool (configuration.md §8, "pluggable operations"). Locally
 * it is fd when on PATH and new enough to have `--no-require-git`, else the built-in walker
 * (gitignore-walker.ts); both honour `.gitignore`, include hidden files, skip `.git` and follow
 * symbolic links without looping.
 */

export type { FindRequest, FindSearchResult } from "./find-request.js";

/** File access and searching used by the find tool; replace it to search elsewhere. */
export interface FindOperations {
	/** Whether the path is a directory; rejects with a Node-style error (ENOENT, …) if inaccessible. */
	isDirectory(absolutePath: string): Promise<boolean>;
	/** Runs the search. Rejects with `Operation aborted` when aborted. */
	find(request: FindRequest): Promise<FindSearchResult>;
}

/** Options of {@link createLocalFindOperations}. */
export interface LocalFindOperationsOptions {
	/** Use fd when found on PATH. Default: true. */
	useFd?: boolean;
}

/** The default {@link FindOperations}: the local file system, fd when available and recent enough. */
export function createLocalFindOperations(options: LocalFindOperationsOptions = {}): FindOperations {
	return {
		isDirectory: async (absolutePath) => (await stat(absolutePath)).isDirectory(),
		find: (request) => {
			const fd = options.useFd === false ? undefined : findExecutable("fd");
			return fd && isFdUsable(fd) ? findWithFd(fd, request) : findWithBuiltin(request);
		},
	};
}

/** Runs `request` with the built-in walker; stops walking once `limit + 1` entries matched. */
export async function findWithBuiltin(request: FindRequest): Promise<FindSearchResult> {
	const matches = createGlobMatcher(request.pattern);
	const paths: string[] = [];
	for await (const entry of walkTree(request.searchPath, { signal: request.signal })) {
		if (!matches(entry.relativePath, entry.isDirectory)) continue;
		if (paths.length === request.limit) return { paths, limitReached: true };
		paths.push(entry.isDirectory ? `${entry.relativePath}/` : entry.relativePath);
	}
	return { paths, limitReached: false };
}
