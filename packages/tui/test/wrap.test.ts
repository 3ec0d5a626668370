import { describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { visibleWidth } from "../src/text-width.js";
import { wrapTextWithAnsi } from "../src/wrap.js";

describe("wrapTextWithAnsi", () => {
	it("wraps at word boundaries and drops the space at the break", () => {
		expect(wrapTextWithAnsi("the quick brown fox", 10)).toEqual(["the quick", "brown fox"]);
	});

	it("keeps explicit newlines and empty lines", () => {
		expect(wrapTextWithAnsi("a\n\nb", 10)).toEqual(["a", "", "b"]);
	});

	it("hard-breaks a word longer than the width", () => {
		expect(wrapTextWithAnsi("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
	});

	it("re-opens active styles on continuation lines", () => {
		const lines = wrapTextWithAnsi("\x1b[1mbold words here\x1b[0m after", 10);
		expect(lines.map(stripAnsi)).toEqual(["bold words", "here after"]);
		expect(lines[1]?.startsWith("\x1b[1m")).toBe(true);
	});

	it("carries colours across explicit newlines", () => {
		const lines = wrapTextWithAnsi("\x1b[31mred\nstill red\x1b[39m", 20);
		expect(lines[1]).toBe("\x1b[31mstill red\x1b[39m");
	});

	it("closes underline at the end of a wrapped line", () => {
		const lines = wrapTextWithAnsi("\x1b[4munder lined text\x1b[24m", 6);
		expect(lines[0]?.endsWith("\x1b[24m")).toBe(true);
		expect(lines[1]?.startsWith("\x1b[4m")).toBe(true);
	});

	it("never lets a wide character straddle the edge", () => {
		const lines = wrapTextWithAnsi("日本語のテキスト", 5);
		for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(5);
		expect(lines.join("")).toBe("日本語のテキスト");
	});

	it("keeps every line within the width for mixed content", () => {
		const text = "Hello 世界! 😀 emoji and \x1b[32mgreen supercalifragilistic\x1b[0m words";
		for (const width of [3, 5, 8, 13, 20]) {
			for (const line of wrapTextWithAnsi(text, width)) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
		}
	});
});
