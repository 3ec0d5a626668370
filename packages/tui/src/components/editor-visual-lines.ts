/**
 * The editor's visual lines (soft-wrapped rows) for the whole buffer, with a per-line cache so
 * re-rendering a large buffer only re-wraps lines that changed, and the row/column mapping
 * that vertical cursor movement needs.
 */
import { graphemeWidth, splitGraphemes, visibleWidth } from "../text-width.js";
import type { TextPosition } from "./editor-buffer.js";
import { type LineChunk, type VisualLine, wrapLine } from "./editor-layout.js";

/** Builds visual lines, reusing each logical line's chunks while its text and the width are unchanged. */
export class VisualLineCache {
	private width = -1;
	private previousLines: readonly string[] = [];
	private previousChunks: LineChunk[][] = [];

	/** All visual lines of `lines` at `width` cells, in order. */
	build(lines: readonly string[], width: number): VisualLine[] {
		if (width !== this.width) {
			this.width = width;
			this.previousLines = [];
			this.previousChunks = [];
		}
		const chunksPerLine: LineChunk[][] = new Array(lines.length);
		// Lines usually stay at their index; only after lines move is a lookup by text needed.
		let byText: Map<string, LineChunk[]> | undefined;
		const rows: VisualLine[] = [];
		for (let line = 0; line < lines.length; line++) {
			const text = lines[line] ?? "";
			let chunks = this.previousLines[line] === text ? this.previousChunks[line] : undefined;
			if (!chunks) {
				byText ??= this.indexPrevious();
				chunks = byText.get(text) ?? wrapLine(text, width);
			}
			chunksPerLine[line] = chunks;
			for (const chunk of chunks) rows.push({ line, start: chunk.start, end: chunk.end });
		}
		this.previousLines = lines.slice();
		this.previousChunks = chunksPerLine;
		return rows;
	}

	private indexPrevious(): Map<string, LineChunk[]> {
		const byText = new Map<string, LineChunk[]>();
		this.previousLines.forEach((text, line) => {
			const chunks = this.previousChunks[line];
			if (chunks) byText.set(text, chunks);
		});
		return byText;
	}
}

/** Index of the row holding `position`; a position on a chunk boundary belongs to the later chunk. */
export function findVisualRow(rows: readonly VisualLine[], position: TextPosition): number {
	let low = 0;
	let high = rows.length - 1;
	while (low < high) {
		const middle = (low + high) >> 1;
		if ((rows[middle]?.line ?? 0) < position.line) low = middle + 1;
		else high = middle;
	}
	let row = low;
	while (row + 1 < rows.length) {
		const next = rows[row + 1];
		if (!next || next.line !== position.line || next.start > position.col) break;
		row++;
	}
	return row;
}

/** Cells between the start of `row` and `col`. */
export function cellsBefore(line: string, row: VisualLine, col: number): number {
	return visibleWidth(line.slice(row.start, Math.max(row.start, col)));
}

/**
 * The column in `row` closest to `cells` cells from its start without passing it. On a row that
 * continues on the next visual line, the row's end is excluded (that position is the next row's).
 */
export function colAtCells(line: string, row: VisualLine, cells: number, continues: boolean): number {
	let col = row.start;
	let used = 0;
	for (const grapheme of splitGraphemes(line.slice(row.start, row.end))) {
		const width = graphemeWidth(grapheme);
		if (used + width > cells) break;
		const nextCol = col + grapheme.length;
		if (continues && nextCol >= row.end) break;
		used += width;
		col = nextCol;
	}
	return col;
}

/** True when the row is followed by another row of the same logical line. */
export function rowContinues(rows: readonly VisualLine[], index: number): boolean {
	const row = rows[index];
	const next = rows[index + 1];
	return row !== undefined && next !== undefined && next.line === row.line;
}
