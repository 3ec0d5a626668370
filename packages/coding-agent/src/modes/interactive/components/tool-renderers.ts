// Per-tool rendering of a tool call: a one-line title from the arguments and a body from the
// (partial) result. Long bodies are cut to a few lines with a "… N more lines" hint unless the
// user expanded tool output (Ctrl+O).
import type { TextContent } from "@pi/ai";
import type { Theme } from "../theme.js";

/** What a renderer gets: the call and, once known, its (partial) result. */
export interface ToolView {
	toolName: string;
	args: Record<string, unknown>;
	/** Text of the (partial) result; undefined while nothing came back. */
	output: string | undefined;
	details: unknown;
	isError: boolean;
	done: boolean;
	expanded: boolean;
}

/** The title line and body lines (unstyled body lines are styled by the renderer). */
export interface ToolRendering {
	title: string;
	body: string[];
}

function str(value: unknown): string {
	return typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
}

/** Keeps the last (`tail`) or first lines, with a hint line about the rest. */
function clip(lines: string[], max: number, theme: Theme, fromEnd: boolean): string[] {
	if (lines.length <= max) return lines;
	const hidden = lines.length - max;
	const hint = theme.muted(`… ${hidden} more line${hidden === 1 ? "" : "s"} (Ctrl+O to expand)`);
	return fromEnd ? [hint, ...lines.slice(-max)] : [...lines.slice(0, max), hint];
}

function outputLines(output: string | undefined): string[] {
	if (output === undefined) return [];
	const trimmed = output.replace(/\n+$/, "");
	return trimmed === "" ? [] : trimmed.split("\n");
}

function truncationNote(details: unknown, theme: Theme): string[] {
	if (typeof details !== "object" || details === null) return [];
	const path = (details as { fullOutputPath?: unknown }).fullOutputPath;
	return typeof path === "string" ? [theme.warning(`[output truncated; full output: ${path}]`)] : [];
}

function renderBash(view: ToolView, theme: Theme): ToolRendering {
	const lines = outputLines(view.output).map((line) => (view.isError ? theme.error(line) : theme.muted(line)));
	const body = view.expanded ? lines : clip(lines, 5, theme, true);
	return {
		title: theme.toolTitle(`$ ${str(view.args.command)}`),
		body: [...body, ...truncationNote(view.details, theme)],
	};
}

function renderRead(view: ToolView, theme: Theme): ToolRendering {
	const offset = typeof view.args.offset === "number" ? view.args.offset : undefined;
	const limit = typeof view.args.limit === "number" ? view.args.limit : undefined;
	let range = "";
	if (offset !== undefined || limit !== undefined) {
		const start = offset ?? 1;
		range = limit !== undefined ? `:${start}-${start + limit - 1}` : `:${start}`;
	}
	const lines = outputLines(view.output);
	const body = view.isError ? lines.map(theme.error) : view.expanded ? lines.map(theme.muted) : [];
	const summary = !view.isError && !view.expanded && view.done ? ` ${theme.muted(`(${lines.length} lines)`)}` : "";
	return { title: `${theme.toolTitle("read")} ${theme.accent(str(view.args.path) + range)}${summary}`, body };
}

function colourDiffLine(line: string, theme: Theme): string {
	if (line.startsWith("+")) return theme.diffAdded(line);
	if (line.startsWith("-")) return theme.diffRemoved(line);
	return theme.diffContext(line);
}

function renderEdit(view: ToolView, theme: Theme): ToolRendering {
	const title = `${theme.toolTitle("edit")} ${theme.accent(str(view.args.path))}`;
	if (view.isError) return { title, body: outputLines(view.output).map(theme.error) };
	const diff = (view.details as { diff?: unknown } | undefined)?.diff;
	if (typeof diff !== "string") return { title, body: [] };
	const lines = diff.split("\n").map((line) => colourDiffLine(line, theme));
	return { title, body: view.expanded ? lines : clip(lines, 20, theme, false) };
}

function renderWrite(view: ToolView, theme: Theme): ToolRendering {
	const content = str(view.args.content);
	const lineCount = content === "" ? 0 : content.replace(/\n$/, "").split("\n").length;
	const size = Buffer.byteLength(content, "utf8");
	const title = `${theme.toolTitle("write")} ${theme.accent(str(view.args.path))} ${theme.muted(`(${lineCount} lines, ${size} bytes)`)}`;
	if (view.isError) return { title, body: outputLines(view.output).map(theme.error) };
	const preview = outputLines(content).map(theme.muted);
	return { title, body: view.expanded ? preview : clip(preview, 10, theme, false) };
}

function renderSearch(view: ToolView, theme: Theme): ToolRendering {
	const where = str(view.args.path) || ".";
	const what = view.toolName === "ls" ? where : `${str(view.args.pattern)} ${theme.muted(`in ${where}`)}`;
	const lines = outputLines(view.output);
	const title = `${theme.toolTitle(view.toolName)} ${theme.accent(what)}`;
	if (view.isError) return { title, body: lines.map(theme.error) };
	const noun = view.toolName === "grep" ? "match" : view.toolName === "find" ? "file" : "entry";
	const plural = noun === "entry" ? "entries" : noun === "match" ? "matches" : "files";
	const summary = view.done ? ` ${theme.muted(`(${lines.length} ${lines.length === 1 ? noun : plural})`)}` : "";
	return { title: title + summary, body: view.expanded ? lines.map(theme.muted) : [] };
}

function renderGeneric(view: ToolView, theme: Theme): ToolRendering {
	const args = JSON.stringify(view.args);
	const lines = outputLines(view.output).map((line) => (view.isError ? theme.error(line) : theme.muted(line)));
	return {
		title: `${theme.toolTitle(view.toolName)} ${theme.muted(args === "{}" ? "" : args)}`,
		body: view.expanded ? lines : clip(lines, 10, theme, false),
	};
}

/** Renders a tool call with the renderer of its tool (a generic one for unknown tools). */
export function renderTool(view: ToolView, theme: Theme): ToolRendering {
	switch (view.toolName) {
		case "bash":
			return renderBash(view, theme);
		case "read":
			return renderRead(view, theme);
		case "edit":
			return renderEdit(view, theme);
		case "write":
			return renderWrite(view, theme);
		case "grep":
		case "find":
		case "ls":
			return renderSearch(view, theme);
		default:
			return renderGeneric(view, theme);
	}
}

/** The text blocks of a tool result joined with newlines. */
export function resultText(content: readonly { type: string }[] | undefined): string | undefined {
	if (!content) return undefined;
	return content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
}
