import type { Component, Focusable } from "../component.js";
import { CURSOR_MARKER } from "../cursor-marker.js";
import { getKeybindings, type KeybindingsManager } from "../keybindings.js";
import { printableText } from "../keys.js";
import { extractPaste } from "../paste.js";
import { graphemeWidth, splitGraphemes, visibleWidth } from "../text-width.js";
import { InputModel } from "./input-model.js";
import type { TextCursor } from "./text-cursor.js";

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
 * grapheme and by word, and edits like readline: Ctrl+W/U/K and Alt+D kill into a kill ring,
 * Ctrl+Y yanks and Alt+Y cycles older kills, Ctrl+- undoes and Ctrl+Shift+Z
 * redoes (the `editor.*` actions). A bracketed paste is one undo step; its line breaks and
 * tabs become spaces. While focused it draws the cursor cell in inverse video and emits
 * {@link CURSOR_MARKER} so the terminal cursor (and IME) sit there.
 */
export class Input implements Component, Focusable {
	focused = false;
	private readonly model = new InputModel();
	private scrollOffset = 0;

	constructor(private readonly options: InputOptions = {}) {}

	private get text(): TextCursor {
		return this.model.text;
	}

	/** The current value. */
	getValue(): string {
		return this.model.value;
	}

	/** Replaces the value (line breaks become spaces) and puts the cursor at its end; undoable. */
	setValue(value: string): void {
		this.model.setValue(value.replace(/\r\n?|\n/g, " "));
	}

	/** Moves the cursor to a UTF-16 index into the value (clamped). */
	setCursor(index: number): void {
		this.model.moveTo(index);
	}

	/** The cursor position as a UTF-16 index into the value. */
	getCursor(): number {
		return this.text.cursor;
	}

	invalidate(): void {}

	handleInput(data: string): void {
		const pasted = extractPaste(data);
		if (pasted !== undefined) {
			this.edit(() => this.model.insert(pasted.replace(/\r\n?|\n|\t/g, " ")));
			return;
		}
		const keys = this.options.keybindings ?? getKeybindings();
		if (keys.matches(data, "tui.input.submit")) {
			this.options.onSubmit?.(this.model.value);
			return;
		}
		if (keys.matches(data, "tui.editor.cancel")) {
			this.options.onEscape?.();
			return;
		}
		if (this.handleMovement(data, keys)) return;
		if (this.handleEdit(data, keys)) return;
		const text = printableText(data);
		if (text !== undefined) this.edit(() => this.model.type(text));
	}

	private handleMovement(data: string, keys: KeybindingsManager): boolean {
		const action = keys.findAction(data, [
			"tui.editor.cursorLeft",
			"tui.editor.cursorRight",
			"tui.editor.cursorWordLeft",
			"tui.editor.cursorWordRight",
			"tui.editor.cursorLineStart",
			"tui.editor.cursorLineEnd",
		] as const);
		if (action === undefined) return false;
		const text = this.text;
		if (action === "tui.editor.cursorLeft") this.model.moveTo(text.previousBoundary());
		else if (action === "tui.editor.cursorRight") this.model.moveTo(text.nextBoundary());
		else if (action === "tui.editor.cursorWordLeft") this.model.moveTo(text.wordStartBefore());
		else if (action === "tui.editor.cursorWordRight") this.model.moveTo(text.wordEndAfter());
		else if (action === "tui.editor.cursorLineStart") this.model.moveTo(0);
		else this.model.moveTo(text.value.length);
		return true;
	}

	private handleEdit(data: string, keys: KeybindingsManager): boolean {
		const action = keys.findAction(data, [
			"tui.editor.deleteCharBackward",
			"tui.editor.deleteCharForward",
			"tui.editor.deleteWordBackward",
			"tui.editor.deleteWordForward",
			"tui.editor.deleteToLineStart",
			"tui.editor.deleteToLineEnd",
			"tui.editor.yank",
			"tui.editor.yankPop",
			"tui.editor.undo",
			"tui.editor.redo",
		] as const);
		if (action === undefined) return false;
		const model = this.model;
		this.edit(() => {
			if (action === "tui.editor.deleteCharBackward") model.deleteChar("backward");
			else if (action === "tui.editor.deleteCharForward") model.deleteChar("forward");
			else if (action === "tui.editor.deleteWordBackward") model.killWordBackward();
			else if (action === "tui.editor.deleteWordForward") model.killWordForward();
			else if (action === "tui.editor.deleteToLineStart") model.killToStart();
			else if (action === "tui.editor.deleteToLineEnd") model.killToEnd();
			else if (action === "tui.editor.yank") model.yank();
			else if (action === "tui.editor.yankPop") model.yankPop();
			else if (action === "tui.editor.undo") model.undo();
			else model.redo();
		});
		return true;
	}

	private edit(change: () => void): void {
		const before = this.model.value;
		change();
		if (this.model.value !== before) this.options.onChange?.(this.model.value);
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
