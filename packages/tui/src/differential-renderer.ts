import { TerminalSequences } from "./terminal.js";

/** One frame for {@link DifferentialRenderer}: final lines (each at most `width` cells). */
export interface RenderFrame {
	/** The lines to show, already truncated to `width` and without cursor markers. */
	lines: string[];
	/** Where to place the hardware cursor (content row, cell column); hidden when undefined. */
	cursor: { row: number; column: number } | undefined;
	/** Terminal width in cells. */
	width: number;
	/** Terminal height in rows. */
	rows: number;
}

/** The first and last index where the two frames differ (-1 when they are equal). */
function changedRange(previous: readonly string[], lines: readonly string[]): { first: number; last: number } {
	const length = Math.max(lines.length, previous.length);
	let first = -1;
	let last = -1;
	for (let index = 0; index < length; index++) {
		if (lines[index] !== previous[index]) {
			if (first === -1) first = index;
			last = index;
		}
	}
	return { first, last };
}

/** Clears the screen and the scrollback, then homes the cursor. ED2 first: some terminals push the screen into scrollback on ED2, and ED3 then drops it. */
const CLEAR_ALL = "\x1b[2J\x1b[3J\x1b[H";
/** Clears the screen only (the alternate screen has no scrollback of its own). */
const CLEAR_SCREEN = "\x1b[2J\x1b[H";

/**
 * Turns successive frames into the bytes that update the terminal, writing only what changed.
 *
 * The content is drawn inline from the row where the cursor was at the first frame, and may
 * grow taller than the screen (older lines scroll into the terminal's scrollback). The
 * renderer tracks the hardware cursor's content row and moves relatively, so it never needs
 * to know the absolute screen position. It also keeps a bound on which content rows are still
 * on the screen (reachable by cursor movement); rows above it are in the scrollback.
 *
 * - First frame: every line is written.
 * - Later frames: lines between the first and last changed line are rewritten (unchanged lines
 *   in between are skipped over); new lines are appended with CRLF so the terminal scrolls;
 *   when the content shrinks, the rows below the new last line are cleared.
 * - Resize to the same or a greater width (any height): nothing that was drawn is re-laid
 *   out by the terminal (every line ends with a hard line break and fits the old width), so
 *   the screen is kept. The rows from the cursor down are erased and redrawn (a terminal may
 *   drop rows below the cursor when it gets shorter), and the reachable bound moves down by
 *   the rows the screen lost. The scrollback, including shell output from before the app,
 *   stays as it was. This assumes what every mainstream terminal does: the cursor stays on its
 *   line, and a taller screen never pushes lines into the scrollback.
 * - Full redraw (clear screen and scrollback, write everything) when the terminal got
 *   narrower (terminals re-wrap or crop what is on screen differently, so neither the screen
 *   nor the cursor's place in the content can be trusted) or when a changed line is no longer
 *   reachable (it scrolled into the scrollback, or a resize made the bound uncertain).
 *   Clearing the scrollback keeps exactly one correct copy of the transcript in it, at the
 *   price of the shell output that preceded the app.
 * - Every non-empty update is wrapped in synchronized output (DEC mode 2026).
 */
export class DifferentialRenderer {
	private previousLines: string[] = [];
	private previousWidth = 0;
	private previousRows = 0;
	private hasRendered = false;
	private clearRequested = false;
	/** Set by {@link DifferentialRenderer.noteResize}: the smallest size seen since the last frame. */
	private pendingResize: { width: number; rows: number } | undefined;
	/** Terminal height of the frame being rendered. */
	private rows = 0;
	/** Content rows below row 0 known to exist on screen (the high-water mark). */
	private rowsInUse = 1;
	/** Upper bound on the content row at the top of the screen: rows from here on are reachable. */
	private viewportTop = 0;
	/** Content row of the hardware cursor. */
	private cursorRow = 0;
	private cursorVisible = false;
	private previousCursorKey = "";
	private fullRedraws = 0;

	/**
	 * @param keepScrollbackOnResize when a resize that did not narrow the terminal changes lines
	 *   that are already in the scrollback, redraw only the screen and keep the scrollback's old
	 *   copies (laid out for the old width) instead of clearing it. Default false: the scrollback
	 *   then always matches the content exactly.
	 */
	constructor(private readonly keepScrollbackOnResize = false) {}

	/**
	 * Whether the hardware cursor is shown where the frame puts it. When false it is still moved
	 * there (IME candidate windows and screen readers follow it) but stays hidden. Default true.
	 */
	showHardwareCursor = true;

