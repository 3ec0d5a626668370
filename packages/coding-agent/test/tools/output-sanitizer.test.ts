import { describe, expect, it } from "vitest";
import { OutputSanitizer, sanitizeOutput, stripAnsi } from "../../src/core/tools/output-sanitizer.js";

describe("stripAnsi / sanitizeOutput", () => {
	it("removes colour, cursor, OSC and charset sequences", () => {
		expect(stripAnsi("\x1b[1;31mred\x1b[0m \x1b[2K\x1b[1Gdone")).toBe("red done");
		expect(stripAnsi("\x1b]0;title\x07text\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\")).toBe("textlink");
		expect(stripAnsi("\x1b(Bplain\x1b=")).toBe("plain");
	});

	it("drops carriage returns and control characters but keeps tabs and newlines", () => {
		expect(sanitizeOutput("a\r\nb\tc\x07\x00\rd\n")).toBe("a\nb\tcd\n");
	});
});

describe("OutputSanitizer (streaming)", () => {
	it("strips sequences split across chunks", () => {
		const sanitizer = new OutputSanitizer();
		const parts = ["he\x1b", "[3", "1mllo\x1b]0;ti", "tle\x1b", "\\ world"].map((chunk) => sanitizer.push(chunk));
		expect(parts.join("") + sanitizer.flush()).toBe("hello world");
	});

	it("does not hold text back forever after a lone escape", () => {
		const sanitizer = new OutputSanitizer();
		expect(sanitizer.push("tail\x1b")).toBe("tail");
		expect(sanitizer.flush()).toBe("");
		expect(sanitizer.push(`\x1b]${"x".repeat(300)}`)).toBe(`]${"x".repeat(300)}`);
	});
});
