/**
 * Splits a byte stream into decoded lines for grep: UTF-8 with invalid sequences replaced by
 * U+FFFD, `\n` separators, a trailing `\r` removed (CRLF files), no empty line after a final
 * newline, a UTF-8 BOM dropped from line 1. Lines are decoded whole, so a character split across
 * chunks is never damaged.
 */

/** Receives each line with its 1-based number; returning `false` stops the splitting. */
export type LineHandler = (line: string, lineNumber: number) => boolean | undefined;

export class LineSplitter {
	private parts: Uint8Array[] = [];
	private lineNumber = 0;
	private stopped = false;

	constructor(private readonly onLine: LineHandler) {}

	/** True once the handler returned `false`; later input is ignored. */
	get isStopped(): boolean {
		return this.stopped;
	}

	/** Feeds the next chunk; complete lines go to the handler. */
	push(chunk: Uint8Array): void {
		let from = 0;
		while (!this.stopped) {
			const newline = chunk.indexOf(0x0a, from);
			if (newline === -1) break;
			this.parts.push(chunk.subarray(from, newline));
			this.emit();
			from = newline + 1;
		}
		// Copy: the caller may reuse the chunk's memory after we return.
		if (!this.stopped && from < chunk.length) this.parts.push(chunk.slice(from));
	}

	/** Ends the input: an unterminated last line goes to the handler. */
	finish(): void {
		if (!this.stopped && this.parts.some((part) => part.length > 0)) this.emit();
	}

	private emit(): void {
		// Buffer#toString replaces invalid UTF-8 with U+FFFD.
		let line = Buffer.concat(this.parts).toString("utf8");
		this.parts = [];
		if (line.endsWith("\r")) line = line.slice(0, -1);
		if (this.lineNumber === 0 && line.startsWith("\uFEFF")) line = line.slice(1);
		this.lineNumber++;
		if (this.onLine(line, this.lineNumber) === false) this.stopped = true;
	}
}