	/**
	 * When the content gets shorter while it fills the screen, clear and redraw everything so the
	 * last line stays at the bottom of the screen instead of leaving blank rows below it. Costs a
	 * full redraw per shrink (may flicker). Default false.
	 */
	clearOnShrink = false;

	/**
	 * Whether a full redraw also clears the scrollback (ED3). Turn it off on the alternate screen,
	 * where ED3 would erase the scrollback of the shell's screen. Default true.
	 */
	clearScrollback = true;

	/** The next frame places the cursor again (after a cursor visibility change). */
	refreshCursor(): void {
		this.previousCursorKey = "\0";
	}

	/** How many full redraws (including the first frame) happened so far. */
	get fullRedrawCount(): number {
		return this.fullRedraws;
	}

	/** Forgets the screen state; the next frame clears the screen and redraws everything. */
	invalidate(): void {
		if (this.hasRendered) this.clearRequested = true;
	}

	/**
	 * Records a resize as it happens (call from the terminal's resize callback). Several
	 * resizes may pass before the next frame; the terminal has applied each of them, so the
	 * smallest size in between matters, and so does a resize back to the previous size.
	 */
	noteResize(width: number, rows: number): void {
		const pending = this.pendingResize;
		this.pendingResize = {
			width: Math.min(width, pending?.width ?? width),
			rows: Math.min(rows, pending?.rows ?? rows),
		};
	}

	/** Returns the bytes that turn the previous frame into `frame` ("" when nothing changed). */
	render(frame: RenderFrame): string {
		const pending = this.pendingResize;
		this.pendingResize = undefined;
		if (!this.hasRendered) return this.fullRender(frame, false);
		const narrowest = Math.min(frame.width, pending?.width ?? frame.width);
		if (this.clearRequested || narrowest < this.previousWidth) return this.fullRender(frame, true);
		const resized = pending !== undefined || frame.width !== this.previousWidth || frame.rows !== this.previousRows;
		const resizeOutput = resized ? this.adoptResize(frame, Math.min(frame.rows, pending?.rows ?? frame.rows)) : "";
		this.rows = frame.rows;
		const { lines } = frame;
		const previous = this.previousLines;
		const { first, last } = changedRange(previous, lines);
		const cursorKey = frame.cursor ? `${frame.cursor.row}:${frame.cursor.column}` : "";
		if (this.clearOnShrink && lines.length < previous.length && previous.length >= frame.rows) {
			return this.fullRender(frame, true);
		}
		if (first === -1) {
			if (cursorKey === this.previousCursorKey && resizeOutput === "") return "";
			return this.wrap(resizeOutput + this.placeCursor(frame));
		}
		if (first < this.viewportTop) {
			// After a widening (opt-in), lines in the scrollback changed only because they were laid
			// out for the new width; the old copies there still read correctly, so keep them and
			// redraw the screen instead of clearing everything (a long transcript survives).
			return resized && this.keepScrollbackOnResize ? this.redrawScreen(frame) : this.fullRender(frame, true);
		}
		let output = this.cursorVisible ? TerminalSequences.hideCursor : "";
		output += resizeOutput;
		this.cursorVisible = false;
		for (let index = first; index <= Math.min(last, lines.length - 1); index++) {
			if (index < previous.length && lines[index] === previous[index]) continue;
			// A row reached by CRLF is blank already; an existing row is erased first.
			const rowExists = index < this.rowsInUse;
			output += this.moveTo(index);
			output += rowExists ? `\r\x1b[2K${lines[index]}` : (lines[index] ?? "");
			this.rowsInUse = Math.max(this.rowsInUse, index + 1);
		}
		if (lines.length < previous.length) {
			// Content shrank: erase from the first stale row to the end of the screen.
			output += `${this.moveTo(lines.length)}\r\x1b[J`;
		}
		this.previousLines = lines;
		output += this.placeCursor(frame);
		return this.wrap(output);
	}

	/**
	 * Accepts a new size without clearing (the width did not shrink): erases from the cursor's
	 * row down, so those rows count as blank and get redrawn, and narrows the reachable rows
	 * by what a shorter screen may have pushed into the scrollback.
	 */
	private adoptResize(frame: RenderFrame, shortestRows: number): string {
		const lostRows = Math.max(0, this.previousRows - shortestRows);
		this.viewportTop = Math.min(this.viewportTop + lostRows, this.cursorRow);
		this.rowsInUse = this.cursorRow;
		this.previousLines = this.previousLines.slice(0, this.cursorRow);
		this.previousWidth = frame.width;
		this.previousRows = frame.rows;
		this.previousCursorKey = "";
		return "\r\x1b[J";
	}

