import type { ImageContent, TextContent } from "@pi/ai";
import type { SessionEntry, SessionMessage } from "../session/session-types.js";

/** A one-line description of an entry for the tree outline. */
export interface EntryPreview {
	/** Short kind label, e.g. `user`, `assistant`, `tool result`, `compaction`. */
	kind: string;
	/** First line of the entry's text, at most `PREVIEW_LENGTH` characters. */
	text: string;
}

const PREVIEW_LENGTH = 100;

/** Joins the text blocks of a message content, marking images as `[image]`. */
export function contentText(content: string | readonly (TextContent | ImageContent)[]): string {
	if (typeof content === "string") return content;
	return content.map((block) => (block.type === "text" ? block.text : "[image]")).join("\n");
}

function firstLine(text: string): string {
	// A leading markdown heading marker says nothing in a one-line preview.
	const line = (text.trim().split("\n")[0] ?? "").replace(/^#{1,6}\s+/, "").trim();
	return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

function previewMessage(message: SessionMessage): EntryPreview {
	switch (message.role) {
		case "user":
			return { kind: "user", text: firstLine(contentText(message.content)) };
		case "assistant": {
			const text = message.content.find((block) => block.type === "text")?.text;
			const tools = message.content.filter((block) => block.type === "toolCall").map((block) => block.name);
			const summary = text ?? (tools.length > 0 ? `calls ${tools.join(", ")}` : (message.errorMessage ?? ""));
			return { kind: "assistant", text: firstLine(summary) };
		}
		case "toolResult":
			return {
				kind: message.isError ? "tool error" : "tool result",
				text: firstLine(`${message.toolName}: ${contentText(message.content)}`),
			};
		case "bashExecution":
			return { kind: "bash", text: firstLine(`$ ${message.command}`) };
		case "custom":
			return {
				kind: `custom (${message.customType})`,
				text: message.display ? firstLine(contentText(message.content)) : "(not displayed)",
			};
		case "branchSummary":
			return { kind: "branch summary", text: firstLine(message.summary) };
		case "compactionSummary":
			return { kind: "compaction", text: firstLine(message.summary) };
		default: {
			const unknownMessage: never = message;
			return { kind: String((unknownMessage as { role?: unknown }).role ?? "message"), text: "" };
		}
	}
}

/** Describes any entry, including types this version does not know. */
export function previewEntry(entry: SessionEntry): EntryPreview {
	switch (entry.type) {
		case "message":
			return previewMessage(entry.message);
		case "model_change":
			return { kind: "model", text: `${entry.provider}/${entry.modelId}` };
		case "thinking_level_change":
			return { kind: "thinking level", text: entry.thinkingLevel };
		case "compaction":
			return { kind: "compaction", text: firstLine(entry.summary) };
		case "branch_summary":
			return { kind: "branch summary", text: firstLine(entry.summary) };
		case "custom":
			return { kind: "custom data", text: entry.customType };
		case "custom_message":
			return {
				kind: `custom (${entry.customType})`,
				text: entry.display ? firstLine(contentText(entry.content)) : "(not displayed)",
			};
		case "label":
			return { kind: "label", text: entry.label ? `${entry.targetId}: ${entry.label}` : `${entry.targetId}: cleared` };
		case "session_info":
			return { kind: "name", text: entry.name ?? "" };
		case "usage":
			return { kind: `usage (${entry.kind})`, text: `${entry.usage.totalTokens} tokens` };
		case "context_edit":
			return { kind: "context edit", text: entry.replacement === null ? `${entry.targetId}: omitted` : entry.targetId };
		default: {
			const unknownEntry: never = entry;
			return { kind: String((unknownEntry as { type?: unknown }).type ?? "entry"), text: "" };
		}
	}
}
