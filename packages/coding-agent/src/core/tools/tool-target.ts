import { normalizeToolPath, resolveExistingPath, resolveToCwd } from "./path-resolution.js";

/** The one abort error every tool throws (the agent loop reports it as an aborted tool result). */
export function throwIfAborted(signal: AbortSignal | undefined): void {
	if (signal?.aborted) throw new Error("Operation aborted");
}

/** The file or directory a tool call works on: as shown in messages, and resolved against the cwd. */
export interface ToolTarget {
	displayPath: string;
	absolutePath: string;
}

/**
 * The preamble of every path tool's `execute`: stop if already aborted, then the path as shown
 * and as resolved. `existing` resolves like read and edit do (macOS screenshot names, NFD, curly
 * quotes: path-resolution.ts); otherwise the path is taken as written (write, ls, grep, find).
 */
export function startToolCall(
	path: string,
	cwd: string,
	signal: AbortSignal | undefined,
	resolution: "existing" | "as-written",
): ToolTarget {
	throwIfAborted(signal);
	return {
		displayPath: normalizeToolPath(path),
		absolutePath: resolution === "existing" ? resolveExistingPath(path, cwd) : resolveToCwd(path, cwd),
	};
}
