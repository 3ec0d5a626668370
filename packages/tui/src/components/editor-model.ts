/**
 * Editing commands over an {@link EditorBuffer}, with undo grouping and the kill ring.
 * Knows nothing about keys or rendering; the editor component maps keys to these methods.
 */
import { EditorBuffer, type EditorSnapshot, type TextPosition } from "./editor-buffer.js";
import { nextBoundary, nextWordEnd, previousBoundary, previousWordStart } from "./editor-segments.js";
import { type KillDirection, KillRing } from "./kill-ring.js";
import { UndoStack } from "./undo-stack.js";

/** The previous command, for undo grouping and kill accumulation. */
type LastAction = "type" | "kill" | "yank" | "other";

/** Text, cursor, undo/redo and kill ring. `version` increases on every text change. */
export class EditorModel {
	readonly buffer = new EditorBuffer();
	private readonly undoStack = new UndoStack<EditorSnapshot>();
	private readonly killRing = new KillRing();
	private lastAction: LastAction = "other";
	private lastYank: { start: TextPosition; end: TextPosition } | undefined;
	/** Increases whenever the text changes; lets callers detect changes cheaply. */
	version = 0;

	/** Ends the current undo group and kill sequence (call on cursor movement). */
	breakGroup(): void {
		this.lastAction = "other";
	}

	private changed(action: LastAction): void {
		this.lastAction = action;
		this.version++;
	}

	/** Records an undo step unless this continues a run of typing. */
	private beginEdit(action: LastAction, text = ""): void {
		const continuesTyping =
			action === "type" &&
			this.lastAction === "type" &&
			!startsNewWord(this.buffer.currentLine, this.buffer.cursorCol, text);
		if (!continuesTyping) this.undoStack.push(this.buffer.snapshot());
	}

	/**
	 * Inserts typed text. Consecutive typing is one undo step; a step also starts where a word
	 * starts after whitespace, so undo removes typing a word at a time.
	 */
	type(text: string): void {
		this.beginEdit("type", text);
		this.buffer.insert(text);
		this.changed("type");
	}

	/** Inserts text as its own undo step (paste, programmatic insert, newline). */
	insert(text: string): void {
		if (text.length === 0) return;
		this.beginEdit("other");
		this.buffer.insert(text);
		this.changed("other");
	}

	/** Replaces all text (one undo step); the cursor goes to the end. */
	setText(text: string): void {
		if (text === this.buffer.getText()) return;
		this.beginEdit("other");
		this.buffer.setText(text);
		this.changed("other");
	}

	/** Replaces all text and cursor without touching undo (history browsing, completions that record their own step). */
	replaceAll(lines: readonly string[], cursor: TextPosition): void {
		this.buffer.lines = lines.length > 0 ? lines.slice() : [""];
		this.buffer.setCursor(cursor);
		this.changed("other");
	}

	/** Pushes an undo step for the current state (before a replaceAll the user should be able to undo). */
	checkpoint(): void {
		this.undoStack.push(this.buffer.snapshot());
		this.lastAction = "other";
	}

	/** Clears text, undo history and the kill-sequence state (after submit). The kill ring survives. */
	reset(): void {
		this.buffer.setText("");
		this.undoStack.clear();
		this.lastYank = undefined;
		this.changed("other");
	}

	/** Deletes the grapheme (or paste marker) before the cursor, joining lines at a line start. */
	deleteCharBackward(): void {
		const { cursorLine, cursorCol } = this.buffer;
		if (cursorCol === 0 && cursorLine === 0) return;
		const start =
			cursorCol === 0
				? { line: cursorLine - 1, col: (this.buffer.lines[cursorLine - 1] ?? "").length }
				: { line: cursorLine, col: previousBoundary(this.buffer.currentLine, cursorCol) };
		this.deleteTo(start);
	}

	/** Deletes the grapheme (or paste marker) after the cursor, joining lines at a line end. */
	deleteCharForward(): void {
		const { cursorLine, cursorCol } = this.buffer;
		const line = this.buffer.currentLine;
		if (cursorCol >= line.length && cursorLine >= this.buffer.lines.length - 1) return;
		const end =
			cursorCol >= line.length
				? { line: cursorLine + 1, col: 0 }
				: { line: cursorLine, col: nextBoundary(line, cursorCol) };
		this.deleteTo(end);
	}

	private deleteTo(position: TextPosition): void {
		this.beginEdit("other");
		this.buffer.deleteBetween(this.buffer.cursor, position);
		this.changed("other");
	}

	/** Kills back to the start of the word before the cursor (or the previous line break). */
	killWordBackward(): void {
		this.kill(this.wordLeftPosition(), "backward");
	}

	/** Kills forward to the end of the word after the cursor (or the next line break). */
	killWordForward(): void {
		this.kill(this.wordRightPosition(), "forward");
	}

