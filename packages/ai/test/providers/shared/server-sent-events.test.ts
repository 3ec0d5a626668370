import { _iterSSEMessages } from "openai/streaming";
import { describe, expect, it } from "vitest";
import { type ServerSentEvent, ServerSentEventDecoder } from "../../../src/providers/shared/server-sent-events.js";

const encoder = new TextEncoder();

/** Decodes `pieces` (each one read of the body) and returns every dispatched event. */
function decode(pieces: (string | Uint8Array)[]): ServerSentEvent[] {
	const decoder = new ServerSentEventDecoder();
	const out: ServerSentEvent[] = [];
	for (const piece of pieces) decoder.push(typeof piece === "string" ? encoder.encode(piece) : piece, out);
	decoder.end();
	return out;
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
	const pieces: Uint8Array[] = [];
	let from = 0;
	for (const offset of [...offsets, bytes.length]) {
		pieces.push(bytes.slice(from, offset));
		from = offset;
	}
	return pieces;
}

/** What the `openai` SDK's own SSE parser makes of the same bytes, read in the same pieces. */
async function sdkEvents(pieces: Uint8Array[]): Promise<ServerSentEvent[]> {
	const body = new ReadableStream<Uint8Array>({
		start(controller) {
			for (const piece of pieces) controller.enqueue(piece);
			controller.close();
		},
	});
	const events: ServerSentEvent[] = [];
	for await (const event of _iterSSEMessages(new Response(body), new AbortController())) {
		events.push({ event: event.event, data: event.data });
	}
	return events;
}

const EVENT_STREAM = [
	": a comment line\n",
	'data: {"a":1}\n\n',
	"event: response.output_text.delta\r\n",
	'data: {"delta":"héllo 🌍 wörld"}\r\n\r\n',
	"data: first line\rdata:second line without a space\r\rdata:  two spaces keep one\n\n",
	"id: 7\nretry: 1000\nunknown: field\ndata\n\n",
	"event: e\ndata: x\n\ndata: after the event name was reset\n\n",
	"data: [DONE]\n\n",
].join("");

describe("ServerSentEventDecoder", () => {
	it("decodes fields, comments, multi-line data and every line ending", () => {
		expect(decode([EVENT_STREAM])).toEqual([
			{ event: null, data: '{"a":1}' },
			{ event: "response.output_text.delta", data: '{"delta":"héllo 🌍 wörld"}' },
			{ event: null, data: "first line\nsecond line without a space" },
			{ event: null, data: " two spaces keep one" },
			{ event: null, data: "" },
			{ event: "e", data: "x" },
			{ event: null, data: "after the event name was reset" },
			{ event: null, data: "[DONE]" },
		]);
	});

	it("gives the same events for a cut at every byte, inside UTF-8 sequences and CRLF pairs included", () => {
		const bytes = encoder.encode(EVENT_STREAM);
		const whole = decode([bytes]);
		for (let offset = 0; offset <= bytes.length; offset++) {
			expect(decode(cut(bytes, [offset]))).toEqual(whole);
		}
		// Every byte its own read.
		expect(
			decode(
				cut(
					bytes,
					Array.from({ length: bytes.length }, (_, index) => index),
				),
			),
		).toEqual(whole);
	});

	it("agrees with the openai SDK's parser on random streams cut at random places", async () => {
		let seed = 12345;
		const random = (below: number): number => {
			seed = (seed * 1103515245 + 12345) % 2 ** 31;
			return seed % below;
		};
		const lines = ['data: {"k":"v"}', "data: ü€𝄞", "data:x", "data", ": note", "event: ping", "id: 3", ""];
		const endings = ["\n", "\r", "\r\n"];
		for (let trial = 0; trial < 200; trial++) {
			let text = "";
			for (let line = 0; line < 30; line++) {
				// An `event:` line is always followed by data, where the SDK and WHATWG agree.
				const picked = lines[random(lines.length)] as string;
				text += picked + endings[random(3)];
				if (picked.startsWith("event")) text += `data: d${line}\n`;
			}
			text += "\n\n";
			const bytes = encoder.encode(text);
			const offsets = Array.from({ length: random(6) }, () => random(bytes.length + 1)).sort((a, b) => a - b);
			const pieces = cut(bytes, offsets);
			expect(decode(pieces), JSON.stringify(text)).toEqual(await sdkEvents(pieces));
		}
	});

	it("discards an event the stream ends inside (no blank line, no trailing newline)", () => {
		expect(decode(['data: {"a":1}\n\ndata: {"b":2}'])).toEqual([{ event: null, data: '{"a":1}' }]);
		expect(decode(['data: {"a":1}\n\ndata: {"b":2}\n'])).toEqual([{ event: null, data: '{"a":1}' }]);
	});

	it("drops an event without data and skips a leading BOM only", () => {
		expect(decode(["event: ping\n\n", "data: a\n\n"])).toEqual([{ event: null, data: "a" }]);
		const bom = new Uint8Array([0xef, 0xbb, 0xbf]);
		expect(decode([bom.subarray(0, 1), bom.subarray(1), "data: a\n\n"])).toEqual([{ event: null, data: "a" }]);
		expect(decode(["data: \uFEFFa\n\n"])).toEqual([{ event: null, data: "\uFEFFa" }]);
	});

	it("replaces invalid UTF-8 and keeps a line spanning many reads whole", () => {
		expect(decode([new Uint8Array([0x64, 0x61, 0x74, 0x61, 0x3a, 0xff, 0x0a, 0x0a])])).toEqual([
			{ event: null, data: "\uFFFD" },
		]);
		const long = "y".repeat(100_000);
		const bytes = encoder.encode(`data: ${long}\n\n`);
		const offsets = Array.from({ length: Math.floor(bytes.length / 997) }, (_, index) => (index + 1) * 997);
		expect(decode(cut(bytes, offsets))).toEqual([{ event: null, data: long }]);
	});

	it("does not keep a read's buffer (the reader may reuse it), a Node Buffer included", () => {
		for (const buffer of [encoder.encode("data: abc"), Buffer.from("data: abc")]) {
			const decoder = new ServerSentEventDecoder();
			const out: ServerSentEvent[] = [];
			decoder.push(buffer, out);
			buffer.fill(0x7a);
			decoder.push(encoder.encode("\n\n"), out);
			expect(out).toEqual([{ event: null, data: "abc" }]);
		}
	});
});
