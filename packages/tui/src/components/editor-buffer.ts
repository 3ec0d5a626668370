/**
 * The editor's text model: logical lines plus a cursor, with the primitive edits every
 * editing command is built from. Offsets are UTF-16 code units within a line.
 */

/** A cursor position: logical line index and offset within that line. */
export interface TextPosition {
	line: number;
	col: number;
}

/** An immutable copy of the buffer, used for undo/redo. */
export interface EditorSnapshot {
	readonly lines: readonly string[];
	readonly cursorLine: number;
	readonly cursorCol: number;
}

/** Splits text into lines, accepting `\n`, `\r\n` and lone `\r` line endings. */
export function splitLines(text: string): string[] {
	return text.replace(/\r\n?/g, "\n").split("\n");
}

/** Mutable lines + cursor. Always holds at least one (possibly empty) line. */
export class EditorBuffer {
	lines: string[] = [""];
	cursorLine = 0;
	cursorCol = 0;

	/** The full text, lines joined with `\n`. */
	getText(): string {
		return this.lines.join("\n");
	}

	/** The line the cursor is on. */
	get currentLine(): string {
		return this.lines[this.cursorLine] ?? "";
	}

	/** The cursor position. */
	get cursor(): TextPosition {
		return { line: this.cursorLine, col: this.cursorCol };
	}

	/** True when the buffer holds no text at all. */
	get isEmpty(): boolean {
		return this.lines.length === 1 && this.lines[0] === "";
	}

	/** Replaces all text and puts the cursor at its end. */
	setText(text: string): void {
		this.lines = splitLines(text);
		this.cursorLine = this.lines.length - 1;
		this.cursorCol = this.currentLine.length;
	}

	/** Moves the cursor, clamping to the text. */
	setCursor(position: TextPosition): void {
		this.cursorLine = Math.max(0, Math.min(position.line, this.lines.length - 1));
		this.cursorCol = Math.max(0, Math.min(position.col, this.currentLine.length));
	}

	/** A copy for undo. */
	snapshot(): EditorSnapshot {
		return { lines: this.lines.slice(), cursorLine: this.cursorLine, cursorCol: this.cursorCol };
	}

	/** Restores a copy taken with {@link EditorBuffer.snapshot}. */
	restore(snapshot: EditorSnapshot): void {
		this.lines = snapshot.lines.length > 0 ? snapshot.lines.slice() : [""];
		this.setCursor({ line: snapshot.cursorLine, col: snapshot.cursorCol });
	}

	/**
	 * Inserts `text` (may contain newlines) at the cursor and moves the cursor after it.
	 * Linear in the inserted size: one splice, however many lines are inserted.
	 */
	insert(text: string): void {
		if (text.length === 0) return;
		const line = this.currentLine;
		const before = line.slice(0, this.cursorCol);
		const after = line.slice(this.cursorCol);
		if (!text.includes("\n") && !text.includes("\r")) {
			this.lines[this.cursorLine] = before + text + after;
			this.cursorCol += text.length;
			return;
		}
		// Text with a line break always splits into at least two lines.
		const inserted = splitLines(text);
		const lastIndex = inserted.length - 1;
		const lastInserted = inserted[lastIndex] ?? "";
		inserted[0] = before + (inserted[0] ?? "");
		inserted[lastIndex] = lastInserted + after;
		// concat, not splice(...inserted): spreading >100k arguments overflows the call stack.
		this.lines = this.lines.slice(0, this.cursorLine).concat(inserted, this.lines.slice(this.cursorLine + 1));
		this.cursorLine += lastIndex;
		this.cursorCol = lastInserted.length;
	}

	/** The text between two positions (in either order), lines joined with `\n`. */
	textBetween(a: TextPosition, b: TextPosition): string {
		const [start, end] = orderPositions(a, b);
		if (start.line === end.line) return (this.lines[start.line] ?? "").slice(start.col, end.col);
		const parts = [(this.lines[start.line] ?? "").slice(start.col)];
		for (let line = start.line + 1; line < end.line; line++) parts.push(this.lines[line] ?? "");
		parts.push((this.lines[end.line] ?? "").slice(0, end.col));
		return parts.join("\n");
	}

	/** Removes the text between two positions, puts the cursor at the earlier one, returns the removed text. */
	deleteBetween(a: TextPosition, b: TextPosition): string {
		const [start, end] = orderPositions(a, b);
		const removed = this.textBetween(start, end);
		const head = (this.lines[start.line] ?? "").slice(0, start.col);
		const tail = (this.lines[end.line] ?? "").slice(end.col);
		this.lines.splice(start.line, end.line - start.line + 1, head + tail);
		this.cursorLine = start.line;
		this.cursorCol = start.col;
		return removed;
	}
}

/** Orders two positions so the first is not after the second. */
export function orderPositions(a: TextPosition, b: TextPosition): [TextPosition, TextPosition] {
	if (a.line < b.line || (a.line === b.line && a.col <= b.col)) return [a, b];
	return [b, a];
}
