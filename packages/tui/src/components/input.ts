import type { Component, Focusable } from "../component.js";
import { CURSOR_MARKER } from "../cursor-marker.js";
import { getKeybindings, type KeybindingsManager } from "../keybindings.js";
import { printableText } from "../keys.js";
import { extractPaste } from "../paste.js";
import { graphemeWidth, splitGraphemes, visibleWidth } from "../text-width.js";
import { TextCursor } from "./text-cursor.js";

/** Options for {@link Input}. */
export interface InputOptions {
	/** Shown before the text. Default: "> ". */
	prompt?: string;
	/** Shown (dim) while the value is empty. Default: none. */
	placeholder?: string;
	/** Key bindings (the "editor.*" actions). Default: the shared manager. */
	keybindings?: KeybindingsManager;
	/** Called with the value on Enter. */
	onSubmit?: (value: string) => void;
	/** Called on Escape. */
	onEscape?: () => void;
	/** Called after every change of the value. */
	onChange?: (value: string) => void;
}

/**
 * A single-line text field. Scrolls horizontally to keep the cursor visible, moves by
 * grapheme and by word, supports the readline kill keys (ctrl+a/e/k/u/w, alt+d) and
 * bracketed paste (line breaks become spaces). While focused it draws the cursor cell in
 * inverse video and emits {@link CURSOR_MARKER} so the terminal cursor (and IME) sit there.
 */
export class Input implements Component, Focusable {
	focused = false;
	private readonly text = new TextCursor();
	private scrollOffset = 0;

	constructor(private readonly options: InputOptions = {}) {}

	/** The current value. */
	getValue(): string {
		return this.text.value;
	}

	/** Replaces the value and puts the cursor at its end. */
	setValue(value: string): void {
		this.text.set(value.replace(/\r\n?|\n/g, " "));
	}

	/** The cursor position as a UTF-16 index into the value. */
	getCursor(): number {
		return this.text.cursor;
	}

	invalidate(): void {}

	handleInput(data: string): void {
		const pasted = extractPaste(data);
		if (pasted !== undefined) {
			this.edit(() => this.text.insert(pasted.replace(/\n/g, " ").replace(/\t/g, " ")));
			return;
		}
		const keys = this.options.keybindings ?? getKeybindings();
		if (keys.matches(data, "editor.submit")) {
			this.options.onSubmit?.(this.text.value);
			return;
		}
		if (keys.matches(data, "editor.cancel")) {
			this.options.onEscape?.();
			return;
		}
		if (this.handleMovement(data, keys)) return;
		if (this.handleDeletion(data, keys)) return;
		const text = printableText(data);
		if (text !== undefined) this.edit(() => this.text.insert(text));
	}

	private handleMovement(data: string, keys: KeybindingsManager): boolean {
		const action = keys.findAction(data, [
			"editor.cursorLeft",
			"editor.cursorRight",
			"editor.cursorWordLeft",
			"editor.cursorWordRight",
			"editor.cursorLineStart",
			"editor.cursorLineEnd",
		] as const);
		if (action === undefined) return false;
		if (action === "editor.cursorLeft") this.text.moveLeft();
		else if (action === "editor.cursorRight") this.text.moveRight();
		else if (action === "editor.cursorWordLeft") this.text.moveWordLeft();
		else if (action === "editor.cursorWordRight") this.text.moveWordRight();
		else if (action === "editor.cursorLineStart") this.text.moveToStart();
		else this.text.moveToEnd();
		return true;
	}

	private handleDeletion(data: string, keys: KeybindingsManager): boolean {
		const action = keys.findAction(data, [
			"editor.deleteCharBackward",
			"editor.deleteCharForward",
			"editor.deleteWordBackward",
			"editor.deleteWordForward",
			"editor.deleteToLineStart",
			"editor.deleteToLineEnd",
		] as const);
		if (action === undefined) return false;
		this.edit(() => {
			if (action === "editor.deleteCharBackward") this.text.deleteBackward();
			else if (action === "editor.deleteCharForward") this.text.deleteForward();
			else if (action === "editor.deleteWordBackward") this.text.deleteWordBackward();
			else if (action === "editor.deleteWordForward") this.text.deleteWordForward();
			else if (action === "editor.deleteToLineStart") this.text.deleteToStart();
			else this.text.deleteToEnd();
		});
		return true;
	}

	private edit(change: () => void): void {
		const before = this.text.value;
		change();
		if (this.text.value !== before) this.options.onChange?.(this.text.value);
	}

	render(width: number): string[] {
		const prompt = this.options.prompt ?? "> ";
		const available = Math.max(1, width - visibleWidth(prompt));
		const value = this.text.value;
		if (value === "" && this.options.placeholder && !this.focused) {
			return [`${prompt}\x1b[2m${this.options.placeholder}\x1b[22m`];
		}
		// Only the text near the cursor can be visible; splitting all of a huge paste is wasted work.
		const window = available * 4 + 16;
		const before = splitGraphemes(value.slice(Math.max(0, this.text.cursor - window), this.text.cursor));
		const after = splitGraphemes(value.slice(this.text.cursor, this.text.cursor + window));
		const cursorColumn = visibleWidth(value.slice(0, this.text.cursor));
		const cursorGrapheme = after[0] ?? " ";
		const cursorWidth = Math.max(1, graphemeWidth(cursorGrapheme));
		// Keep the cursor cell inside the window [scrollOffset, scrollOffset + available).
		if (cursorColumn < this.scrollOffset) this.scrollOffset = cursorColumn;
		if (cursorColumn + cursorWidth > this.scrollOffset + available) {
			this.scrollOffset = cursorColumn + cursorWidth - available;
		}
		const visibleBefore = takeColumnsFromEnd(before, cursorColumn - this.scrollOffset);
		const room = available - visibleWidth(visibleBefore) - cursorWidth;
		const visibleAfter = takeColumns(after.slice(1), room);
		const cursorCell = this.focused ? `${CURSOR_MARKER}\x1b[7m${cursorGrapheme}\x1b[27m` : cursorGrapheme;
		const showCursorCell = this.focused || after.length > 0;
		return [prompt + visibleBefore + (showCursorCell ? cursorCell : "") + visibleAfter];
	}
}

/** The last graphemes of `graphemes` that fit in `columns` cells, joined. */
function takeColumnsFromEnd(graphemes: string[], columns: number): string {
	let width = 0;
	let start = graphemes.length;
	while (start > 0) {
		const next = graphemeWidth(graphemes[start - 1] ?? "");
		if (width + next > columns) break;
		width += next;
		start--;
	}
	return graphemes.slice(start).join("");
}

/** The first graphemes of `graphemes` that fit in `columns` cells, joined. */
function takeColumns(graphemes: string[], columns: number): string {
	let width = 0;
	let end = 0;
	while (end < graphemes.length) {
		const next = graphemeWidth(graphemes[end] ?? "");
		if (width + next > columns) break;
		width += next;
		end++;
	}
	return graphemes.slice(0, end).join("");
}
