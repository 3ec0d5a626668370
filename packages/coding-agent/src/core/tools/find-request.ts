// The find search's request and result, shared by the engines (find-fd.ts, the walker) and
// find-operations.ts without an import cycle.

/** One search, with every parameter already defaulted. */
export interface FindRequest {
	/** Absolute directory to search. */
	searchPath: string;
	/** Glob (glob-pattern.ts rules: without `/` it matches names, with `/` relative paths). */
	pattern: string;
	/** Maximum number of results. */
	limit: number;
	signal?: AbortSignal;
}

/** Matching paths in walk order. */
export interface FindSearchResult {
	/** Relative to the search directory, `/`-separated; directories end with `/`. At most `limit`. */
	paths: string[];
	/** True when more than `limit` entries matched. */
	limitReached: boolean;
}
