import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { StdinBuffer } from "../src/stdin-buffer.js";

function createBuffer(): { buffer: StdinBuffer; events: string[] } {
	const events: string[] = [];
	const buffer = new StdinBuffer({
		onData: (sequence) => events.push(sequence),
		onPaste: (text) => events.push(`paste:${text}`),
		escapeTimeoutMs: 30,
	});
	return { buffer, events };
}

describe("StdinBuffer", () => {
	beforeEach(() => {
		vi.useFakeTimers();
	});
	afterEach(() => {
		vi.useRealTimers();
	});

	it("splits several sequences arriving in one chunk", () => {
		const { buffer, events } = createBuffer();
		buffer.process("a\x1b[A\x1b[1;5Cb\x1bOP\x1b[13;2u\r");
		expect(events).toEqual(["a", "\x1b[A", "\x1b[1;5C", "b", "\x1bOP", "\x1b[13;2u", "\r"]);
	});

	it("joins a CSI sequence split across chunks", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b");
		buffer.process("[");
		buffer.process("1;5");
		expect(events).toEqual([]);
		buffer.process("Cx");
		expect(events).toEqual(["\x1b[1;5C", "x"]);
	});

	it("joins every possible two-way split of a mixed stream", () => {
		const input = "\x1b[13;2u\x1b\x7f\x1bOA\x1b]0;t\x07日\x1b[<0;1;2M";
		const expected = ["\x1b[13;2u", "\x1b\x7f", "\x1bOA", "\x1b]0;t\x07", "日", "\x1b[<0;1;2M"];
		for (let cut = 1; cut < input.length; cut++) {
			const { buffer, events } = createBuffer();
			buffer.process(input.slice(0, cut));
			buffer.process(input.slice(cut));
			expect(events, `cut at ${cut}`).toEqual(expected);
		}
	});

	it("flushes a lone ESC after the timeout as the Escape key", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b");
		vi.advanceTimersByTime(29);
		expect(events).toEqual([]);
		vi.advanceTimersByTime(1);
		expect(events).toEqual(["\x1b"]);
	});

	it("flushes an unfinished sequence as is after the timeout", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b[1;");
		vi.advanceTimersByTime(30);
		expect(events).toEqual(["\x1b[1;"]);
	});

	it("treats ESC followed by a character as one alt sequence", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1bb\x1b\r\x1b\x1b[D");
		expect(events).toEqual(["\x1bb", "\x1b\r", "\x1b\x1b[D"]);
	});

	it("ends a malformed CSI before the offending byte", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b[1\x1b[A");
		expect(events).toEqual(["\x1b[1", "\x1b[A"]);
	});

	it("keeps multi-byte UTF-8 characters split across byte chunks", () => {
		const { buffer, events } = createBuffer();
		const bytes = new TextEncoder().encode("é😀");
		buffer.process(bytes.slice(0, 1));
		buffer.process(bytes.slice(1, 4));
		buffer.process(bytes.slice(4));
		expect(events).toEqual(["é", "😀"]);
	});

	it("delivers a bracketed paste as one event, even across many chunks and split markers", () => {
		const { buffer, events } = createBuffer();
		const payload = "line one\rline \x1b[A two\r";
		const stream = `x\x1b[200~${payload}\x1b[201~y`;
		for (const char of stream) buffer.process(char);
		expect(events).toEqual(["x", `paste:${payload}`, "y"]);
	});

	it("does not time out in the middle of a paste", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b[200~abc\x1b[2");
		vi.advanceTimersByTime(1000);
		expect(events).toEqual([]);
		buffer.process("01~");
		expect(events).toEqual(["paste:abc"]);
	});

	it("delivers a 10,000-line paste intact", () => {
		const { buffer, events } = createBuffer();
		const lines = Array.from({ length: 10_000 }, (_, index) => `line ${index} ${"x".repeat(index % 50)}`);
		const text = lines.join("\r");
		const stream = `\x1b[200~${text}\x1b[201~`;
		for (let offset = 0; offset < stream.length; offset += 4096) buffer.process(stream.slice(offset, offset + 4096));
		expect(events).toHaveLength(1);
		expect(events[0]).toBe(`paste:${text}`);
	});

	it("delivers an unfinished paste on flush", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b[200~partial");
		buffer.flush();
		expect(events).toEqual(["paste:partial"]);
	});

	it("handles X10 mouse reports and DCS/APC strings", () => {
		const { buffer, events } = createBuffer();
		buffer.process("\x1b[M !!\x1bP>|xterm\x1b\\\x1b_Gi=1;OK\x1b\\");
		expect(events).toEqual(["\x1b[M !!", "\x1bP>|xterm\x1b\\", "\x1b_Gi=1;OK\x1b\\"]);
	});
});
