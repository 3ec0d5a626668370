import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import {
	attachJsonlLineReader,
	JsonlLineSplitter,
	type JsonlLineTooLongError,
	serializeJsonLine,
} from "../../src/modes/rpc/jsonl.js";

function feed(chunks: (string | Uint8Array)[], options: Parameters<typeof attachJsonlLineReader>[2] = {}) {
	const stream = new EventEmitter();
	const lines: string[] = [];
	const detach = attachJsonlLineReader(
		stream as unknown as Parameters<typeof attachJsonlLineReader>[0],
		(line) => lines.push(line),
		options,
	);
	for (const chunk of chunks) stream.emit("data", chunk);
	return { stream, lines, detach };
}

describe("attachJsonlLineReader", () => {
	it("splits on LF only: U+2028, U+2029, CR alone, U+0085, FF and VT are data", () => {
		const record = serializeJsonLine({ text: "a\u2028b\u2029c\rd\u0085e\ff\vg" });
		const { lines } = feed([record + record]);
		expect(lines).toHaveLength(2);
		expect(JSON.parse(lines[0]!)).toEqual({ text: "a\u2028b\u2029c\rd\u0085e\ff\vg" });
	});

	it("strips exactly one CR before LF", () => {
		const { lines } = feed(['{"a":1}\r\n{"b":2}\r\r\n']);
		expect(lines).toEqual(['{"a":1}', '{"b":2}\r']);
	});

	it("reassembles UTF-8 characters split at every byte boundary", () => {
		const bytes = Buffer.from(`${serializeJsonLine({ s: "héllo 🎉 \u2028 日本" })}`, "utf8");
		for (let cut = 1; cut < bytes.length; cut++) {
			const { lines } = feed([bytes.subarray(0, cut), bytes.subarray(cut)]);
			expect(JSON.parse(lines[0]!)).toEqual({ s: "héllo 🎉 \u2028 日本" });
		}
		const oneByOne = feed([...bytes].map((byte) => Uint8Array.of(byte)));
		expect(JSON.parse(oneByOne.lines[0]!)).toEqual({ s: "héllo 🎉 \u2028 日本" });
	});

	it("delivers the unterminated rest at end of stream, CR stripped, and reports the end", () => {
		let ended = false;
		const { stream, lines } = feed(['{"a":1}\n{"b":2}\r'], { onEnd: () => (ended = true) });
		expect(lines).toEqual(['{"a":1}']);
		stream.emit("end");
		expect(lines).toEqual(['{"a":1}', '{"b":2}']);
		expect(ended).toBe(true);
	});

	it("flushes a character left incomplete in the decoder at end as U+FFFD", () => {
		const { stream, lines } = feed([Buffer.from("é", "utf8").subarray(0, 1)]);
		stream.emit("end");
		expect(lines).toEqual(["\uFFFD"]);
	});

	it("stops delivering once detached", () => {
		const { stream, lines, detach } = feed(["a\n"]);
		detach();
		stream.emit("data", "b\n");
		expect(lines).toEqual(["a"]);
	});

	it("passes blank lines through (the server answers them with a parse error)", () => {
		expect(feed(["\n  \n"]).lines).toEqual(["", "  "]);
	});

	it("reads a 10 MB line arriving in 64 KiB chunks in linear time", () => {
		const big = serializeJsonLine({ data: "x".repeat(10 * 1024 * 1024) });
		const chunks: Uint8Array[] = [];
		const bytes = Buffer.from(big);
		for (let at = 0; at < bytes.length; at += 65536) chunks.push(bytes.subarray(at, at + 65536));
		const started = performance.now();
		const { lines } = feed(chunks);
		expect(performance.now() - started).toBeLessThan(2000);
		expect(lines).toHaveLength(1);
		expect(lines[0]!.length).toBe(big.length - 1);
	});

	it("drops a line past the limit with one error and resumes at the next record", () => {
		const errors: JsonlLineTooLongError[] = [];
		const { lines } = feed(["x".repeat(6), "y".repeat(6), 'zz\n{"ok":1}\n', "w".repeat(20), "\nok2\n"], {
			maxLineLength: 10,
			onError: (error) => errors.push(error),
		});
		expect(lines).toEqual(['{"ok":1}', "ok2"]);
		expect(errors).toHaveLength(2);
		expect(errors[0]!.message).toBe("line exceeds the maximum length of 10 characters");
	});
});

describe("JsonlLineSplitter", () => {
	it("returns a line exactly at the limit", () => {
		const splitter = new JsonlLineSplitter(3);
		expect(splitter.push("abc\n")).toEqual(["abc"]);
	});
});

describe("serializeJsonLine", () => {
	it("is compact JSON plus LF, omitting undefined keys", () => {
		expect(serializeJsonLine({ id: undefined, type: "get_state", text: "a\nb" })).toBe(
			'{"type":"get_state","text":"a\\nb"}\n',
		);
	});
});
