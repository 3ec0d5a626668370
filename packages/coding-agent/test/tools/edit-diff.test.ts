import { describe, expect, it } from "vitest";
import { generateDiffString } from "../../src/core/tools/edit-diff.js";

const lines = (count: number): string => `${Array.from({ length: count }, (_, i) => `l${i + 1}`).join("\n")}\n`;

describe("generateDiffString", () => {
	it("shows up to 4 context lines around a change and marks skipped lines", () => {
		const before = lines(20);
		const after = before.replace("l10\n", "L10\n");
		const { diff, firstChangedLine } = generateDiffString(before, after);
		expect(firstChangedLine).toBe(10);
		expect(diff.split("\n")).toEqual([
			"    ...",
			"  6 l6",
			"  7 l7",
			"  8 l8",
			"  9 l9",
			"-10 l10",
			"+10 L10",
			" 11 l11",
			" 12 l12",
			" 13 l13",
			" 14 l14",
			"    ...",
		]);
	});

	it("numbers added lines in the new file, removed and context lines in the old one", () => {
		const { diff, firstChangedLine } = generateDiffString("a\nb\nc\n", "a\nx\ny\nc\n");
		expect(firstChangedLine).toBe(2);
		expect(diff).toBe(" 1 a\n-2 b\n+2 x\n+3 y\n 3 c");
	});

	it("keeps context between two nearby changes and elides a long gap", () => {
		const before = lines(30);
		const after = before.replace("l2\n", "L2\n").replace("l28\n", "L28\n");
		const rendered = generateDiffString(before, after).diff.split("\n");
		expect(rendered.filter((line) => line.trim() === "...").length).toBe(1);
		expect(rendered).toContain("-28 l28");
		expect(rendered).toContain("+28 L28");
	});
});
