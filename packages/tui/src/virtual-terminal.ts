import xtermHeadless, { type IBufferCell, type Terminal as XtermTerminal } from "@xterm/headless";
import { wrapPaste } from "./paste.js";
import { StdinBuffer } from "./stdin-buffer.js";
import { type Terminal, TerminalSequences } from "./terminal.js";
import type { Timers } from "./timers.js";
import { piUnicodeProvider } from "./virtual-terminal-unicode.js";

/** A colour as the emulator stores it. */
export type CellColor = { mode: "default" } | { mode: "palette"; index: number } | { mode: "rgb"; value: number };

/** One screen cell, for assertions on attributes. */
export interface CellInfo {
	/** The grapheme in the cell ("" for the right half of a wide character or an empty cell). */
	char: string;
	/** Cells the character occupies (2 for wide, 0 for the right half of a wide one). */
	width: number;
	bold: boolean;
	dim: boolean;
	italic: boolean;
	underline: boolean;
	inverse: boolean;
	strikethrough: boolean;
	fg: CellColor;
	bg: CellColor;
}

/** Options for {@link VirtualTerminal}. */
export interface VirtualTerminalOptions {
	/** Lines of scrollback the emulator keeps. Default: 10000. */
	scrollback?: number;
	/** Report the kitty keyboard protocol as active. Default: false. */
	kittyProtocol?: boolean;
	/** Timers for the input buffer's escape timeout. Default: the global timers. */
	timers?: Timers;
}

/**
 * A {@link Terminal} backed by the @xterm/headless emulator, for tests: render into it, feed
 * it input with {@link VirtualTerminal.sendInput}, then `await flush()` and assert on the
 * screen text, scrollback, cursor and cell attributes. Every write is also recorded so tests
 * can assert on the exact bytes the renderer produced.
 */
export class VirtualTerminal implements Terminal {
	private readonly xterm: XtermTerminal;
	private readonly kitty: boolean;
	private readonly timers: Timers | undefined;
	private inputBuffer: StdinBuffer | undefined;
	private resizeHandler: (() => void) | undefined;
	private writes: string[] = [];
	private cursorShown = true;
	/** The last title set with {@link VirtualTerminal.setTitle}. */
	title = "";

	constructor(columns = 80, rows = 24, options: VirtualTerminalOptions = {}) {
		this.xterm = new xtermHeadless.Terminal({
			cols: columns,
			rows,
			scrollback: options.scrollback ?? 10_000,
			allowProposedApi: true,
		});
		this.xterm.unicode.register(piUnicodeProvider);
		this.xterm.unicode.activeVersion = piUnicodeProvider.version;
		this.kitty = options.kittyProtocol ?? false;
		this.timers = options.timers;
	}

	get columns(): number {
		return this.xterm.cols;
	}

	get rows(): number {
		return this.xterm.rows;
	}

	get kittyProtocolActive(): boolean {
		return this.kitty && this.inputBuffer !== undefined;
	}

	start(onInput: (data: string) => void, onResize: () => void): void {
		this.inputBuffer = new StdinBuffer({
			onData: onInput,
			onPaste: (text) => onInput(wrapPaste(text)),
			...(this.timers ? { timers: this.timers } : {}),
		});
		this.resizeHandler = onResize;
	}

	stop(): void {
		this.inputBuffer?.destroy();
		this.inputBuffer = undefined;
		this.resizeHandler = undefined;
		this.write(TerminalSequences.showCursor);
	}

	write(data: string): void {
		this.writes.push(data);
		const shown = data.lastIndexOf(TerminalSequences.showCursor);
		const hidden = data.lastIndexOf(TerminalSequences.hideCursor);
		if (shown !== hidden) this.cursorShown = shown > hidden;
		this.xterm.write(data);
	}

	hideCursor(): void {
		this.write(TerminalSequences.hideCursor);
	}

	showCursor(): void {
		this.write(TerminalSequences.showCursor);
	}

	setTitle(title: string): void {
		this.title = title;
		this.write(TerminalSequences.title(title));
	}

	/** Feeds input as if typed or pasted; it goes through the same stdin buffer as a real terminal. */
	sendInput(data: string | Uint8Array): void {
		if (!this.inputBuffer) throw new Error("VirtualTerminal.sendInput called before start");
		this.inputBuffer.process(data);
	}

	/** Resizes the emulator (which reflows like xterm.js does) and notifies the TUI. */
	resize(columns: number, rows: number): void {
		this.xterm.resize(columns, rows);
		this.resizeHandler?.();
	}

	/** Resolves once the emulator has processed every write so far. */
	flush(): Promise<void> {
		return new Promise((resolve) => this.xterm.write("", resolve));
	}

	/** Everything written since the last call (or since construction), concatenated. */
	takeWrites(): string {
		const all = this.writes.join("");
		this.writes = [];
		return all;
	}

	/** The visible screen, one string per row, trailing spaces trimmed. Call after {@link flush}. */
	getViewport(): string[] {
		const buffer = this.xterm.buffer.active;
		const lines: string[] = [];
		for (let row = 0; row < this.xterm.rows; row++) {
			lines.push((buffer.getLine(buffer.viewportY + row)?.translateToString(true) ?? "").trimEnd());
		}
		return lines;
	}

	/** The lines scrolled off the top of the screen, oldest first, trailing spaces trimmed. */
	getScrollback(): string[] {
		const buffer = this.xterm.buffer.active;
		const lines: string[] = [];
		for (let row = 0; row < buffer.baseY; row++)
			lines.push((buffer.getLine(row)?.translateToString(true) ?? "").trimEnd());
		return lines;
	}

	/** Scrollback followed by the viewport, with trailing empty rows removed. */
	getAllLines(): string[] {
		const lines = [...this.getScrollback(), ...this.getViewport()];
		while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
		return lines;
	}

	/** The cursor position within the viewport (0-based) and whether it is shown. */
	getCursor(): { row: number; column: number; visible: boolean } {
		const buffer = this.xterm.buffer.active;
		return { row: buffer.cursorY, column: buffer.cursorX, visible: this.cursorShown };
	}

	/** The cell at a viewport position (0-based), or undefined outside the screen. */
	getCell(row: number, column: number): CellInfo | undefined {
		const buffer = this.xterm.buffer.active;
		const cell = buffer.getLine(buffer.viewportY + row)?.getCell(column);
		return cell ? describeCell(cell) : undefined;
	}
}

function colorOf(mode: "fg" | "bg", cell: IBufferCell): CellColor {
	const isRgb = mode === "fg" ? cell.isFgRGB() : cell.isBgRGB();
	const isPalette = mode === "fg" ? cell.isFgPalette() : cell.isBgPalette();
	const value = mode === "fg" ? cell.getFgColor() : cell.getBgColor();
	if (isRgb) return { mode: "rgb", value };
	if (isPalette) return { mode: "palette", index: value };
	return { mode: "default" };
}

function describeCell(cell: IBufferCell): CellInfo {
	return {
		char: cell.getChars(),
		width: cell.getWidth(),
		bold: cell.isBold() !== 0,
		dim: cell.isDim() !== 0,
		italic: cell.isItalic() !== 0,
		underline: cell.isUnderline() !== 0,
		inverse: cell.isInverse() !== 0,
		strikethrough: cell.isStrikethrough() !== 0,
		fg: colorOf("fg", cell),
		bg: colorOf("bg", cell),
	};
}
