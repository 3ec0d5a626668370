import { splitGraphemes } from "../text-width.js";

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * A single-line string with a cursor (a UTF-16 index that always sits on a grapheme
 * boundary) and the readline-style edits {@link Input} needs. Words are runs of letters,
 * digits and underscores.
 */
export class TextCursor {
	/** The text. */
	value = "";
	/** UTF-16 index of the cursor. */
	cursor = 0;

	/** Replaces the value; the cursor moves to the end. */
	set(value: string): void {
		this.value = value;
		this.cursor = value.length;
	}

	/** Inserts `text` at the cursor and moves past it. */
	insert(text: string): void {
		this.value = this.value.slice(0, this.cursor) + text + this.value.slice(this.cursor);
		this.cursor += text.length;
	}

	private previousBoundary(): number {
		// A grapheme is rarely longer than a few code units; 64 is plenty and keeps this O(1).
		const graphemes = splitGraphemes(this.value.slice(Math.max(0, this.cursor - 64), this.cursor));
		return this.cursor - (graphemes[graphemes.length - 1]?.length ?? 0);
	}

	private nextBoundary(): number {
		const [first] = splitGraphemes(this.value.slice(this.cursor, this.cursor + 64));
		return this.cursor + (first?.length ?? 0);
	}

	private wordStartBefore(): number {
		let index = this.cursor;
		while (index > 0 && !WORD_CHAR.test(this.value[index - 1] ?? "")) index--;
		while (index > 0 && WORD_CHAR.test(this.value[index - 1] ?? "")) index--;
		return index;
	}

	private wordEndAfter(): number {
		let index = this.cursor;
		while (index < this.value.length && !WORD_CHAR.test(this.value[index] ?? "")) index++;
		while (index < this.value.length && WORD_CHAR.test(this.value[index] ?? "")) index++;
		return index;
	}

	/** Moves one grapheme left. */
	moveLeft(): void {
		this.cursor = this.previousBoundary();
	}

	/** Moves one grapheme right. */
	moveRight(): void {
		this.cursor = this.nextBoundary();
	}

	/** Moves to the start of the word before the cursor. */
	moveWordLeft(): void {
		this.cursor = this.wordStartBefore();
	}

	/** Moves to the end of the word after the cursor. */
	moveWordRight(): void {
		this.cursor = this.wordEndAfter();
	}

	/** Moves to the start. */
	moveToStart(): void {
		this.cursor = 0;
	}

	/** Moves to the end. */
	moveToEnd(): void {
		this.cursor = this.value.length;
	}

	private deleteRange(start: number, end: number): void {
		this.value = this.value.slice(0, start) + this.value.slice(end);
		this.cursor = start;
	}

	/** Deletes the grapheme before the cursor. */
	deleteBackward(): void {
		this.deleteRange(this.previousBoundary(), this.cursor);
	}

	/** Deletes the grapheme after the cursor. */
	deleteForward(): void {
		const end = this.nextBoundary();
		this.deleteRange(this.cursor, end);
	}

	/** Deletes back to the start of the previous word. */
	deleteWordBackward(): void {
		this.deleteRange(this.wordStartBefore(), this.cursor);
	}

	/** Deletes forward to the end of the next word. */
	deleteWordForward(): void {
		const start = this.cursor;
		this.deleteRange(start, this.wordEndAfter());
	}

	/** Deletes everything before the cursor. */
	deleteToStart(): void {
		this.deleteRange(0, this.cursor);
	}

	/** Deletes everything after the cursor. */
	deleteToEnd(): void {
		this.deleteRange(this.cursor, this.value.length);
	}
}
