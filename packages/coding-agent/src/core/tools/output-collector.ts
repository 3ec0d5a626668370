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
	private tail = "";
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
		this.tail += text;
		this.totalBytes += byteLength(text);
		this.newlines += countNewlines(text);
		this.endsWithNewline = text.endsWith("\n");
		if (this.fileDescriptor !== undefined) writeSync(this.fileDescriptor, text);
		else if (this.exceedsLimits()) this.spill(this.tail);
		if (this.tail.length > this.retainChars * 2) this.trimTail();
	}

	/** Lines of output so far; a trailing newline does not start an extra line. */
	get totalLines(): number {
		return this.newlines + (this.endsWithNewline ? 0 : 1);
	}

	/** Characters currently held in memory (bounded by about twice `maxBytes`). */
	get retainedChars(): number {
		return this.tail.length;
	}

	/** The tail-truncated output now. */
	snapshot(): OutputSnapshot {
		if (!this.exceedsLimits()) return { content: this.tail };
		const result = truncateTail(this.tail, { maxLines: this.maxLines, maxBytes: this.maxBytes });
		// After a trim the kept tail may fit the limits on its own; it is still the largest tail of
		// complete lines that does (see trimTail), so the limit that cut it is the byte limit unless
		// it already holds maxLines lines.
		const content = result.truncated ? result.content : splitLines(this.tail).join("\n");
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

	/**
	 * Drops all but the last `retainChars` characters, then up to the next newline so the tail starts
	 * on a line boundary (unless it is one huge line). Safe: a line cut here is longer than
	 * `maxBytes` together with what follows it, so tail truncation could never keep it.
	 */
	private trimTail(): void {
		let start = this.tail.length - this.retainChars;
		const newline = this.tail.indexOf("\n", start);
		if (newline !== -1 && newline < this.tail.length - 1) start = newline + 1;
		this.tail = this.tail.slice(start);
	}
}

function countNewlines(text: string): number {
	let count = 0;
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) count++;
	return count;
}
