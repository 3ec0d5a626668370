import type { AgentTool } from "@pi/agent-core";
import { type Static, Type } from "@pi/ai";
import { errorCode } from "./file-errors.js";
import { createLocalFindOperations, type FindOperations } from "./find-operations.js";
import { renderListWithNotices } from "./limit-notices.js";
import { startToolCall } from "./tool-target.js";
import { formatSize, MAX_BYTES, type TruncationInfo } from "./truncate.js";

/** Results returned when `limit` is not given. */
export const DEFAULT_FIND_LIMIT = 1000;

/** Parameters of the `find` tool. */
export const findToolSchema = Type.Object({
	pattern: Type.String({
		description: "Glob pattern, e.g. '*.ts' (matches names at any depth), '**/*.json' or 'src/**/*.spec.ts'",
	}),
	path: Type.Optional(Type.String({ description: "Directory to search in (default: the working directory)" })),
	limit: Type.Optional(Type.Number({ description: `Maximum number of results (default: ${DEFAULT_FIND_LIMIT})` })),
});
export type FindToolInput = Static<typeof findToolSchema>;

/** `details` of a `find` result; every field is present only when it applies. */
export interface FindToolDetails {
	truncation?: TruncationInfo;
	/** The result limit, when more entries matched. */
	resultLimitReached?: number;
}

/** Options of {@link createFindTool}. */
export interface FindToolOptions {
	/** Search engine and file access. Default: local, fd when on PATH, else built in. */
	operations?: FindOperations;
}

/**
 * The `find` tool (configuration.md §8): paths matching a glob, relative to the search directory,
 * one per line, directories with a trailing `/`; `.gitignore` honoured, hidden files included.
 */
export function createFindTool(
	cwd: string,
	options: FindToolOptions = {},
): AgentTool<typeof findToolSchema, FindToolDetails> {
	const operations = options.operations ?? createLocalFindOperations();
	return {
		name: "find",
		label: "find",
		description: `Find files and directories by glob pattern. Returns paths relative to the search directory (directories end with /). Respects .gitignore and includes hidden files. Output is limited to ${DEFAULT_FIND_LIMIT} results (use limit for more) or ${formatSize(MAX_BYTES)}.`,
		parameters: findToolSchema,
		execute: async (_toolCallId, params, signal) => {
			const { displayPath, absolutePath: searchPath } = startToolCall(params.path ?? ".", cwd, signal, "as-written");
			const isDirectory = await operations.isDirectory(searchPath).catch((error: unknown) => {
				throw new Error(
					errorCode(error) === "ENOENT" ? `Path not found: ${displayPath}` : `Cannot access ${displayPath}`,
				);
			});
			if (!isDirectory) throw new Error(`Not a directory: ${displayPath}`);
			const limit = Math.max(1, Math.floor(params.limit ?? DEFAULT_FIND_LIMIT));
			const result = await operations.find({ searchPath, pattern: params.pattern, limit, signal });
			if (result.paths.length === 0) {
				return { content: [{ type: "text", text: "No files found matching pattern" }], details: {} };
			}
			const limitNotice = result.limitReached
				? `${limit} results limit reached. Use limit=${limit * 2} for more, or refine pattern`
				: undefined;
			const { text, truncation } = renderListWithNotices(result.paths, limitNotice);
			const details: FindToolDetails = {};
			if (truncation) details.truncation = truncation;
			if (result.limitReached) details.resultLimitReached = limit;
			return { content: [{ type: "text", text }], details };
		},
	};
}
