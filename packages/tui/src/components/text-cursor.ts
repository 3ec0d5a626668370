import { splitGraphemes } from "../text-width.js";

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * A single-line string with a cursor (a UTF-16 index that always sits on a grapheme
 * boundary): the positions readline-style motions go to, and the primitive edits.
 * Words are runs of letters, digits and underscores.
 */
export class TextCursor {
	/** The text. */
	value = "";
	/** UTF-16 index of the cursor. */
	cursor = 0;

	/** Replaces the value; the cursor moves to the end. */
	set(value: string): void {
		this.restore(value, value.length);
	}

	/** Replaces the value and the cursor (clamped to the value). */
	restore(value: string, cursor: number): void {
		this.value = value;
		this.cursor = Math.max(0, Math.min(cursor, value.length));
	}

	/** Inserts `text` at the cursor and moves past it. */
	insert(text: string): void {
		this.value = this.value.slice(0, this.cursor) + text + this.value.slice(this.cursor);
		this.cursor += text.length;
	}

	/** Removes `[start, end)`, puts the cursor at `start` and returns the removed text. */
	remove(start: number, end: number): string {
		const removed = this.value.slice(start, end);
		this.value = this.value.slice(0, start) + this.value.slice(end);
		this.cursor = start;
		return removed;
	}

	/** The start of the grapheme before the cursor (the cursor itself at the start). */
	previousBoundary(): number {
		// A grapheme is rarely longer than a few code units; 64 is plenty and keeps this O(1).
		const graphemes = splitGraphemes(this.value.slice(Math.max(0, this.cursor - 64), this.cursor));
		return this.cursor - (graphemes[graphemes.length - 1]?.length ?? 0);
	}

	/** The end of the grapheme after the cursor (the cursor itself at the end). */
	nextBoundary(): number {
		const [first] = splitGraphemes(this.value.slice(this.cursor, this.cursor + 64));
		return this.cursor + (first?.length ?? 0);
	}

	/** The start of the word before the cursor, skipping non-word characters first. */
	wordStartBefore(): number {
		let index = this.cursor;
		while (index > 0 && !WORD_CHAR.test(this.value[index - 1] ?? "")) index--;
		while (index > 0 && WORD_CHAR.test(this.value[index - 1] ?? "")) index--;
		return index;
	}

	/** The end of the word after the cursor, skipping non-word characters first. */
	wordEndAfter(): number {
		let index = this.cursor;
		while (index < this.value.length && !WORD_CHAR.test(this.value[index] ?? "")) index++;
		while (index < this.value.length && WORD_CHAR.test(this.value[index] ?? "")) index++;
		return index;
	}
}
