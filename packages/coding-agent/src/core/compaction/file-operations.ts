import type { SessionMessage } from "../messages.js";
import type { FileOperationDetails, SessionEntry } from "../session/session-types.js";

/** Files read and modified, collected from tool calls and earlier summaries. */
export interface FileOperations {
	read: Set<string>;
	modified: Set<string>;
}

export function emptyFileOperations(): FileOperations {
	return { read: new Set(), modified: new Set() };
}

/** Adds the paths of `read`, `write` and `edit` tool calls in an assistant message. */
export function collectFileOperations(message: SessionMessage, into: FileOperations): void {
	if (message.role !== "assistant") return;
	for (const block of message.content) {
		if (block.type !== "toolCall") continue;
		const path = block.arguments.path;
		if (typeof path !== "string") continue;
		if (block.name === "read") into.read.add(path);
		else if (block.name === "write" || block.name === "edit") into.modified.add(path);
	}
}

function isFileDetails(value: unknown): value is FileOperationDetails {
	if (value === null || typeof value !== "object") return false;
	const record = value as Record<string, unknown>;
	return Array.isArray(record.readFiles) && Array.isArray(record.modifiedFiles);
}

/** Adds the file lists stored in a compaction or branch summary entry's details. */
export function collectFileOperationsFromEntry(entry: SessionEntry, into: FileOperations): void {
	if (entry.type !== "compaction" && entry.type !== "branch_summary") return;
	if (!isFileDetails(entry.details)) return;
	for (const path of entry.details.readFiles) if (typeof path === "string") into.read.add(path);
	for (const path of entry.details.modifiedFiles) if (typeof path === "string") into.modified.add(path);
}

/** Final lists: read-only files (read and never modified) and modified files, both sorted. */
export function toFileDetails(operations: FileOperations): FileOperationDetails {
	return {
		readFiles: [...operations.read].filter((path) => !operations.modified.has(path)).sort(),
		modifiedFiles: [...operations.modified].sort(),
	};
}

/** Appends `<read-files>` / `<modified-files>` blocks to a summary text. */
export function appendFileLists(summary: string, details: FileOperationDetails): string {
	const blocks: string[] = [];
	if (details.readFiles.length > 0) blocks.push(`<read-files>\n${details.readFiles.join("\n")}\n</read-files>`);
	if (details.modifiedFiles.length > 0)
		blocks.push(`<modified-files>\n${details.modifiedFiles.join("\n")}\n</modified-files>`);
	return blocks.length === 0 ? summary : `${summary}\n\n${blocks.join("\n\n")}`;
}
