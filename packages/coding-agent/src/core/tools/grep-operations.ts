import { stat } from "node:fs/promises";
import { findExecutable } from "./external-commands.js";
import { searchWithBuiltin } from "./grep-builtin.js";
import { searchWithRipgrep } from "./grep-ripgrep.js";

/**
 * The search engine behind the grep tool (configuration.md §8, "pluggable operations"). Locally
 * it is ripgrep when `rg` is on PATH, else the built-in engine; both honour `.gitignore`, include
 * hidden files, skip `.git` and binary files, and follow symbolic links without looping.
 */

/** One search, with every parameter already defaulted. */
export interface GrepRequest {
	/** Absolute file or directory to search. */
	searchPath: string;
	/** False when `searchPath` is a single file. */
	isDirectory: boolean;
	pattern: string;
	ignoreCase: boolean;
	/** Treat `pattern` as a literal string instead of a regular expression. */
	literal: boolean;
	/** Only search files whose path matches this glob (glob-pattern.ts rules). */
	glob?: string;
	/** Lines of context before and after each match. */
	context: number;
	/** Stop after this many matching lines. */
	limit: number;
	signal?: AbortSignal;
}

/** A match or context line. */
export interface GrepLine {
	/** Relative to the searched directory (`/`-separated), or the file name when a file was searched. */
	path: string;
	/** 1-based. */
	lineNumber: number;
	/** The line without its terminator, not yet shortened. */
	text: string;
	isMatch: boolean;
}

/** Lines in output order (files in walk order, lines ascending, no duplicates). */
export interface GrepSearchResult {
	lines: GrepLine[];
	matchCount: number;
	/** True when the search stopped because `limit` matches were found. */
	matchLimitReached: boolean;
}

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
		isDirectory: async (absolutePath) => (await stat(absolutePath)).isDirectory(),
		search: (request) => {
			const ripgrep = options.useRipgrep === false ? undefined : findExecutable("rg");
			return ripgrep ? searchWithRipgrep(ripgrep, request) : searchWithBuiltin(request);
		},
	};
}
