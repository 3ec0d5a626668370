import type { ToolCall } from "@pi/ai";
import type { SessionEntry } from "../session/session-types.js";
import { formatTimestamp } from "./format-values.js";
import { escapeHtml } from "./html-escape.js";
import {
	type RenderedItem,
	renderBranchSummary,
	renderCompaction,
	renderCustom,
	renderMessage,
} from "./render-message.js";

/** What the transcript needs to know beyond the entry itself. */
export interface TranscriptEntryContext {
	/** Current label per entry id. */
	labels: ReadonlyMap<string, string>;
	/** Ids of the entries still sent to the model (`buildContextEntries()`); others were compacted away. */
	contextEntryIds: ReadonlySet<string>;
	/** The branch's tool calls by id, so a result is shown in the light of its call. Default: none. */
	toolCalls?: ReadonlyMap<string, ToolCall>;
}

/** The DOM id of an entry's transcript item (ids are untrusted, so callers escape it). */
export function entryElementId(entryId: string): string {
	return `entry-${entryId}`;
}

function note(entry: SessionEntry, text: string): string {
	return `<div class="note" id="${escapeHtml(entryElementId(entry.id))}">${escapeHtml(text)}</div>`;
}

function renderItemForEntry(entry: SessionEntry, context: TranscriptEntryContext): RenderedItem | undefined {
	switch (entry.type) {
		case "message":
			return renderMessage(entry.message, context.toolCalls);
		case "compaction":
			return renderCompaction(entry.summary, entry.tokensBefore);
		case "branch_summary":
			return renderBranchSummary(entry.summary, entry.fromId);
		case "custom_message":
			return renderCustom(entry.customType, entry.content, entry.display);
		default:
			return undefined;
	}
}

function wrapItem(entry: SessionEntry, item: RenderedItem, context: TranscriptEntryContext): string {
	const label = context.labels.get(entry.id);
	const compacted = !context.contextEntryIds.has(entry.id);
	const classes = ["entry", `entry-${item.kind}`, ...(item.classes ?? []), ...(compacted ? ["compacted"] : [])];
	const labelTag = label ? ` <span class="badge badge-label">${escapeHtml(label)}</span>` : "";
	const compactedTag = compacted
		? ' <span class="badge" title="Summarised by a later compaction">compacted</span>'
		: "";
	return (
		`<article class="${classes.join(" ")}" id="${escapeHtml(entryElementId(entry.id))}">` +
		`<header class="entry-header"><span class="entry-title">${item.title}</span>${labelTag}${compactedTag}` +
		`<time class="muted" datetime="${escapeHtml(entry.timestamp)}">${escapeHtml(formatTimestamp(entry.timestamp))}</time></header>` +
		`<div class="entry-body">${item.body}</div></article>`
	);
}

/**
 * Renders one entry of the active branch as transcript HTML: messages, summaries and displayed
 * custom messages as items; model, thinking-level and name changes as one-line notes; label and
 * extension-state entries (and unknown types) as nothing.
 */
export function renderTranscriptEntry(entry: SessionEntry, context: TranscriptEntryContext): string {
	switch (entry.type) {
		case "model_change":
			return note(entry, `Model changed to ${entry.provider}/${entry.modelId}`);
		case "thinking_level_change":
			return note(entry, `Thinking level set to ${entry.thinkingLevel}`);
		case "session_info":
			return entry.name?.trim() ? note(entry, `Session named “${entry.name.trim()}”`) : "";
		default: {
			const item = renderItemForEntry(entry, context);
			return item ? wrapItem(entry, item, context) : "";
		}
	}
}
