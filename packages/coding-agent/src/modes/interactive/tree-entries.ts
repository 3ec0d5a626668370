// Session tree entries as the /tree and /fork pickers show them, and the tree filters
// (`treeFilterMode`, configuration.md §3.9).
import type { TreeFilterMode } from "../../core/config/settings-types.js";
import { textOfContent } from "../../core/messages.js";
import type { SessionEntry, SessionTreeNode } from "../../core/session/session-types.js";

export function oneLine(text: string, max = 80): string {
	const line = text.replace(/\s+/g, " ").trim();
	return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function describeEntry(entry: SessionEntry): string | undefined {
	switch (entry.type) {
		case "message": {
			const message = entry.message;
			if (message.role === "user") return `user: ${oneLine(textOfContent(message.content))}`;
			if (message.role === "assistant") {
				const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join(" ");
				const tools = message.content.filter((block) => block.type === "toolCall").length;
				return `assistant: ${oneLine(text) || (tools ? `(${tools} tool call${tools === 1 ? "" : "s"})` : "(empty)")}`;
			}
			if (message.role === "toolResult")
				return `tool ${message.toolName}: ${oneLine(textOfContent(message.content), 50)}`;
			if (message.role === "bashExecution") return `$ ${oneLine(message.command)}`;
			if (message.role === "custom") return `[${message.customType}]`;
			return message.role;
		}
		case "compaction":
			return "[compaction]";
		case "branch_summary":
			return "[branch summary]";
		default:
			return undefined;
	}
}

function isToolEntry(entry: SessionEntry): boolean {
	if (entry.type !== "message") return false;
	const message = entry.message;
	if (message.role === "toolResult") return true;
	return message.role === "assistant" && message.content.every((block) => block.type === "toolCall");
}

/** Whether a tree node is listed under `filter`: default hides tool results, all shows everything. */
export function keepEntry(node: SessionTreeNode, filter: TreeFilterMode): boolean {
	const entry = node.entry;
	switch (filter) {
		case "all":
			return true;
		case "default":
			return !(entry.type === "message" && entry.message.role === "toolResult");
		case "no-tools":
			return !isToolEntry(entry);
		case "user-only":
			return entry.type === "message" && entry.message.role === "user";
		case "labeled-only":
			return node.label !== undefined;
	}
}
