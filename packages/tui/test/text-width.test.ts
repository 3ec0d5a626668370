import { describe, expect, it } from "vitest";
import { padToWidth, sliceByColumn, truncateToWidth, visibleWidth } from "../src/text-width.js";

describe("visibleWidth", () => {
	it.each([
		["plain ascii", "hello", 5],
		["empty", "", 0],
		["sgr codes are free", "\x1b[1;31mred\x1b[0m", 3],
		["hyperlinks are free", "\x1b]8;;https://x.y\x07link\x1b]8;;\x07", 4],
		["CJK is double width", "日本語", 6],
		["emoji presentation", "😀", 2],
		["ZWJ family is one glyph", "👨‍👩‍👧", 2],
		["VS16 heart", "❤️", 2],
		["text-style heart", "❤", 1],
		["flag", "🇯🇵", 2],
		["keycap", "1️⃣", 2],
		["combining accent", "e\u0301", 1],
		["zero-width space", "a\u200bb", 2],
		["fullwidth latin", "ＡＢ", 4],
		["tab", "\t", 3],
		["cursor marker", "a\x1b_pi:c\x07b", 2],
	])("%s", (_name, text, width) => {
		expect(visibleWidth(text)).toBe(width);
	});
});

describe("truncateToWidth", () => {
	it("returns text that fits unchanged", () => {
		expect(truncateToWidth("hello", 5)).toBe("hello");
	});

	it("cuts and appends an ellipsis", () => {
		expect(truncateToWidth("hello world", 8)).toBe("hello w…");
		expect(visibleWidth(truncateToWidth("hello world", 8))).toBe(8);
	});

	it("keeps styles and closes them with a reset", () => {
		const result = truncateToWidth("\x1b[31mhello world\x1b[0m", 6);
		expect(result).toBe("\x1b[31mhello…\x1b[0m");
	});

	it("never splits a wide character", () => {
		const result = truncateToWidth("日本語テキスト", 6);
		expect(result).toBe("日本…");
		expect(visibleWidth(result)).toBe(5);
	});

	it("supports a custom or empty ellipsis", () => {
		expect(truncateToWidth("abcdef", 4, "")).toBe("abcd");
		expect(truncateToWidth("abcdef", 4, "...")).toBe("a...");
	});

	it("closes an open hyperlink", () => {
		const result = truncateToWidth("\x1b]8;;http://a\x07abcdef\x1b]8;;\x07", 3);
		expect(result).toBe("\x1b]8;;http://a\x07ab…\x1b]8;;\x07\x1b[0m");
	});

	it("returns empty for zero width", () => {
		expect(truncateToWidth("abc", 0)).toBe("");
	});
});

describe("sliceByColumn", () => {
	it("slices plain text by cells", () => {
		expect(sliceByColumn("abcdef", 2, 3)).toBe("cde");
	});

	it("keeps the styles active at the start", () => {
		expect(sliceByColumn("\x1b[1mabc\x1b[22mdef", 1, 3)).toBe("\x1b[1mbc\x1b[22md");
	});

	it("replaces a wide character cut by an edge with spaces", () => {
		expect(sliceByColumn("日本語", 1, 4)).toBe(" 本 ");
		expect(visibleWidth(sliceByColumn("日本語", 1, 4))).toBe(4);
	});
});

describe("padToWidth", () => {
	it("pads by cells, not code units", () => {
		expect(padToWidth("日本", 6)).toBe("日本  ");
	});
});
