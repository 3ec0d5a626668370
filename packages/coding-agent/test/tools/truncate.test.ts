import { describe, expect, it } from "vitest";
import {
	formatSize,
	MAX_BYTES,
	MAX_LINES,
	splitLines,
	toTruncationInfo,
	truncateHead,
	truncateLine,
	truncateTail,
} from "../../src/core/tools/truncate.js";

const lines = (count: number, prefix = "line"): string =>
	Array.from({ length: count }, (_, i) => `${prefix} ${i + 1}`).join("\n");

describe("truncate constants and formatSize", () => {
	it("uses the spec's limits", () => {
		expect(MAX_LINES).toBe(2000);
		expect(MAX_BYTES).toBe(51200);
	});

	it("formats sizes with binary units and no trailing .0", () => {
		expect(formatSize(512)).toBe("512B");
		expect(formatSize(1536)).toBe("1.5KB");
		expect(formatSize(MAX_BYTES)).toBe("50KB");
		expect(formatSize(3 * 1024 * 1024 + 200 * 1024)).toBe("3.2MB");
	});
});

describe("details.truncation", () => {
	it("has exactly the fields the spec lists", () => {
		const info = toTruncationInfo(truncateHead(lines(3000)));
		expect(Object.keys(info).sort()).toEqual(
			[
				"truncated",
				"truncatedBy",
				"totalLines",
				"totalBytes",
				"outputLines",
				"outputBytes",
				"lastLinePartial",
				"firstLineExceedsLimit",
				"maxLines",
				"maxBytes",
			].sort(),
		);
		expect(info).toEqual({
			truncated: true,
			truncatedBy: "lines",
			totalLines: 3000,
			totalBytes: Buffer.byteLength(lines(3000)),
			outputLines: 2000,
			outputBytes: Buffer.byteLength(lines(2000)),
			lastLinePartial: false,
			firstLineExceedsLimit: false,
			maxLines: MAX_LINES,
			maxBytes: MAX_BYTES,
		});
	});
});

describe("splitLines", () => {
	it("does not count an empty line after a trailing newline", () => {
		expect(splitLines("")).toEqual([]);
		expect(splitLines("a\nb\n")).toEqual(["a", "b"]);
		expect(splitLines("a\n\n")).toEqual(["a", ""]);
	});
});

describe("truncateHead", () => {
	it("returns short content unchanged", () => {
		const result = truncateHead("a\nb\n");
		expect(result).toMatchObject({ content: "a\nb\n", truncated: false, truncatedBy: null, totalLines: 2 });
	});

	it("keeps the first 2000 lines and reports truncation by lines", () => {
		const result = truncateHead(lines(2500));
		expect(result.truncated).toBe(true);
		expect(result.truncatedBy).toBe("lines");
		expect(result.outputLines).toBe(2000);
		expect(result.totalLines).toBe(2500);
		expect(result.content.split("\n").at(-1)).toBe("line 2000");
	});

	it("keeps only complete lines within 50 KiB", () => {
		const content = Array.from({ length: 100 }, () => "x".repeat(1000)).join("\n");
		const result = truncateHead(content);
		expect(result.truncatedBy).toBe("bytes");
		expect(result.outputLines).toBe(51);
		expect(result.outputBytes).toBeLessThanOrEqual(MAX_BYTES);
		expect(result.content.split("\n").every((line) => line.length === 1000)).toBe(true);
	});

	it("keeps nothing and flags firstLineExceedsLimit when line one is over 50 KiB", () => {
		const result = truncateHead(`${"y".repeat(MAX_BYTES + 1)}\nshort`);
		expect(result).toMatchObject({ content: "", firstLineExceedsLimit: true, truncatedBy: "bytes", outputLines: 0 });
	});

	it("counts multi-byte characters as UTF-8 bytes", () => {
		const result = truncateHead("é".repeat(30000));
		expect(result.totalBytes).toBe(60000);
		expect(result.firstLineExceedsLimit).toBe(true);
	});
});

describe("truncateTail", () => {
	it("keeps the last 2000 lines", () => {
		const result = truncateTail(lines(3000));
		expect(result.truncatedBy).toBe("lines");
		expect(result.content.split("\n")[0]).toBe("line 1001");
		expect(result.content.split("\n").at(-1)).toBe("line 3000");
	});

	it("keeps the end of a single line longer than 50 KiB, cut on a character boundary", () => {
		const result = truncateTail(`${"€".repeat(20000)}end`);
		expect(result.lastLinePartial).toBe(true);
		expect(result.outputBytes).toBeLessThanOrEqual(MAX_BYTES);
		expect(result.content.endsWith("end")).toBe(true);
		expect(result.content).not.toContain("\uFFFD");
	});
});

describe("truncateLine", () => {
	it("shortens lines over the limit and marks them", () => {
		expect(truncateLine("abc", 5)).toEqual({ text: "abc", wasTruncated: false });
		expect(truncateLine("a".repeat(600))).toEqual({ text: `${"a".repeat(500)}... [truncated]`, wasTruncated: true });
	});
});
