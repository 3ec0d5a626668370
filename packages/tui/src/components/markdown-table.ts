/**
 * Tables with box-drawing borders. Columns keep their natural width when the table fits;
 * otherwise the widest columns are narrowed to a common cap and their cells wrap. When not
 * even one cell per column fits, each row is shown as "header: value" lines instead.
 */
import type { Tokens } from "marked";
import { visibleWidth } from "../text-width.js";
import { wrapTextWithAnsi } from "../wrap.js";
import { type InlineContext, renderInline } from "./markdown-inline.js";

type Align = "left" | "center" | "right" | null;

/** Renders a table to lines of at most `width` cells. */
export function renderTable(table: Tokens.Table, width: number, context: InlineContext): string[] {
	const theme = context.theme;
	const header = table.header.map((cell) => theme.bold(renderInline(cell.tokens, context)));
	const rows = table.rows.map((row) => row.map((cell) => renderInline(cell.tokens, context)));
	const columns = header.length;
	if (columns === 0) return [];
	const available = width - (3 * columns + 1);
	if (available < columns * 2) return renderStacked(header, rows, width, context);
	const natural = header.map((_, column) =>
		Math.max(1, ...[header, ...rows].map((row) => maxLineWidth(row[column] ?? ""))),
	);
	const widths = fitColumns(natural, available);
	const border = (left: string, middle: string, right: string): string =>
		theme.tableBorder(left + widths.map((w) => "─".repeat(w + 2)).join(middle) + right);
	const lines = [border("┌", "┬", "┐")];
	lines.push(...renderRow(header, widths, table.align, context));
	lines.push(border("├", "┼", "┤"));
	for (const row of rows) lines.push(...renderRow(row, widths, table.align, context));
	lines.push(border("└", "┴", "┘"));
	return lines;
}

function maxLineWidth(text: string): number {
	return Math.max(0, ...text.split("\n").map((line) => visibleWidth(line)));
}

/**
 * Column widths summing to at most `available`: columns narrower than a common cap keep their
 * natural width, wider ones get the cap, and leftover cells go to the widest columns.
 */
export function fitColumns(natural: readonly number[], available: number): number[] {
	const total = natural.reduce((sum, width) => sum + width, 0);
	if (total <= available) return [...natural];
	let low = 1;
	let high = Math.max(...natural);
	while (low < high) {
		const cap = Math.ceil((low + high) / 2);
		const used = natural.reduce((sum, width) => sum + Math.min(width, cap), 0);
		if (used <= available) low = cap;
		else high = cap - 1;
	}
	const widths = natural.map((width) => Math.min(width, low));
	let leftover = available - widths.reduce((sum, width) => sum + width, 0);
	for (let index = 0; index < widths.length && leftover > 0; index++) {
		if ((natural[index] ?? 0) > (widths[index] ?? 0)) {
			widths[index] = (widths[index] ?? 0) + 1;
			leftover--;
		}
	}
	return widths;
}

function renderRow(
	cells: readonly string[],
	widths: readonly number[],
	align: readonly Align[],
	context: InlineContext,
): string[] {
	const wrapped = widths.map((width, column) => wrapTextWithAnsi(cells[column] ?? "", width));
	const height = Math.max(1, ...wrapped.map((lines) => lines.length));
	const bar = context.theme.tableBorder("│");
	const lines: string[] = [];
	for (let lineIndex = 0; lineIndex < height; lineIndex++) {
		const parts = widths.map((width, column) =>
			alignCell(wrapped[column]?.[lineIndex] ?? "", width, align[column] ?? null),
		);
		lines.push(`${bar} ${parts.join(` ${bar} `)} ${bar}`);
	}
	return lines;
}

function alignCell(text: string, width: number, align: Align): string {
	const gap = Math.max(0, width - visibleWidth(text));
	if (align === "right") return " ".repeat(gap) + text;
	if (align === "center") return " ".repeat(Math.floor(gap / 2)) + text + " ".repeat(gap - Math.floor(gap / 2));
	return text + " ".repeat(gap);
}

/** Fallback for very narrow widths: each row as "header: value" lines, rows separated by a rule. */
function renderStacked(
	header: readonly string[],
	rows: readonly string[][],
	width: number,
	context: InlineContext,
): string[] {
	if (rows.length === 0) return header.flatMap((name) => wrapTextWithAnsi(name, Math.max(1, width)));
	const lines: string[] = [];
	rows.forEach((row, rowIndex) => {
		if (rowIndex > 0) lines.push(context.theme.tableBorder("─".repeat(Math.max(1, width))));
		header.forEach((name, column) => {
			lines.push(...wrapTextWithAnsi(`${name}: ${row[column] ?? ""}`, Math.max(1, width)));
		});
	});
	return lines;
}
