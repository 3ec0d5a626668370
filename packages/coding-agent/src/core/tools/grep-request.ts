// The grep search's request and result, shared by the engines (grep-ripgrep.ts, grep-builtin.ts)
// and grep-operations.ts without an import cycle.

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