	/** Kills to the start of the line; at the start, kills the line break before it. */
	killToLineStart(): void {
		const { cursorLine, cursorCol } = this.buffer;
		const target = cursorCol > 0 ? { line: cursorLine, col: 0 } : this.lineBreakBefore();
		this.kill(target, "backward");
	}

	/** Kills to the end of the line; at the end, kills the line break after it. */
	killToLineEnd(): void {
		const { cursorLine, cursorCol } = this.buffer;
		const line = this.buffer.currentLine;
		const target = cursorCol < line.length ? { line: cursorLine, col: line.length } : this.lineBreakAfter();
		this.kill(target, "forward");
	}

	private lineBreakBefore(): TextPosition {
		const line = Math.max(0, this.buffer.cursorLine - 1);
		return line === this.buffer.cursorLine ? this.buffer.cursor : { line, col: (this.buffer.lines[line] ?? "").length };
	}

	private lineBreakAfter(): TextPosition {
		const last = this.buffer.lines.length - 1;
		return this.buffer.cursorLine >= last ? this.buffer.cursor : { line: this.buffer.cursorLine + 1, col: 0 };
	}

	private kill(target: TextPosition, direction: KillDirection): void {
		const removedText = this.buffer.textBetween(this.buffer.cursor, target);
		if (removedText.length === 0) return;
		const accumulate = this.lastAction === "kill";
		this.undoStack.push(this.buffer.snapshot());
		this.buffer.deleteBetween(this.buffer.cursor, target);
		this.killRing.push(removedText, direction, accumulate);
		this.changed("kill");
	}

	/** Inserts the newest kill. */
	yank(): void {
		const text = this.killRing.yank();
		if (text === undefined) return;
		this.insertYank(text);
	}

	/** Right after a yank, replaces the yanked text with the next older kill. */
	yankPop(): void {
		if (this.lastAction !== "yank" || !this.lastYank) return;
		const text = this.killRing.yankPop();
		if (text === undefined) return;
		this.buffer.deleteBetween(this.lastYank.start, this.lastYank.end);
		this.insertYank(text);
	}

	private insertYank(text: string): void {
		this.undoStack.push(this.buffer.snapshot());
		const start = this.buffer.cursor;
		this.buffer.insert(text);
		this.lastYank = { start, end: this.buffer.cursor };
		this.changed("yank");
	}

	/** Undoes the last step; returns false when there was nothing to undo. */
	undo(): boolean {
		const previous = this.undoStack.undo(this.buffer.snapshot());
		if (!previous) return false;
		this.buffer.restore(previous);
		this.changed("other");
		return true;
	}

	/** Redoes the last undone step; returns false when there was nothing to redo. */
	redo(): boolean {
		const next = this.undoStack.redo(this.buffer.snapshot());
		if (!next) return false;
		this.buffer.restore(next);
		this.changed("other");
		return true;
	}

	/** Where word-left goes: the previous word start, or the end of the previous line. */
	wordLeftPosition(): TextPosition {
		const { cursorLine, cursorCol } = this.buffer;
		if (cursorCol === 0) return this.lineBreakBefore();
		return { line: cursorLine, col: previousWordStart(this.buffer.currentLine, cursorCol) };
	}

	/** Where word-right goes: the next word end, or the start of the next line. */
	wordRightPosition(): TextPosition {
		const { cursorLine, cursorCol } = this.buffer;
		const line = this.buffer.currentLine;
		if (cursorCol >= line.length) return this.lineBreakAfter();
		return { line: cursorLine, col: nextWordEnd(line, cursorCol) };
	}

	/** One grapheme (or marker) left, wrapping to the previous line end. */
	charLeftPosition(): TextPosition {
		const { cursorLine, cursorCol } = this.buffer;
		if (cursorCol === 0) return this.lineBreakBefore();
		return { line: cursorLine, col: previousBoundary(this.buffer.currentLine, cursorCol) };
	}

	/** One grapheme (or marker) right, wrapping to the next line start. */
	charRightPosition(): TextPosition {
		const { cursorLine, cursorCol } = this.buffer;
		const line = this.buffer.currentLine;
		if (cursorCol >= line.length) return this.lineBreakAfter();
		return { line: cursorLine, col: nextBoundary(line, cursorCol) };
	}

	/** Moves the cursor and ends the undo group / kill sequence. */
	moveTo(position: TextPosition): void {
		this.buffer.setCursor(position);
		this.breakGroup();
	}
}

/** True when typing `text` at `col` starts a word after whitespace (a new undo step). */
function startsNewWord(line: string, col: number, text: string): boolean {
	const previous = line[col - 1];
	return previous !== undefined && /\s/.test(previous) && !/^\s/.test(text);
}
