import { SGR_RESET } from "./ansi.js";
import { CURSOR_MARKER } from "./cursor-marker.js";
import { TAB_WIDTH, truncateToWidth, visibleWidth } from "./text-width.js";

/** Lines ready for the terminal, plus where the cursor marker was found. */
export interface PreparedFrame {
	lines: string[];
	cursor: { row: number; column: number } | undefined;
}

const TAB_SPACES = " ".repeat(TAB_WIDTH);

/** Makes one line safe to print: tabs expanded, cut to `width`, styles reset at the end. */
function prepareLine(line: string, width: number): string {
	let result = line.includes("\t") ? line.replaceAll("\t", TAB_SPACES) : line;
	// Never let the terminal wrap: a wrapped line would shift every row below it.
	if (visibleWidth(result) > width) result = truncateToWidth(result, width, "");
	if (result.includes("\x1b") && !result.endsWith(SGR_RESET)) result += SGR_RESET;
	return result;
}

/**
 * Turns component output into terminal lines, reusing the previous frame's work for lines
 * that did not change. The first cursor marker found (top to bottom) sets the cursor; all
 * markers are removed.
 */
export class FramePreparer {
	private previousRaw: string[] = [];
	private previousPrepared: string[] = [];
	private previousWidth = -1;

	/** Prepares `raw` for a terminal `width` cells wide. */
	prepare(raw: string[], width: number): PreparedFrame {
		const sameWidth = width === this.previousWidth;
		const lines: string[] = new Array(raw.length);
		let cursor: PreparedFrame["cursor"];
		for (let row = 0; row < raw.length; row++) {
			let line = raw[row] ?? "";
			if (line.includes(CURSOR_MARKER)) {
				const index = line.indexOf(CURSOR_MARKER);
				if (!cursor) cursor = { row, column: Math.min(width - 1, visibleWidth(line.slice(0, index))) };
				line = line.replaceAll(CURSOR_MARKER, "");
				lines[row] = prepareLine(line, width);
				continue;
			}
			if (sameWidth && this.previousRaw[row] === line) lines[row] = this.previousPrepared[row] ?? "";
			else lines[row] = prepareLine(line, width);
		}
		this.previousRaw = raw;
		this.previousPrepared = lines;
		this.previousWidth = width;
		return { lines, cursor };
	}
}
