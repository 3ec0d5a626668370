// Strict JSONL framing (rpc.md §3): LF is the only record delimiter. Node's `readline` also
// splits on U+2028/U+2029, which JSON.stringify leaves raw inside strings, so it would cut
// records coming from model output in two; this reader never does.

/**
 * Longest record the reader accepts, in UTF-16 code units of decoded text (64 Mi; about 64 MiB
 * of ASCII, e.g. a prompt with ~45 MiB of base64 images). A longer line is reported once through
 * `onError` and discarded up to its LF; reading then continues with the next record.
 */
export const DEFAULT_MAX_LINE_LENGTH = 64 * 1024 * 1024;

/** The error a too-long line produces. */
export class JsonlLineTooLongError extends Error {
	readonly code = "jsonl_line_too_long";

	constructor(readonly maxLineLength: number) {
		super(`line exceeds the maximum length of ${maxLineLength} characters`);
		this.name = "JsonlLineTooLongError";
	}
}

/** What `attachJsonlLineReader` reads: Node readable streams fit. */
export interface JsonlReadable {
	on(event: "data", listener: (chunk: string | Uint8Array) => void): unknown;
	on(event: "end", listener: () => void): unknown;
	off(event: "data", listener: (chunk: string | Uint8Array) => void): unknown;
	off(event: "end", listener: () => void): unknown;
}

/** Options of `attachJsonlLineReader`. */
export interface JsonlReaderOptions {
	/** Default `DEFAULT_MAX_LINE_LENGTH`. */
	maxLineLength?: number;
	/** Called once per line longer than the limit (the line itself is dropped). */
	onError?: (error: JsonlLineTooLongError) => void;
	/** Called after the final record when the stream ends. */
	onEnd?: () => void;
}

/** Serializes one record: compact JSON plus LF (`undefined` keys are omitted, never `null`). */
export function serializeJsonLine(value: unknown): string {
	return `${JSON.stringify(value)}\n`;
}

/**
 * An incremental LF-only splitter. `push` takes decoded text and returns the complete lines in
 * it; `end` returns the unterminated rest. Only the new text is scanned for LF, so a huge line
 * arriving in many chunks costs linear time.
 */
export class JsonlLineSplitter {
	private parts: string[] = [];
	private partsLength = 0;
	private discarding = false;

	constructor(
		private readonly maxLineLength = DEFAULT_MAX_LINE_LENGTH,
		private readonly onError?: (error: JsonlLineTooLongError) => void,
	) {}

	push(text: string): string[] {
		const lines: string[] = [];
		let start = 0;
		for (;;) {
			const newline = text.indexOf("\n", start);
			if (newline < 0) break;
			const piece = text.slice(start, newline);
			start = newline + 1;
			if (this.discarding || this.partsLength + piece.length > this.maxLineLength) {
				if (!this.discarding) this.onError?.(new JsonlLineTooLongError(this.maxLineLength));
				this.reset();
				continue;
			}
			const line = this.partsLength === 0 ? piece : this.parts.join("") + piece;
			this.reset();
			lines.push(stripCarriageReturn(line));
		}
		this.keep(start === 0 ? text : text.slice(start));
		return lines;
	}

	end(): string | undefined {
		const rest = this.discarding ? "" : this.parts.join("");
		this.reset();
		return rest.length > 0 ? stripCarriageReturn(rest) : undefined;
	}

	private keep(rest: string): void {
		if (rest.length === 0 || this.discarding) return;
		if (this.partsLength + rest.length > this.maxLineLength) {
			this.onError?.(new JsonlLineTooLongError(this.maxLineLength));
			this.parts = [];
			this.partsLength = 0;
			this.discarding = true;
			return;
		}
		this.parts.push(rest);
		this.partsLength += rest.length;
	}

	private reset(): void {
		this.parts = [];
		this.partsLength = 0;
		this.discarding = false;
	}
}

function stripCarriageReturn(line: string): string {
	return line.endsWith("\r") ? line.slice(0, -1) : line;
}

/**
 * Delivers every LF-terminated record of `stream` to `onLine` (one trailing CR removed), and the
 * unterminated rest at end of stream. Bytes are decoded with a streaming UTF-8 decoder, so a
 * character split across chunks is reassembled; invalid bytes become U+FFFD. Returns a detach
 * function that removes the listeners.
 */
export function attachJsonlLineReader(
	stream: JsonlReadable,
	onLine: (line: string) => void,
	options: JsonlReaderOptions = {},
): () => void {
	const decoder = new TextDecoder("utf-8");
	const splitter = new JsonlLineSplitter(options.maxLineLength, options.onError);
	const onData = (chunk: string | Uint8Array): void => {
		const text = typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
		for (const line of splitter.push(text)) onLine(line);
	};
	const onEnd = (): void => {
		const tail = splitter.push(decoder.decode());
		for (const line of tail) onLine(line);
		const rest = splitter.end();
		if (rest !== undefined) onLine(rest);
		options.onEnd?.();
	};
	stream.on("data", onData);
	stream.on("end", onEnd);
	return () => {
		stream.off("data", onData);
		stream.off("end", onEnd);
	};
}
