import type { TruncationInfo } from "./truncate.js";

/**
 * Streams a file's bytes and keeps only a window of lines, so `read` never holds a big file in
 * memory: the selected lines are decoded (UTF-8, invalid sequences become U+FFFD) until a limit
 * hits; the rest of the file is only scanned for newlines to count its lines.
 * A trailing newline does not start an extra line (same rule as `splitLines` in truncate.ts).
 */

/** Which lines to keep and the limits for the kept text. */
export interface LineWindowRequest {
	/** 0-based index of the first selected line. */
	startLine: number;
	/** Number of selected lines (the user's `limit`); default: to the end of the file. */
	lineCount?: number;
	/** Output line limit. */
	maxLines: number;
	/** Output byte limit (UTF-8 of the decoded text). */
	maxBytes: number;
	/** Checked between chunks; an abort rejects with `Operation aborted`. */
	signal?: AbortSignal;
}

/** The kept lines plus the counts needed for continuation hints and `details.truncation`. */
export interface LineWindow {
	/** Kept lines, decoded, without their `\n`. */
	lines: string[];
	/** Lines in the whole file. */
	totalFileLines: number;
	/** Raw bytes of the first selected line (0 when none is selected). */
	firstSelectedLineBytes: number;
	/** Head truncation of the selected lines (totals count the selected lines only). */
	truncation: TruncationInfo;
	/** The file's last byte is `\n` (lines do not show it: `read` puts it back at the end of the file). */
	endsWithNewline: boolean;
}

/** Reads `chunks` (the file's bytes in order) and returns the requested window. */
export async function readLineWindow(
	chunks: AsyncIterable<Uint8Array>,
	request: LineWindowRequest,
): Promise<LineWindow> {
	const scanner = new LineWindowScanner(request);
	for await (const chunk of chunks) {
		if (request.signal?.aborted) throw new Error("Operation aborted");
		scanner.push(chunk);
	}
	return scanner.finish();
}

class LineWindowScanner {
	private readonly endLine: number;
	private readonly kept: string[] = [];
	private lineIndex = 0;
	private lineParts: Uint8Array[] = [];
	private lineRawBytes = 0;
	private collecting = true;
	private outputBytes = 0;
	private selectedLines = 0;
	private selectedBytes = 0;
	private firstSelectedLineBytes = 0;
	private truncatedBy: "lines" | "bytes" | null = null;
	private firstLineExceedsLimit = false;
	private endsWithNewline = false;

	constructor(private readonly request: LineWindowRequest) {
		this.endLine = request.startLine + (request.lineCount ?? Number.POSITIVE_INFINITY);
	}

	push(chunk: Uint8Array): void {
		if (chunk.length > 0) this.endsWithNewline = chunk[chunk.length - 1] === 0x0a;
		let from = 0;
		for (;;) {
			const newline = chunk.indexOf(0x0a, from);
			if (newline === -1) break;
			this.appendSegment(chunk, from, newline);
			this.finishLine();
			from = newline + 1;
		}
		if (from < chunk.length) this.appendSegment(chunk, from, chunk.length);
	}

	finish(): LineWindow {
		if (this.lineRawBytes > 0) this.finishLine();
		const truncated = this.truncatedBy !== null;
		return {
			lines: this.kept,
			totalFileLines: this.lineIndex,
			firstSelectedLineBytes: this.firstSelectedLineBytes,
			endsWithNewline: this.endsWithNewline,
			truncation: {
				truncated,
				truncatedBy: this.truncatedBy,
				totalLines: this.selectedLines,
				totalBytes: Math.max(0, this.selectedBytes - 1),
				outputLines: this.kept.length,
				outputBytes: this.outputBytes,
				lastLinePartial: false,
				firstLineExceedsLimit: this.firstLineExceedsLimit,
				maxLines: this.request.maxLines,
				maxBytes: this.request.maxBytes,
			},
		};
	}

	private isSelected(): boolean {
		return this.lineIndex >= this.request.startLine && this.lineIndex < this.endLine;
	}

	private appendSegment(chunk: Uint8Array, start: number, end: number): void {
		const length = end - start;
		if (length > 0 && this.collecting && this.isSelected()) {
			// Keep at most maxBytes + 1 raw bytes: decoding never shrinks UTF-8, so a line whose raw
			// bytes exceed maxBytes exceeds it decoded too, and we need not hold the rest of it.
			const room = this.request.maxBytes + 1 - this.lineRawBytes;
			if (room > 0) this.lineParts.push(chunk.slice(start, start + Math.min(room, length)));
		}
		this.lineRawBytes += length;
	}

	private finishLine(): void {
		if (this.isSelected()) {
			if (this.selectedLines === 0) this.firstSelectedLineBytes = this.lineRawBytes;
			this.selectedLines++;
			this.selectedBytes += this.lineRawBytes + 1;
			if (this.collecting) this.keepLine();
		}
		this.lineIndex++;
		this.lineParts = [];
		this.lineRawBytes = 0;
	}

	private keepLine(): void {
		if (this.kept.length >= this.request.maxLines) {
			this.stopCollecting("lines");
			return;
		}
		const text = this.decodeLine();
		const cost = Buffer.byteLength(text, "utf8") + (this.kept.length > 0 ? 1 : 0);
		if (this.lineRawBytes > this.request.maxBytes || this.outputBytes + cost > this.request.maxBytes) {
			if (this.kept.length === 0) this.firstLineExceedsLimit = true;
			this.stopCollecting("bytes");
			return;
		}
		this.kept.push(text);
		this.outputBytes += cost;
	}

	private decodeLine(): string {
		// Buffer#toString replaces invalid UTF-8 with U+FFFD, like a non-fatal TextDecoder, but faster.
		const text = Buffer.concat(this.lineParts).toString("utf8");
		// A BOM is an encoding marker, not content the model should see.
		return this.lineIndex === 0 && text.startsWith("\uFEFF") ? text.slice(1) : text;
	}

	private stopCollecting(reason: "lines" | "bytes"): void {
		this.collecting = false;
		this.truncatedBy = reason;
	}
}
