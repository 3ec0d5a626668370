/**
 * Draws the editor: a border line, the visible visual lines with the cursor, a border line.
 * Scroll indicators ("↑ N more", "↓ N more") replace the borders when rows are hidden.
 */
import { CURSOR_MARKER } from "../cursor-marker.js";
import { visibleWidth } from "../text-width.js";
import type { TextPosition } from "./editor-buffer.js";
import type { VisualLine } from "./editor-layout.js";
import { nextBoundary } from "./editor-segments.js";
import { findMarkers } from "./paste-markers.js";

/** Reverse video on, and off again (not a full reset, so surrounding styles survive). */
const REVERSE_ON = "\x1b[7m";
const REVERSE_OFF = "\x1b[27m";

/** Everything one frame needs. */
export interface EditorFrame {
	lines: readonly string[];
	rows: readonly VisualLine[];
	cursor: TextPosition;
	cursorRow: number;
	/** First visible row. */
	scrollOffset: number;
	/** Number of rows shown. */
	visibleRows: number;
	width: number;
	paddingX: number;
	/** Draw the cursor cell (and emit CURSOR_MARKER when `emitMarker`). */
	showCursor: boolean;
	emitMarker: boolean;
	border: (text: string) => string;
	pasteMarker: (text: string) => string;
	/** Drawn into the top border (a spinner with what is running), when set. */
	borderStatus?: EditorBorderStatus | undefined;
}

/**
 * A status drawn into the editor's top border (`── ⠋ Working ────`): what runs while the user
 * types, without a line of its own.
 */
export interface EditorBorderStatus {
	/** The status, styled, in at most `maxWidth` cells ("" draws the plain border). */
	renderInBorder(maxWidth: number): string;
	/** Only its spinner (or "" for none), for a border too narrow for the message. */
	renderSpinner(maxWidth: number): string;
}

/** The frame's lines: border, rows, border. Each line is exactly `width` cells. */
export function renderEditorFrame(frame: EditorFrame): string[] {
	const output: string[] = [
		frame.borderStatus
			? statusBorderLine(frame.width, frame.scrollOffset, frame.border, frame.borderStatus)
			: borderLine(frame.width, frame.scrollOffset, "↑", frame.border),
	];
	const end = Math.min(frame.rows.length, frame.scrollOffset + frame.visibleRows);
	const padding = " ".repeat(frame.paddingX);
	const contentWidth = frame.width - frame.paddingX * 2;
	for (let index = frame.scrollOffset; index < end; index++) {
		const row = frame.rows[index];
		if (!row) continue;
		const content = renderRow(frame, row, index === frame.cursorRow);
		const fill = " ".repeat(Math.max(0, contentWidth - visibleWidth(content)));
		output.push(padding + content + fill + padding);
	}
	output.push(borderLine(frame.width, frame.rows.length - end, "↓", frame.border));
	return output;
}

function borderLine(width: number, hidden: number, arrow: string, style: (text: string) => string): string {
	if (hidden <= 0) return style("─".repeat(width));
	const label = `─── ${arrow} ${hidden} more `;
	const labelWidth = visibleWidth(label);
	if (labelWidth > width) return style("─".repeat(width));
	return style(label + "─".repeat(width - labelWidth));
}

/**
 * The top border with a status after two border cells (`── ⠋ Working ───`). With rows hidden
 * above, the `↑ N more` label sits centred when both fit; otherwise the status shrinks to its
 * spinner, and the label goes when even that does not leave room.
 */
function statusBorderLine(
	width: number,
	hidden: number,
	style: (text: string) => string,
	source: EditorBorderStatus,
): string {
	if (width <= 0) return "";
	let status = source.renderInBorder(Math.max(1, width - 5));
	let statusWidth = visibleWidth(status);
	if (statusWidth === 0) return borderLine(width, hidden, "↑", style);
	const label = hidden > 0 ? ` ↑ ${hidden} more ` : undefined;
	const labelWidth = label ? visibleWidth(label) : 0;
	const labelStart = Math.floor((width - labelWidth) / 2);
	const labelFits = (): boolean =>
		label !== undefined && labelWidth + 2 <= width && labelStart - (3 + statusWidth + 1) >= 1;
	if (label && !labelFits()) {
		status = source.renderSpinner(width);
		statusWidth = visibleWidth(status);
	}
	if (label && labelFits()) {
		const before = labelStart - (3 + statusWidth + 1);
		return `${style("── ")}${status}${style(` ${"─".repeat(before)}${label}${"─".repeat(width - labelStart - labelWidth)}`)}`;
	}
	if (width >= statusWidth + 5) return `${style("── ")}${status}${style(` ${"─".repeat(width - statusWidth - 4)}`)}`;
	status = source.renderSpinner(width);
	statusWidth = visibleWidth(status);
	const prefix = Math.min(3, Math.max(0, width - statusWidth));
	return `${style("─".repeat(prefix))}${status}${style("─".repeat(Math.max(0, width - prefix - statusWidth)))}`;
}

function renderRow(frame: EditorFrame, row: VisualLine, hasCursor: boolean): string {
	const line = frame.lines[row.line] ?? "";
	if (!hasCursor || !frame.showCursor) return styleMarkers(line, row.start, row.end, frame.pasteMarker);
	const col = Math.max(row.start, Math.min(frame.cursor.col, row.end));
	const before = styleMarkers(line, row.start, col, frame.pasteMarker);
	const atEnd = col >= row.end;
	const cursorEnd = atEnd ? col : Math.min(row.end, nextGraphemeEnd(line, col));
	const under = atEnd ? " " : line.slice(col, cursorEnd);
	const after = styleMarkers(line, cursorEnd, row.end, frame.pasteMarker);
	const marker = frame.emitMarker ? CURSOR_MARKER : "";
	return `${before}${marker}${REVERSE_ON}${under}${REVERSE_OFF}${after}`;
}

/** The end of the single grapheme at `col` (the cursor covers one grapheme, even on a marker). */
function nextGraphemeEnd(line: string, col: number): number {
	if (line[col] === "[") return col + 1;
	return nextBoundary(line, col);
}

/** `line[start, end)` with complete paste markers styled. */
function styleMarkers(line: string, start: number, end: number, style: (text: string) => string): string {
	const text = line.slice(start, end);
	const markers = findMarkers(text);
	if (markers.length === 0) return text;
	let result = "";
	let position = 0;
	for (const marker of markers) {
		result += text.slice(position, marker.start) + style(text.slice(marker.start, marker.end));
		position = marker.end;
	}
	return result + text.slice(position);
}

/** Scroll offset that keeps `cursorRow` within the window and the window within the rows. */
export function clampScroll(offset: number, cursorRow: number, visibleRows: number, rowCount: number): number {
	let next = offset;
	if (cursorRow < next) next = cursorRow;
	else if (cursorRow >= next + visibleRows) next = cursorRow - visibleRows + 1;
	return Math.max(0, Math.min(next, Math.max(0, rowCount - visibleRows)));
}
