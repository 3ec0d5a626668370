import { dirname } from "node:path";
import type { AgentTool } from "@pi/agent-core";
import { type Static, Type } from "@pi/ai";
import { fileAccessError } from "./file-errors.js";
import { withFileMutationQueue } from "./file-mutation-queue.js";
import { createLocalWriteOperations, type WriteOperations } from "./mutation-operations.js";
import { startToolCall, throwIfAborted } from "./tool-target.js";

/** Parameters of the `write` tool. */
export const writeToolSchema = Type.Object({
	path: Type.String({ description: "Path to the file to write (relative to the working directory, or absolute)" }),
	content: Type.String({ description: "The complete new content of the file" }),
});
export type WriteToolInput = Static<typeof writeToolSchema>;

/** Options of {@link createWriteTool}. */
export interface WriteToolOptions {
	/** File access. Default: the local file system. */
	operations?: WriteOperations;
}

/**
 * The `write` tool (configuration.md §8): creates or overwrites a file with the given content,
 * creating parent directories. Serialised with `edit` per real path. Result text:
 * `Successfully wrote <n> bytes to <path>` (n = UTF-8 bytes). No `details`.
 */
export function createWriteTool(
	cwd: string,
	options: WriteToolOptions = {},
): AgentTool<typeof writeToolSchema, undefined> {
	const operations = options.operations ?? createLocalWriteOperations();
	return {
		name: "write",
		label: "write",
		description:
			"Write content to a file. Creates the file if it does not exist and overwrites it if it does; parent directories are created automatically. Use it for new files or complete rewrites; use edit for changes to existing files.",
		parameters: writeToolSchema,
		execute: async (_toolCallId, params, signal) => {
			const { displayPath, absolutePath } = startToolCall(params.path, cwd, signal, "as-written");
			return withFileMutationQueue(absolutePath, async () => {
				throwIfAborted(signal);
				try {
					await operations.mkdir(dirname(absolutePath));
					await operations.writeFile(absolutePath, params.content);
				} catch (error) {
					throw fileAccessError(error, displayPath);
				}
				const bytes = Buffer.byteLength(params.content, "utf8");
				return { content: [{ type: "text", text: `Successfully wrote ${bytes} bytes to ${displayPath}` }] };
			});
		},
	};
}
