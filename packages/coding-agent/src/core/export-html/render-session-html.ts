import type { ToolCall } from "@pi/ai";
import type { SessionEntry, SessionHeader, SessionTreeNode } from "../session/session-types.js";
import { serializeJsonForScript } from "./embed-json.js";
import { EXPORT_SCRIPT } from "./export-script.js";
import { EXPORT_STYLES } from "./export-styles.js";
import { escapeHtml } from "./html-escape.js";
import { renderTranscriptEntry } from "./render-entry.js";
import { renderHeader } from "./render-header.js";
import { renderTree } from "./render-tree.js";

/** A plain-data snapshot of a session: everything the HTML page is rendered from. */
export interface SessionHtmlInput {
	header: SessionHeader;
	/** All entries in append order (all branches). */
	entries: readonly SessionEntry[];
	/** The active branch, root-first. */
	branch: readonly SessionEntry[];
	tree: readonly SessionTreeNode[];
	leafId: string | null;
	/** Ids of the entries that make up the model's context (`buildContextEntries()`). */
	contextEntryIds: ReadonlySet<string>;
	sessionName?: string;
	sessionFile?: string;
	/** Overrides the page title. Default: the session name, else the first prompt, else `Session <id>`. */
	title?: string;
}

// Blocks everything but the inline styles and scripts and data: images, so even a rendering bug
// could not make the page fetch anything.
const CONTENT_SECURITY_POLICY =
	"default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

function collectLabels(roots: readonly SessionTreeNode[]): Map<string, string> {
	const labels = new Map<string, string>();
	const stack = [...roots];
	for (let node = stack.pop(); node; node = stack.pop()) {
		if (node.label) labels.set(node.entry.id, node.label);
		stack.push(...node.children);
	}
	return labels;
}

function toolCallsOf(branch: readonly SessionEntry[]): Map<string, ToolCall> {
	const calls = new Map<string, ToolCall>();
	for (const entry of branch) {
		if (entry.type !== "message" || entry.message.role !== "assistant") continue;
		for (const block of entry.message.content) if (block.type === "toolCall") calls.set(block.id, block);
	}
	return calls;
}

/** The first user prompt of the branch as one line of at most 80 characters, if any. */
export function firstPromptTitle(branch: readonly SessionEntry[]): string | undefined {
	for (const entry of branch) {
		if (entry.type !== "message" || entry.message.role !== "user") continue;
		const content = entry.message.content;
		const text =
			typeof content === "string"
				? content
				: content.map((block) => (block.type === "text" ? block.text : "")).join(" ");
		const line = text.replace(/\s+/g, " ").trim();
		if (line) return line.length > 80 ? `${line.slice(0, 79)}…` : line;
	}
	return undefined;
}

function renderTranscript(
	input: SessionHtmlInput,
	labels: ReadonlyMap<string, string>,
): { html: string; renderedIds: Set<string> } {
	const renderedIds = new Set<string>();
	const items: string[] = [];
	const toolCalls = toolCallsOf(input.branch);
	for (const entry of input.branch) {
		const html = renderTranscriptEntry(entry, { labels, contextEntryIds: input.contextEntryIds, toolCalls });
		if (!html) continue;
		renderedIds.add(entry.id);
		items.push(html);
	}
	const body = items.length > 0 ? items.join("\n") : '<p class="muted">No messages on the active branch.</p>';
	return {
		html: `<section class="transcript" aria-label="Transcript"><h2>Transcript (active branch)</h2>\n${body}\n</section>`,
		renderedIds,
	};
}

function renderTreePanel(input: SessionHtmlInput, linkableIds: ReadonlySet<string>): string {
	const activeIds = new Set(input.branch.map((entry) => entry.id));
	const outline = renderTree(input.tree, { activeIds, linkableIds, leafId: input.leafId });
	return `<aside class="tree-panel" aria-label="Session tree"><details open><summary>Session tree (all branches)</summary>${outline}</details></aside>`;
}

const TOOLBAR =
	'<div class="toolbar" hidden><button type="button" data-action="expand-all">Expand all</button>' +
	'<button type="button" data-action="collapse-all">Collapse all</button>' +
	'<button type="button" data-action="download">Download session (.jsonl)</button></div>';

/**
 * Renders a session as one self-contained HTML document: inline CSS and JS only, images as
 * `data:` URIs, a Content-Security-Policy that forbids any fetch, every piece of session content
 * escaped. The page holds the header, the active branch as a transcript, the whole tree as an
 * outline, and the session (`{ header, leafId, entries }`) as JSON in
 * `<script type="application/json" id="session-data">`.
 */
export function renderSessionHtml(input: SessionHtmlInput): string {
	const title =
		input.title?.trim() || input.sessionName?.trim() || firstPromptTitle(input.branch) || `Session ${input.header.id}`;
	const labels = collectLabels(input.tree);
	const transcript = renderTranscript(input, labels);
	const header = renderHeader({
		header: input.header,
		title,
		sessionFile: input.sessionFile,
		entries: input.entries,
		branchLength: input.branch.length,
		actions: TOOLBAR,
	});
	const data = { header: input.header, leafId: input.leafId, entries: input.entries };
	return [
		"<!DOCTYPE html>",
		'<html lang="en">',
		"<head>",
		'<meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		'<meta name="color-scheme" content="light dark">',
		'<meta name="generator" content="pi coding agent">',
		`<title>${escapeHtml(title)}</title>`,
		`<style>${EXPORT_STYLES}</style>`,
		"</head>",
		"<body>",
		header,
		`<main>${renderTreePanel(input, transcript.renderedIds)}\n${transcript.html}</main>`,
		`<footer>Exported from pi · ${escapeHtml(new Date().toISOString())}</footer>`,
		`<script type="application/json" id="session-data">${serializeJsonForScript(data)}</script>`,
		`<script>${EXPORT_SCRIPT}</script>`,
		"</body>",
		"</html>",
		"",
	].join("\n");
}
