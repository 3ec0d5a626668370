import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { durableFileSystem, writeAllSync } from "../fs/file-system.js";
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
	/** Why the complete output could not be saved (full or missing temp dir); the tail is still kept. */
	fullOutputError?: string;
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
	private fileError: string | undefined;

	constructor(options: OutputCollectorOptions = {}) {
		this.maxLines = options.maxLines ?? MAX_LINES;
		this.maxBytes = options.maxBytes ?? MAX_BYTES;
		this.tempDir = options.tempDir ?? tmpdir();
		this.retainChars = this.maxBytes + 1;
	}

	/**
	 * Adds output text. Never throws: it runs inside the child's `data` listener, where a throw
	 * would kill pi. When the full-output file cannot be written, spilling stops, the partial file
	 * is removed and `fullOutputError` says why; the tail keeps being collected.
	 */
	append(text: string): void {
		if (text === "") return;
		this.pieces.push(text);
		this.retained += text.length;
		this.totalBytes += byteLength(text);
		this.newlines += countNewlines(text);
		this.endsWithNewline = text.endsWith("\n");
		if (this.fileDescriptor !== undefined) this.writeToFile(text);
		else if (this.fileError === undefined && this.exceedsLimits()) this.spill(this.tail());
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
		return this.fileError === undefined
			? { content, truncation, fullOutputPath: this.filePath }
			: { content, truncation, fullOutputError: this.fileError };
	}

	/** Closes the full-output file (if any) and returns the final snapshot. Idempotent. */
	finish(): OutputSnapshot {
		if (this.fileDescriptor !== undefined) {
			const fd = this.fileDescriptor;
			this.fileDescriptor = undefined;
			try {
				durableFileSystem().closeSync(fd);
			} catch (error) {
				this.fail(error);
			}
		}
		return this.snapshot();
	}

	private exceedsLimits(): boolean {
		return this.totalBytes > this.maxBytes || this.totalLines > this.maxLines;
	}

	private spill(everythingSoFar: string): void {
		const path = join(this.tempDir, `pi-bash-${randomBytes(8).toString("hex")}.log`);
		try {
			this.fileDescriptor = durableFileSystem().openSync(path, "w", 0o600);
		} catch (error) {
			this.fail(error);
			return;
		}
		this.filePath = path;
		this.writeToFile(everythingSoFar);
	}

	private writeToFile(text: string): void {
		if (this.fileDescriptor === undefined) return;
		try {
			writeAllSync(durableFileSystem(), this.fileDescriptor, Buffer.from(text, "utf8"), this.filePath);
		} catch (error) {
			this.fail(error);
		}
	}

	/** Gives up on the full-output file: a partial copy would pass for the whole output. */
	private fail(error: unknown): void {
		const fileSystem = durableFileSystem();
		if (this.fileDescriptor !== undefined) {
			try {
				fileSystem.closeSync(this.fileDescriptor);
			} catch {
				// Already failing; the first error is the one worth reporting.
			}
			this.fileDescriptor = undefined;
		}
		if (this.filePath !== undefined) {
			try {
				fileSystem.unlinkSync(this.filePath);
			} catch {
				// Never created or already gone.
			}
		}
		const code = (error as NodeJS.ErrnoException).code;
		const where = this.filePath ?? this.tempDir;
		this.fileError =
			code === "ENOSPC" || code === "EDQUOT"
				? `No space left on device: ${where}`
				: `${error instanceof Error ? error.message : String(error)}`;
		this.filePath = undefined;
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
