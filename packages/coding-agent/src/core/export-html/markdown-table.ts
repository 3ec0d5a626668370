import { renderInlineMarkdown } from "./markdown-inline.js";

const SEPARATOR_ROW = /^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;

/** Splits `| a | b |` into trimmed cells; `\|` stays a literal pipe. */
function splitRow(line: string): string[] {
	const trimmed = line
		.trim()
		.replace(/^\|/, "")
		.replace(/(?<!\\)\|$/, "");
	return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, "|"));
}

/** True when `lines[start]` opens a GitHub-style table (a header row followed by `|---|`). */
export function isTableStart(lines: readonly string[], start: number): boolean {
	const header = lines[start] ?? "";
	const separator = lines[start + 1] ?? "";
	if (!header.includes("|") || !separator.includes("-") || !SEPARATOR_ROW.test(separator)) return false;
	// As in GitHub's tables, the delimiter row must have as many cells as the header.
	return splitRow(header).length === splitRow(separator).length;
}

function renderRow(cells: readonly string[], tag: "th" | "td", width: number): string {
	const padded = Array.from({ length: width }, (_unused, column) => cells[column] ?? "");
	return `<tr>${padded.map((cell) => `<${tag}>${renderInlineMarkdown(cell)}</${tag}>`).join("")}</tr>`;
}

/**
 * Renders the table starting at `start` (see `isTableStart`); rows continue until a blank line or a
 * line without `|`. Returns the HTML and the index of the first line after the table.
 */
export function renderTable(lines: readonly string[], start: number): { html: string; next: number } {
	const header = splitRow(lines[start] ?? "");
	let next = start + 2;
	const rows: string[][] = [];
	while (next < lines.length && (lines[next] ?? "").includes("|") && (lines[next] ?? "").trim() !== "") {
		rows.push(splitRow(lines[next] ?? ""));
		next++;
	}
	const body = rows.map((row) => renderRow(row, "td", header.length)).join("\n");
	const html =
		`<div class="md-table"><table><thead>${renderRow(header, "th", header.length)}</thead>` +
		`<tbody>${body}</tbody></table></div>`;
	return { html, next };
}
