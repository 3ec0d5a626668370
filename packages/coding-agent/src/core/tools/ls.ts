import type { AgentTool } from "@pi/agent-core";
import { type Static, Type } from "@pi/ai";
import { errorCode } from "./file-errors.js";
import { renderListWithNotices } from "./limit-notices.js";
import { createLocalLsOperations, type DirectoryEntry, type LsOperations } from "./ls-operations.js";
import { startToolCall } from "./tool-target.js";
import { formatSize, MAX_BYTES, type TruncationInfo } from "./truncate.js";

/** Entries returned when `limit` is not given. */
export const DEFAULT_LS_LIMIT = 500;

/** Parameters of the `ls` tool. */
export const lsToolSchema = Type.Object({
	path: Type.Optional(Type.String({ description: "Directory to list (default: the working directory)" })),
	limit: Type.Optional(Type.Number({ description: `Maximum number of entries (default: ${DEFAULT_LS_LIMIT})` })),
});
export type LsToolInput = Static<typeof lsToolSchema>;

/** `details` of an `ls` result; every field is present only when it applies. */
export interface LsToolDetails {
	truncation?: TruncationInfo;
	/** The entry limit, when the directory has more entries. */
	entryLimitReached?: number;
}

/** Options of {@link createLsTool}. */
export interface LsToolOptions {
	/** File access. Default: the local file system. */
	operations?: LsOperations;
}

/**
 * The `ls` tool (configuration.md §8): a directory's entries sorted alphabetically
 * (case-insensitive), directories suffixed `/`, dotfiles included; `(empty directory)` when empty.
 */
export function createLsTool(cwd: string, options: LsToolOptions = {}): AgentTool<typeof lsToolSchema, LsToolDetails> {
	const operations = options.operations ?? createLocalLsOperations();
	return {
		name: "ls",
		label: "ls",
		description: `List directory contents, sorted alphabetically, directories suffixed with /, dotfiles included. Output is limited to ${DEFAULT_LS_LIMIT} entries (use limit for more) or ${formatSize(MAX_BYTES)}.`,
		parameters: lsToolSchema,
		execute: async (_toolCallId, params, signal) => {
			const { displayPath, absolutePath: dir } = startToolCall(params.path ?? ".", cwd, signal, "as-written");
			const isDirectory = await operations.isDirectory(dir).catch((error: unknown) => {
				throw new Error(
					errorCode(error) === "ENOENT" ? `Path not found: ${displayPath}` : `Cannot access ${displayPath}`,
				);
			});
			if (!isDirectory) throw new Error(`Not a directory: ${displayPath}`);
			const entries = await operations.list(dir).catch(() => {
				throw new Error(`Cannot read directory: ${displayPath}`);
			});
			if (entries.length === 0) return { content: [{ type: "text", text: "(empty directory)" }], details: {} };
			const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_LS_LIMIT));
			const sorted = [...entries].sort(compareEntries);
			const limitReached = sorted.length > limit;
			const lines = sorted.slice(0, limit).map((entry) => (entry.isDirectory ? `${entry.name}/` : entry.name));
			const limitNotice = limitReached ? `${limit} entries limit reached. Use limit=${limit * 2} for more` : undefined;
			const { text, truncation } = renderListWithNotices(lines, limitNotice);
			const details: LsToolDetails = {};
			if (truncation) details.truncation = truncation;
			if (limitReached) details.entryLimitReached = limit;
			return { content: [{ type: "text", text }], details };
		},
	};
}

/** Case-insensitive by name; ties (names differing only in case) in code-unit order, for stability. */
function compareEntries(a: DirectoryEntry, b: DirectoryEntry): number {
	const left = a.name.toLowerCase();
	const right = b.name.toLowerCase();
	if (left !== right) return left < right ? -1 : 1;
	return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}
