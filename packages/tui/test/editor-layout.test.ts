import { describe, expect, it } from "vitest";
import { wrapLine } from "../src/components/editor-layout.js";
import { VisualLineCache } from "../src/components/editor-visual-lines.js";

function chunks(line: string, width: number): string[] {
	return wrapLine(line, width).map((chunk) => line.slice(chunk.start, chunk.end));
}

describe("editor soft wrap", () => {
	it("breaks after spaces, letting one space hang at the edge", () => {
		expect(chunks("hello world foo bar", 10)).toEqual(["hello ", "world ", "foo bar"]);
		expect(chunks("aaaa bbbb cccc", 9)).toEqual(["aaaa bbbb ", "cccc"]);
	});

	it("breaks inside words longer than the width", () => {
		expect(chunks("abcdefghijkl", 5)).toEqual(["abcde", "fghij", "kl"]);
	});

	it("counts CJK characters as two cells", () => {
		expect(chunks("世界你好世界", 5)).toEqual(["世界", "你好", "世界"]);
		expect(chunks("ab世界cd", 4)).toEqual(["ab世", "界cd"]);
	});

	it("keeps emoji and combining sequences whole", () => {
		expect(chunks("a 😀😀😀 b", 4)).toEqual(["a ", "😀😀", "😀 b"]);
		expect(chunks("e\u0301e\u0301e\u0301e\u0301", 2)).toEqual(["e\u0301e\u0301", "e\u0301e\u0301"]);
		expect(chunks("👍🏽👍🏽👍🏽", 4)).toEqual(["👍🏽👍🏽", "👍🏽"]);
	});

	it("gives a grapheme wider than the width a row of its own", () => {
		expect(chunks("世界", 1)).toEqual(["世", "界"]);
	});

	it("returns one empty chunk for an empty line", () => {
		expect(wrapLine("", 10)).toEqual([{ start: 0, end: 0 }]);
	});

	it("rebuilds rows for lines that moved or changed and reuses the rest", () => {
		const cache = new VisualLineCache();
		const lines = ["aaaa bbbb", "cc", "dddd eeee"];
		expect(cache.build(lines, 6)).toEqual([
			{ line: 0, start: 0, end: 5 },
			{ line: 0, start: 5, end: 9 },
			{ line: 1, start: 0, end: 2 },
			{ line: 2, start: 0, end: 5 },
			{ line: 2, start: 5, end: 9 },
		]);
		expect(cache.build(["new", ...lines], 6).map((row) => row.line)).toEqual([0, 1, 1, 2, 3, 3]);
		expect(cache.build(lines, 20)).toHaveLength(3);
	});
});
