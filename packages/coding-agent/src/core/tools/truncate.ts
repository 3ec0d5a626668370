/**
 * Output truncation shared by the built-in tools (configuration.md §8) and exported for extensions.
 *
 * Limits: {@link MAX_LINES} lines or {@link MAX_BYTES} bytes (UTF-8), whichever is hit first.
 * Head truncation keeps the start (read, grep, find, ls); tail truncation keeps the end (bash).
 * Only complete lines are kept, except when a single line alone exceeds the byte limit.
 *
 * Line counting: lines are separated by `\n`; a trailing `\n` ends the last line and does not
 * start an empty one (`"a\nb\n"` has 2 lines; `""` has 0).
 */

/** Maximum number of lines a tool returns. */
export const MAX_LINES = 2000;
/** Maximum number of bytes (UTF-8) a tool returns: 50 KiB. */
export const MAX_BYTES = 51200;
/** grep: longest match/context line shown, in characters. */
export const GREP_MAX_LINE_LENGTH = 500;

/** The limits a truncation applies. Both default to the module constants. */
export interface TruncationOptions {
	/** Default: {@link MAX_LINES}. */
	maxLines?: number;
	/** Default: {@link MAX_BYTES}. */
	maxBytes?: number;
}

/** What a tool reports in `details.truncation` (plain data, configuration.md §8). */
export interface TruncationInfo {
	truncated: boolean;
	/** Which limit cut the output; `null` when not truncated. */
	truncatedBy: "lines" | "bytes" | null;
	totalLines: number;
	totalBytes: number;
	outputLines: number;
	outputBytes: number;
	/** Tail truncation only: the first kept line is the end of a line longer than `maxBytes`. */
	lastLinePartial: boolean;
	/** Head truncation only: the first line alone exceeds `maxBytes`, so nothing is kept. */
	firstLineExceedsLimit: boolean;
	maxLines: number;
	maxBytes: number;
}

/** A truncation's kept text plus its {@link TruncationInfo}. */
export interface TruncationResult extends TruncationInfo {
	content: string;
}

/** Splits text into lines; a trailing newline does not start an extra empty line. */
export function splitLines(text: string): string[] {
	if (text === "") return [];
	const lines = text.split("\n");
	if (lines[lines.length - 1] === "") lines.pop();
	return lines;
}

/** Number of UTF-8 bytes of `text`. */
export function byteLength(text: string): number {
	return Buffer.byteLength(text, "utf8");
}

/** Strips `content` from a result, leaving the plain data stored in `details.truncation`. */
export function toTruncationInfo(result: TruncationResult): TruncationInfo {
	const { content: _content, ...info } = result;
	return info;
}

/**
 * Keeps the start of `content`: as many complete lines as fit both limits. When the first line alone
 * exceeds `maxBytes`, the result is empty and `firstLineExceedsLimit` is set.
 */
export function truncateHead(content: string, options: TruncationOptions = {}): TruncationResult {
	const maxLines = options.maxLines ?? MAX_LINES;
	const maxBytes = options.maxBytes ?? MAX_BYTES;
	const lines = splitLines(content);
	const totalBytes = byteLength(content);
	const base = baseResult(content, lines.length, totalBytes, maxLines, maxBytes);
	if (lines.length <= maxLines && totalBytes <= maxBytes) return base;

	const kept: string[] = [];
	let outputBytes = 0;
	let truncatedBy: "lines" | "bytes" = "lines";
	for (const line of lines) {
		if (kept.length >= maxLines) break;
		const cost = byteLength(line) + (kept.length > 0 ? 1 : 0);
		if (outputBytes + cost > maxBytes) {
			truncatedBy = "bytes";
			break;
		}
		kept.push(line);
		outputBytes += cost;
	}
	return {
		...base,
		content: kept.join("\n"),
		truncated: true,
		truncatedBy,
		outputLines: kept.length,
		outputBytes,
		firstLineExceedsLimit: kept.length === 0 && lines.length > 0,
	};
}

/**
 * Keeps the end of `content`: as many complete lines as fit both limits, counted from the last.
 * When the last line alone exceeds `maxBytes`, its final `maxBytes` bytes are kept (cut on a
 * character boundary) and `lastLinePartial` is set.
 */
export function truncateTail(content: string, options: TruncationOptions = {}): TruncationResult {
	const maxLines = options.maxLines ?? MAX_LINES;
	const maxBytes = options.maxBytes ?? MAX_BYTES;
	const lines = splitLines(content);
	const totalBytes = byteLength(content);
	const base = baseResult(content, lines.length, totalBytes, maxLines, maxBytes);
	if (lines.length <= maxLines && totalBytes <= maxBytes) return base;

	const kept: string[] = [];
	let outputBytes = 0;
	let truncatedBy: "lines" | "bytes" = "lines";
	let lastLinePartial = false;
	for (let index = lines.length - 1; index >= 0; index--) {
		if (kept.length >= maxLines) break;
		const line = lines[index] ?? "";
		const cost = byteLength(line) + (kept.length > 0 ? 1 : 0);
		if (outputBytes + cost > maxBytes) {
			truncatedBy = "bytes";
			if (kept.length === 0) {
				const tail = tailBytes(line, maxBytes);
				kept.unshift(tail);
				outputBytes = byteLength(tail);
				lastLinePartial = true;
			}
			break;
		}
		kept.unshift(line);
		outputBytes += cost;
	}
	return {
		...base,
		content: kept.join("\n"),
		truncated: true,
		truncatedBy,
		outputLines: kept.length,
		outputBytes,
		lastLinePartial,
	};
}

/** Shortens one line to `maxChars` characters, marking the cut with `... [truncated]`. */
export function truncateLine(
	line: string,
	maxChars: number = GREP_MAX_LINE_LENGTH,
): { text: string; wasTruncated: boolean } {
	if (line.length <= maxChars) return { text: line, wasTruncated: false };
	return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}

/** Human size with binary units: `512B`, `1.5KB`, `50KB`, `3.2MB` (a trailing `.0` is dropped). */
export function formatSize(bytes: number): string {
	if (bytes < 1024) return `${bytes}B`;
	if (bytes < 1024 * 1024) return `${trimDecimal(bytes / 1024)}KB`;
	return `${trimDecimal(bytes / (1024 * 1024))}MB`;
}

function trimDecimal(value: number): string {
	const fixed = value.toFixed(1);
	return fixed.endsWith(".0") ? fixed.slice(0, -2) : fixed;
}

/** The last `maxBytes` bytes of `line`, starting on a UTF-8 character boundary. */
function tailBytes(line: string, maxBytes: number): string {
	const bytes = Buffer.from(line, "utf8");
	let start = Math.max(0, bytes.length - maxBytes);
	// Skip UTF-8 continuation bytes (10xxxxxx) so the cut never splits a character.
	while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start++;
	return bytes.subarray(start).toString("utf8");
}

function baseResult(
	content: string,
	totalLines: number,
	totalBytes: number,
	maxLines: number,
	maxBytes: number,
): TruncationResult {
	return {
		content,
		truncated: false,
		truncatedBy: null,
		totalLines,
		totalBytes,
		outputLines: totalLines,
		outputBytes: totalBytes,
		lastLinePartial: false,
		firstLineExceedsLimit: false,
		maxLines,
		maxBytes,
	};
}
