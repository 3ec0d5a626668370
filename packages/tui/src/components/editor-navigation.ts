/**
 * Cursor movement across visual lines (soft-wrapped rows): up/down keep a preferred column in
 * cells, so moving through short or wide-character lines returns to the same column after.
 */
import type { TextPosition } from "./editor-buffer.js";
import type { VisualLine } from "./editor-layout.js";
import { cellsBefore, colAtCells, findVisualRow, rowContinues } from "./editor-visual-lines.js";
import { findMarkers } from "./paste-markers.js";

/** Result of a vertical move: the new position and the column (in cells) to keep aiming for. */
export interface VerticalMove {
	position: TextPosition;
	preferredCells: number;
}

/**
 * Moves `rowDelta` visual rows from `cursor` (clamped to the first / last row), aiming at
 * `preferredCells` cells from the row start (default: the cursor's current cell column).
 */
export function moveVertically(
	lines: readonly string[],
	rows: readonly VisualLine[],
	cursor: TextPosition,
	rowDelta: number,
	preferredCells: number | undefined,
): VerticalMove {
	const currentIndex = findVisualRow(rows, cursor);
	const current = rows[currentIndex];
	const cells = preferredCells ?? (current ? cellsBefore(lines[cursor.line] ?? "", current, cursor.col) : 0);
	const targetIndex = Math.max(0, Math.min(rows.length - 1, currentIndex + rowDelta));
	const target = rows[targetIndex];
	if (!target) return { position: cursor, preferredCells: cells };
	const line = lines[target.line] ?? "";
	const col = colAtCells(line, target, cells, rowContinues(rows, targetIndex));
	return { position: { line: target.line, col: snapOutOfMarker(line, col) }, preferredCells: cells };
}

/** Moves a column that falls inside a paste marker to the marker's start. */
export function snapOutOfMarker(line: string, col: number): number {
	for (const marker of findMarkers(line)) {
		if (col > marker.start && col < marker.end) return marker.start;
	}
	return col;
}
