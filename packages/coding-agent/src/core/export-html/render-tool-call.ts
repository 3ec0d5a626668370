import type { ToolCall } from "@pi/ai";
import { findHighlightLanguage } from "@pi/tui";
import { diffLines } from "diff";
import { escapeHtml } from "./html-escape.js";
import { renderCodeHtml } from "./render-markdown.js";

// Tool calls read like the TUI shows them (issue 15): bash as its command, read as path and
// line range, write as path and highlighted content, edit as a coloured diff; other tools as
// their name and arguments. Arguments are untrusted: each is type-checked before it is used, and
// anything unexpected falls back to the arguments as JSON.

/** Long file contents start collapsed beyond this many lines. */
const COLLAPSE_LINES = 30;

function stringArgument(call: ToolCall, name: string): string | undefined {
	const value = call.arguments[name];
	return typeof value === "string" ? value : undefined;
}

function numberArgument(call: ToolCall, name: string): number | undefined {
	const value = call.arguments[name];
	return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** The highlight.js language of a file, from its extension (or its name, e.g. `Dockerfile`). */
export function languageOfPath(path: string | undefined): string | undefined {
	const name = path?.split(/[\\/]/).pop() ?? "";
	const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1) : name;
	return findHighlightLanguage(extension) ? extension : undefined;
}

function header(toolName: string, detail: string): string {
	return `<div class="tool-call-name"><span class="badge">${escapeHtml(toolName)}</span> ${detail}</div>`;
}

function collapsible(html: string, lineCount: number, summary: string): string {
	if (lineCount <= COLLAPSE_LINES) return html;
	return `<details class="output-details"><summary>${escapeHtml(summary)} (${lineCount} lines)</summary>${html}</details>`;
}

/** A coloured line diff of one replacement: removed lines red, added green, unchanged plain. */
export function renderTextDiff(oldText: string, newText: string): string {
	const lines: string[] = [];
	for (const part of diffLines(oldText, newText)) {
		const kind = part.added ? "add" : part.removed ? "del" : "same";
		const sign = part.added ? "+" : part.removed ? "-" : " ";
		const partLines = part.value.replace(/\n$/, "").split("\n");
		for (const line of partLines) lines.push(`<span class="diff-${kind}">${escapeHtml(`${sign} ${line}`)}</span>`);
	}
	return `<pre class="diff"><code>${lines.join("\n")}</code></pre>`;
}

function renderBashCall(call: ToolCall, command: string): string {
	const timeout = numberArgument(call, "timeout");
	const detail = timeout === undefined ? "" : `<span class="muted">timeout ${escapeHtml(String(timeout))} s</span>`;
	return `${header("bash", detail)}<pre class="command"><code>$ ${escapeHtml(command)}</code></pre>`;
}

function renderReadCall(call: ToolCall, path: string): string {
	const offset = numberArgument(call, "offset");
	const limit = numberArgument(call, "limit");
	const first = offset ?? 1;
	const range =
		limit !== undefined ? `lines ${first}–${first + limit - 1}` : offset !== undefined ? `from line ${first}` : "";
	return header("read", `<span class="tool-path">${escapeHtml(path)}</span> <span class="muted">${range}</span>`);
}

function renderWriteCall(path: string, content: string): string {
	const lineCount = content.split("\n").length;
	const code = renderCodeHtml(content, languageOfPath(path));
	return (
		header(
			"write",
			`<span class="tool-path">${escapeHtml(path)}</span> <span class="muted">${lineCount} lines</span>`,
		) + collapsible(code, lineCount, "Content")
	);
}

function renderEditCall(call: ToolCall, path: string): string | undefined {
	const edits = call.arguments.edits;
	if (!Array.isArray(edits)) return undefined;
	const diffs: string[] = [];
	for (const edit of edits) {
		const { oldText, newText } = (edit ?? {}) as { oldText?: unknown; newText?: unknown };
		if (typeof oldText !== "string" || typeof newText !== "string") return undefined;
		diffs.push(renderTextDiff(oldText, newText));
	}
	const count = `${edits.length} ${edits.length === 1 ? "replacement" : "replacements"}`;
	return (
		header("edit", `<span class="tool-path">${escapeHtml(path)}</span> <span class="muted">${count}</span>`) +
		diffs.join("")
	);
}

function renderGenericCall(call: ToolCall): string {
	return `${header(call.name, "")}<pre class="tool-args"><code>${escapeHtml(prettyJson(call.arguments))}</code></pre>`;
}

/** Pretty-prints JSON (2-space indent); values that cannot be serialised are shown as text. */
export function prettyJson(value: unknown): string {
	try {
		return JSON.stringify(value, null, 2) ?? String(value);
	} catch {
		// Circular or BigInt values cannot come from a JSONL file, but a live session could hold them.
		return String(value);
	}
}

function renderKnownCall(call: ToolCall): string | undefined {
	const path = stringArgument(call, "path");
	switch (call.name) {
		case "bash": {
			const command = stringArgument(call, "command");
			return command === undefined ? undefined : renderBashCall(call, command);
		}
		case "read":
			return path === undefined ? undefined : renderReadCall(call, path);
		case "write": {
			const content = stringArgument(call, "content");
			return path === undefined || content === undefined ? undefined : renderWriteCall(path, content);
		}
		case "edit":
			return path === undefined ? undefined : renderEditCall(call, path);
		case "grep":
		case "find": {
			const pattern = stringArgument(call, "pattern");
			if (pattern === undefined) return undefined;
			const glob = stringArgument(call, "glob");
			const where = `in <span class="tool-path">${escapeHtml(path ?? ".")}</span>${glob ? ` <span class="muted">(${escapeHtml(glob)})</span>` : ""}`;
			return header(call.name, `<code>${escapeHtml(pattern)}</code> ${where}`);
		}
		case "ls":
			return header("ls", `<span class="tool-path">${escapeHtml(path ?? ".")}</span>`);
		default:
			return undefined;
	}
}

/** A tool call as the TUI shows it (see above), in a `tool-call` block. */
export function renderToolCall(call: ToolCall): string {
	const body = renderKnownCall(call) ?? renderGenericCall(call);
	return `<div class="tool-call tool-call-${escapeHtml(call.name.replace(/[^\w-]/g, "_"))}">${body}</div>`;
}
