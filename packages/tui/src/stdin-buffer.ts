import { PASTE_END, PASTE_START } from "./paste.js";
import { systemTimers, type Timers } from "./timers.js";

/** Options for {@link StdinBuffer}. */
export interface StdinBufferOptions {
	/** Called with each complete sequence: one key, one escape sequence or one character. */
	onData: (sequence: string) => void;
	/** Called with the text of a whole bracketed paste (markers removed, line endings untouched). */
	onPaste: (text: string) => void;
	/** How long an incomplete escape sequence may wait for the rest, in ms. Default: 30. */
	escapeTimeoutMs?: number;
	/** Timer functions. Default: the global timers. */
	timers?: Timers;
}

type Scan = { kind: "complete"; length: number } | { kind: "incomplete" };

const STRING_INTRODUCERS = new Set(["]", "P", "_", "^", "X"]);

/** Scans the CSI sequence starting at `start` (the ESC). Malformed sequences end before the bad byte. */
function scanCsi(text: string, start: number): Scan {
	let index = start + 2;
	if (text[index] === "[") {
		// Linux console function keys: ESC [ [ A..E
		return index + 1 < text.length ? { kind: "complete", length: 4 } : { kind: "incomplete" };
	}
	for (; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code >= 0x40 && code <= 0x7e) {
			const length = index - start + 1;
			// X10 mouse report: ESC [ M followed by three raw bytes.
			if (text[index] === "M" && length === 3) {
				return text.length >= start + 6 ? { kind: "complete", length: 6 } : { kind: "incomplete" };
			}
			return { kind: "complete", length };
		}
		if (code < 0x20 || code > 0x3f) return { kind: "complete", length: index - start };
	}
	return { kind: "incomplete" };
}

/** Scans the escape sequence starting at `start`; `text[start]` is ESC. */
function scanEscape(text: string, start: number): Scan {
	const next = text[start + 1];
	if (next === undefined) return { kind: "incomplete" };
	if (next === "[") return scanCsi(text, start);
	if (next === "O") return start + 2 < text.length ? { kind: "complete", length: 3 } : { kind: "incomplete" };
	if (STRING_INTRODUCERS.has(next)) {
		for (let index = start + 2; index < text.length; index++) {
			const code = text.charCodeAt(index);
			if (code === 0x07) return { kind: "complete", length: index - start + 1 };
			if (code === 0x1b) {
				if (index + 1 >= text.length) return { kind: "incomplete" };
				if (text[index + 1] === "\\") return { kind: "complete", length: index - start + 2 };
			}
		}
		return { kind: "incomplete" };
	}
	if (next === "\x1b") {
		// ESC ESC [ … / ESC ESC O … is an alt-prefixed sequence; a bare ESC ESC is alt+escape.
		const third = text[start + 2];
		if (third === undefined) return { kind: "incomplete" };
		if (third === "[" || third === "O") {
			const inner = scanEscape(text, start + 1);
			return inner.kind === "complete" ? { kind: "complete", length: inner.length + 1 } : inner;
		}
		return { kind: "complete", length: 2 };
	}
	// ESC + one character (alt+key); keep surrogate pairs whole.
	const codePoint = text.codePointAt(start + 1) ?? 0;
	return { kind: "complete", length: codePoint > 0xffff ? 3 : 2 };
}

/**
 * Splits raw terminal input into complete sequences. Escape sequences may arrive split
 * across chunks or several per chunk; an incomplete sequence waits for the next chunk or,
 * after `escapeTimeoutMs`, is flushed as is (a lone ESC is the Escape key). Bracketed pastes
 * are collected until their end marker, however many chunks they span, and delivered once.
 */
export class StdinBuffer {
	private buffer = "";
	private pasteChunks: string[] | undefined;
	private timer: unknown;
	private readonly decoder = new TextDecoder("utf-8");
	private readonly timers: Timers;
	private readonly escapeTimeoutMs: number;

	constructor(private readonly options: StdinBufferOptions) {
		this.timers = options.timers ?? systemTimers;
		this.escapeTimeoutMs = options.escapeTimeoutMs ?? 30;
	}

	/** Feeds a chunk of input. Bytes are decoded as UTF-8, keeping split characters for the next chunk. */
	process(chunk: string | Uint8Array): void {
		const text = typeof chunk === "string" ? chunk : this.decoder.decode(chunk, { stream: true });
		this.cancelTimer();
		this.buffer += text;
		this.drain(false);
		if (this.buffer.length > 0 && this.pasteChunks === undefined) {
			this.timer = this.timers.setTimeout(() => {
				this.timer = undefined;
				this.drain(true);
			}, this.escapeTimeoutMs);
		}
	}

	/** Delivers whatever is buffered now (an unfinished paste is delivered as a paste). */
	flush(): void {
		this.cancelTimer();
		this.drain(true);
		if (this.pasteChunks !== undefined) {
			const text = this.pasteChunks.join("") + this.buffer;
			this.pasteChunks = undefined;
			this.buffer = "";
			this.options.onPaste(text);
		}
	}

	/** Drops buffered input and cancels the pending timeout. */
	destroy(): void {
		this.cancelTimer();
		this.buffer = "";
		this.pasteChunks = undefined;
	}

	private cancelTimer(): void {
		if (this.timer !== undefined) {
			this.timers.clearTimeout(this.timer);
			this.timer = undefined;
		}
	}

	private drain(force: boolean): void {
		let index = 0;
		const text = this.buffer;
		while (index < text.length) {
			if (this.pasteChunks !== undefined) {
				const result = this.collectPaste(text, index);
				index = result.index;
				if (!result.done) break;
				continue;
			}
			if (text.charCodeAt(index) !== 0x1b) {
				const codePoint = text.codePointAt(index) ?? 0;
				const length = codePoint > 0xffff ? 2 : 1;
				this.options.onData(text.slice(index, index + length));
				index += length;
				continue;
			}
			const scan = scanEscape(text, index);
			if (scan.kind === "incomplete" && !force) break;
			const length = scan.kind === "complete" ? scan.length : text.length - index;
			const sequence = text.slice(index, index + length);
			index += length;
			if (sequence === PASTE_START) this.pasteChunks = [];
			else this.options.onData(sequence);
		}
		this.buffer = text.slice(index);
	}

	/**
	 * Consumes paste text from `index`. Returns the index after the end marker, or (not done)
	 * the index of a possible partial end marker kept for the next chunk.
	 */
	private collectPaste(text: string, index: number): { index: number; done: boolean } {
		const chunks = this.pasteChunks ?? [];
		const end = text.indexOf(PASTE_END, index);
		if (end !== -1) {
			chunks.push(text.slice(index, end));
			this.pasteChunks = undefined;
			this.options.onPaste(chunks.join(""));
			return { index: end + PASTE_END.length, done: true };
		}
		const stop = text.length - this.pendingMarkerLength(text.slice(index));
		chunks.push(text.slice(index, stop));
		return { index: stop, done: false };
	}

	/** Length of the longest tail of `text` that could be the start of the paste end marker. */
	private pendingMarkerLength(text: string): number {
		for (let length = Math.min(PASTE_END.length - 1, text.length); length > 0; length--) {
			if (PASTE_END.startsWith(text.slice(text.length - length))) return length;
		}
		return 0;
	}
}
