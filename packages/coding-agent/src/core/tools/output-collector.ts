import { randomBytes } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
	byteLength,
	MAX_BYTES,
	MAX_LINES,
	splitLines,
	type TruncationInfo,
	toTruncationInfo,
	truncateTail,
} from "./truncate.js";

/**
 * Collects a process's (already sanitised) output in bounded memory: it keeps only a rolling tail
 * big enough for tail truncation, and once the output exceeds a limit it writes everything — the
 * part seen so far and all that follows — to `<tempDir>/pi-bash-<random>.log`.
 */

/** Limits and where the full-output file goes. */
export interface OutputCollectorOptions {
	/** Default: {@link MAX_LINES}. */
	maxLines?: number;
	/** Default: {@link MAX_BYTES}. */
	maxBytes?: number;
	/** Directory of the full-output file. Default: `os.tmpdir()`. */
	tempDir?: string;
}

/** The output as the model should see it at one moment. */
export interface OutputSnapshot {
	/** The tail-truncated text (no note appended). */
	content: string;
	/** Present when the output exceeds a limit; totals count the whole output. */
	truncation?: TruncationInfo;
	/** The file holding the complete output; present once the output exceeded a limit. */
	fullOutputPath?: string;
}

export class OutputCollector {
	private readonly maxLines: number;
	private readonly maxBytes: number;
	private readonly tempDir: string;
	/** Characters of tail kept after a trim; more than `maxBytes` so no kept line can be lost. */
	private readonly retainChars: number;
	/** The retained tail as appended pieces (joined only when read, never on every append). */
	private pieces: string[] = [];
	private retained = 0;
	private totalBytes = 0;
	private newlines = 0;
	private endsWithNewline = true;
	private fileDescriptor: number | undefined;
	private filePath: string | undefined;

	constructor(options: OutputCollectorOptions = {}) {
		this.maxLines = options.maxLines ?? MAX_LINES;
		this.maxBytes = options.maxBytes ?? MAX_BYTES;
		this.tempDir = options.tempDir ?? tmpdir();
		this.retainChars = this.maxBytes + 1;
	}

	/** Adds output text. Throws if the full-output file cannot be written. */
	append(text: string): void {
		if (text === "") return;
		this.pieces.push(text);
		this.retained += text.length;
		this.totalBytes += byteLength(text);
		this.newlines += countNewlines(text);
		this.endsWithNewline = text.endsWith("\n");
		if (this.fileDescriptor !== undefined) writeSync(this.fileDescriptor, text);
		else if (this.exceedsLimits()) this.spill(this.tail());
		if (this.retained > this.retainChars * 2) this.trimTail();
	}

	/** Lines of output so far; a trailing newline does not start an extra line. */
	get totalLines(): number {
		return this.newlines + (this.endsWithNewline ? 0 : 1);
	}

	/** Characters currently held in memory (bounded by about twice `maxBytes`). */
	get retainedChars(): number {
		return this.retained;
	}

	/** The tail-truncated output now. */
	snapshot(): OutputSnapshot {
		const tail = this.tail();
		if (!this.exceedsLimits()) return { content: tail };
		const result = truncateTail(tail, { maxLines: this.maxLines, maxBytes: this.maxBytes });
		// After a trim the kept tail may fit the limits on its own; it is still the largest tail of
		// complete lines that does (see trimTail), so the limit that cut it is the byte limit unless
		// it already holds maxLines lines.
		const content = result.truncated ? result.content : splitLines(tail).join("\n");
		const truncation: TruncationInfo = {
			...toTruncationInfo(result),
			truncated: true,
			truncatedBy: result.truncatedBy ?? (result.outputLines >= this.maxLines ? "lines" : "bytes"),
			totalLines: this.totalLines,
			totalBytes: this.totalBytes,
			outputBytes: byteLength(content),
		};
		return { content, truncation, fullOutputPath: this.filePath };
	}

	/** Closes the full-output file (if any) and returns the final snapshot. Idempotent. */
	finish(): OutputSnapshot {
		if (this.fileDescriptor !== undefined) {
			closeSync(this.fileDescriptor);
			this.fileDescriptor = undefined;
		}
		return this.snapshot();
	}

	private exceedsLimits(): boolean {
		return this.totalBytes > this.maxBytes || this.totalLines > this.maxLines;
	}

	private spill(everythingSoFar: string): void {
		const path = join(this.tempDir, `pi-bash-${randomBytes(8).toString("hex")}.log`);
		this.fileDescriptor = openSync(path, "w", 0o600);
		this.filePath = path;
		writeSync(this.fileDescriptor, everythingSoFar);
	}

	/** The retained text, joined (and kept joined, so repeated reads cost nothing). */
	private tail(): string {
		if (this.pieces.length > 1) this.pieces = [this.pieces.join("")];
		return this.pieces[0] ?? "";
	}

	/**
	 * Drops all but the last `retainChars` characters, then up to the next newline so the tail starts
	 * on a line boundary (unless it is one huge line). Safe: a line cut here is longer than
	 * `maxBytes` together with what follows it, so tail truncation could never keep it. Pieces before
	 * the cut are dropped without copying; only the piece holding the cut is sliced.
	 */
	private trimTail(): void {
		const pieces = this.pieces;
		let cut = this.retained - this.retainChars;
		// Move the cut to just after the first newline at or after it, unless that is the last character.
		for (let index = 0, start = 0; index < pieces.length; index++) {
			const piece = pieces[index] ?? "";
			const end = start + piece.length;
			if (end > cut) {
				const newline = piece.indexOf("\n", Math.max(0, cut - start));
				if (newline !== -1) {
					if (start + newline < this.retained - 1) cut = start + newline + 1;
					break;
				}
			}
			start = end;
		}
		let first = 0;
		let offset = 0;
		while (first < pieces.length - 1 && offset + (pieces[first]?.length ?? 0) <= cut)
			offset += pieces[first++]?.length ?? 0;
		const kept = pieces.slice(first);
		kept[0] = (kept[0] ?? "").slice(cut - offset);
		this.pieces = kept;
		this.retained -= cut;
	}
}

function countNewlines(text: string): number {
	let count = 0;
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count++;
	return count;
}
