/** One dispatched server-sent event. */
export interface ServerSentEvent {
	/** The `event:` field's value, or null when the event had none. */
	event: string | null;
	/** The `data:` lines' values joined with "\n". */
	data: string;
}

const LF = 0x0a;
const CR = 0x0d;
const COLON = 0x3a;
const SPACE = 0x20;

/**
 * An incremental `text/event-stream` decoder that works on the bytes as they arrive
 * (WHATWG HTML, "Interpreting an event stream"): lines end in LF, CR or CRLF (a CRLF may be split
 * across two reads), a leading BOM is skipped, lines starting with `:` are comments, `data:` lines
 * are joined with "\n", `event:` names the event, a blank line dispatches an event that has data
 * (an event without `data:` lines is dropped) and resets the event name, `id:`/`retry:` and unknown
 * fields are ignored (nothing here reconnects), and an event still open when the stream ends is
 * discarded.
 *
 * Only field values are decoded to strings, once per line, straight from the read's bytes: a line
 * is copied only when it spans two reads. Line ends are never inside a UTF-8 sequence, so a
 * multi-byte character split across reads is decoded whole; invalid UTF-8 becomes U+FFFD.
 */
export class ServerSentEventDecoder {
	// `ignoreBOM`: a BOM inside a value is data; only the stream's first bytes may be a BOM (skipped below).
	private readonly text = new TextDecoder("utf-8", { ignoreBOM: true });
	/** Bytes of a line that has not ended yet, in arrival order. */
	private carry: Uint8Array[] = [];
	private carryLength = 0;
	/** The last read ended with CR: an LF starting the next read belongs to it. */
	private pendingCr = false;
	private firstLine = true;
	private data: string | undefined;
	private event: string | null = null;

	/** Decodes one read of the body, appending every event it completes to `out`. */
	push(chunk: Uint8Array, out: ServerSentEvent[]): void {
		const length = chunk.length;
		if (length === 0) return;
		let from = 0;
		if (this.pendingCr) {
			this.pendingCr = false;
			if (chunk[0] === LF) from = 1;
		}
		// Each terminator kind is searched once per occurrence, so a read costs linear time.
		let nextLf = chunk.indexOf(LF, from);
		let nextCr = chunk.indexOf(CR, from);
		while (from < length) {
			if (nextLf !== -1 && nextLf < from) nextLf = chunk.indexOf(LF, from);
			if (nextCr !== -1 && nextCr < from) nextCr = chunk.indexOf(CR, from);
			const end = nextLf === -1 ? nextCr : nextCr === -1 ? nextLf : Math.min(nextLf, nextCr);
			if (end === -1) {
				// Copied (a Buffer's own slice is a view): the reader may reuse the read's buffer.
				this.carry.push(Uint8Array.prototype.slice.call(chunk, from));
				this.carryLength += length - from;
				return;
			}
			if (this.carry.length === 0) {
				this.line(chunk, from, end, out);
			} else {
				const line = this.takeCarry(chunk.subarray(from, end));
				this.line(line, 0, line.length, out);
			}
			if (chunk[end] === CR) {
				if (end + 1 === length) this.pendingCr = true;
				from = chunk[end + 1] === LF ? end + 2 : end + 1;
			} else {
				from = end + 1;
			}
		}
	}

	/** The stream ended: an unterminated line and an event without its blank line are discarded. */
	end(): void {
		this.carry = [];
		this.carryLength = 0;
		this.data = undefined;
		this.event = null;
	}

	private takeCarry(tail: Uint8Array): Uint8Array {
		const line = new Uint8Array(this.carryLength + tail.length);
		let at = 0;
		for (const part of this.carry) {
			line.set(part, at);
			at += part.length;
		}
		line.set(tail, at);
		this.carry = [];
		this.carryLength = 0;
		return line;
	}

	private line(bytes: Uint8Array, start: number, end: number, out: ServerSentEvent[]): void {
		if (this.firstLine) {
			this.firstLine = false;
			if (end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf) {
				start += 3;
			}
		}
		if (start === end) {
			if (this.data !== undefined) out.push({ event: this.event, data: this.data });
			this.data = undefined;
			this.event = null;
			return;
		}
		if (bytes[start] === COLON) return;
		let colon = start;
		while (colon < end && bytes[colon] !== COLON) colon++;
		const nameLength = colon - start;
		const isData =
			nameLength === 4 &&
			bytes[start] === 0x64 &&
			bytes[start + 1] === 0x61 &&
			bytes[start + 2] === 0x74 &&
			bytes[start + 3] === 0x61;
		const isEvent =
			!isData &&
			nameLength === 5 &&
			bytes[start] === 0x65 &&
			bytes[start + 1] === 0x76 &&
			bytes[start + 2] === 0x65 &&
			bytes[start + 3] === 0x6e &&
			bytes[start + 4] === 0x74;
		if (!isData && !isEvent) return;
		let valueStart = colon + 1;
		if (valueStart < end && bytes[valueStart] === SPACE) valueStart++;
		const value = valueStart >= end ? "" : this.text.decode(bytes.subarray(valueStart, end));
		if (isEvent) this.event = value;
		else this.data = this.data === undefined ? value : `${this.data}\n${value}`;
	}
}