	/**
	 * Redraws the screen from its top row with the last `rows` lines of the frame, leaving the
	 * scrollback as it is. Rows are erased one by one (no ED2, which some terminals copy into
	 * the scrollback). Used after a resize that did not narrow the terminal.
	 */
	private redrawScreen(frame: RenderFrame): string {
		const { lines } = frame;
		const top = Math.max(0, lines.length - frame.rows);
		let output = this.cursorVisible ? TerminalSequences.hideCursor : "";
		this.cursorVisible = false;
		output += "\x1b[H";
		output += lines
			.slice(top)
			.map((line) => `\x1b[2K${line}`)
			.join("\r\n");
		output += "\x1b[J";
		this.previousLines = lines;
		this.previousWidth = frame.width;
		this.previousRows = frame.rows;
		this.rows = frame.rows;
		this.cursorRow = Math.max(0, lines.length - 1);
		this.rowsInUse = Math.max(1, lines.length);
		this.viewportTop = top;
		this.previousCursorKey = "";
		output += this.placeCursor(frame);
		return this.wrap(output);
	}

	/** Bytes that park the cursor on a fresh line below the content (call before exiting). */
	finish(): string {
		if (!this.hasRendered) return "";
		const lastRow = Math.max(0, this.previousLines.length - 1);
		let output = this.moveTo(lastRow);
		output += "\r\n";
		this.cursorRow = lastRow + 1;
		this.rowsInUse = Math.max(this.rowsInUse, this.cursorRow + 1);
		this.viewportTop = Math.max(this.viewportTop, this.cursorRow - this.rows + 1);
		if (!this.cursorVisible) output += TerminalSequences.showCursor;
		this.cursorVisible = true;
		return output;
	}

	/** Moves the cursor to column 0 of content row `target` (or keeps the column for A/B moves). */
	private moveTo(target: number): string {
		const delta = target - this.cursorRow;
		let output = "";
		if (delta < 0) output = `\x1b[${-delta}A`;
		else if (delta > 0) {
			const existing = Math.max(0, Math.min(target, this.rowsInUse - 1) - this.cursorRow);
			if (existing > 0) output += `\x1b[${existing}B`;
			const fresh = delta - existing;
			if (fresh > 0) output += "\r\n".repeat(fresh);
			this.rowsInUse = Math.max(this.rowsInUse, target + 1);
			// Reaching a row past the bottom of the screen scrolls the rows above it away.
			this.viewportTop = Math.max(this.viewportTop, target - this.rows + 1);
		}
		this.cursorRow = target;
		return output;
	}

	private fullRender(frame: RenderFrame, clear: boolean): string {
		const { lines } = frame;
		let output = clear ? (this.clearScrollback ? CLEAR_ALL : CLEAR_SCREEN) : "";
		if (this.cursorVisible) output = TerminalSequences.hideCursor + output;
		this.cursorVisible = false;
		output += lines.join("\r\n");
		this.hasRendered = true;
		this.clearRequested = false;
		this.previousLines = lines;
		this.previousWidth = frame.width;
		this.previousRows = frame.rows;
		this.rows = frame.rows;
		this.cursorRow = Math.max(0, lines.length - 1);
		this.rowsInUse = clear ? Math.max(1, lines.length) : Math.max(this.rowsInUse, lines.length);
		// The first frame starts at or below the top of the screen; a cleared one at the top.
		this.viewportTop = Math.max(0, lines.length - frame.rows);
		this.fullRedraws++;
		this.previousCursorKey = "";
		output += this.placeCursor(frame);
		return this.wrap(output);
	}

	/** Positions (and shows) the hardware cursor for the frame, or keeps it hidden. */
	private placeCursor(frame: RenderFrame): string {
		const cursor = frame.cursor;
		const reachable = cursor !== undefined && cursor.row >= this.viewportTop && cursor.row < frame.lines.length;
		let output = "";
		if (!reachable) {
			if (this.cursorVisible) output += TerminalSequences.hideCursor;
			this.cursorVisible = false;
			this.previousCursorKey = "";
			return output;
		}
		output += `${this.moveTo(cursor.row)}\x1b[${cursor.column + 1}G`;
		if (this.showHardwareCursor) {
			if (!this.cursorVisible) output += TerminalSequences.showCursor;
			this.cursorVisible = true;
		} else {
			if (this.cursorVisible) output += TerminalSequences.hideCursor;
			this.cursorVisible = false;
		}
		this.previousCursorKey = `${cursor.row}:${cursor.column}`;
		return output;
	}

	private wrap(output: string): string {
		return output === "" ? "" : TerminalSequences.syncStart + output + TerminalSequences.syncEnd;
	}
}
