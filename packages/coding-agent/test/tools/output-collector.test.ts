import { readFileSync, statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { OutputCollector } from "../../src/core/tools/output-collector.js";
import { truncateTail } from "../../src/core/tools/truncate.js";
import { makeTempDir, removeTempDirs } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

describe("OutputCollector", () => {
	it("keeps small output whole and writes no file", () => {
		const collector = new OutputCollector({ tempDir: makeTempDir(created) });
		collector.append("a\nb\n");
		expect(collector.finish()).toEqual({ content: "a\nb\n" });
	});

	it("holds a bounded tail for 50 MB of output and spills everything to a file", () => {
		const collector = new OutputCollector({ tempDir: makeTempDir(created) });
		const chunk = "0123456789abcdef\n".repeat(4096); // 68 KiB, 4096 lines
		let maxRetained = 0;
		for (let i = 0; i < 750; i++) {
			collector.append(chunk);
			maxRetained = Math.max(maxRetained, collector.retainedChars);
		}
		const snapshot = collector.finish();
		expect(maxRetained).toBeLessThan(3 * 51200 + chunk.length);
		expect(snapshot.truncation).toMatchObject({
			truncated: true,
			truncatedBy: "lines",
			totalLines: 750 * 4096,
			outputLines: 2000,
		});
		expect(snapshot.truncation?.totalBytes).toBe(750 * chunk.length);
		expect(snapshot.content.endsWith("0123456789abcdef")).toBe(true);
		expect(statSync(snapshot.fullOutputPath ?? "").size).toBe(750 * chunk.length);
	});

	it("matches truncateTail of the whole output, whatever the chunking", () => {
		const whole = Array.from({ length: 5000 }, (_, i) => `${i}:${"x".repeat(i % 97)}`).join("\n");
		const expected = truncateTail(whole);
		for (const size of [5, 4096, 100_000]) {
			const collector = new OutputCollector({ tempDir: makeTempDir(created) });
			for (let at = 0; at < whole.length; at += size) collector.append(whole.slice(at, at + size));
			const snapshot = collector.finish();
			expect(snapshot.content).toBe(expected.content);
			expect(snapshot.truncation?.outputLines).toBe(expected.outputLines);
			expect(readFileSync(snapshot.fullOutputPath ?? "", "utf8")).toBe(whole);
		}
	});

	it("reports a byte truncation and no trailing newline when the last append trimmed the tail", () => {
		// Regression: a trim on the final append left a tail that fit the limits on its own, which was
		// then reported as cut by lines and with its trailing newline.
		const whole = `${"z".repeat(99)}\n`.repeat(1500);
		const collector = new OutputCollector({ tempDir: makeTempDir(created) });
		collector.append(whole);
		const snapshot = collector.finish();
		const expected = truncateTail(whole);
		expect(snapshot.content).toBe(expected.content);
		expect(snapshot.truncation).toMatchObject({ truncatedBy: "bytes", outputLines: 512, totalLines: 1500 });
	});

	it("keeps the end of one huge line", () => {
		const collector = new OutputCollector({ tempDir: makeTempDir(created) });
		for (let i = 0; i < 100; i++) collector.append("y".repeat(10_000));
		collector.append("END");
		const snapshot = collector.finish();
		expect(snapshot.truncation?.lastLinePartial).toBe(true);
		expect(snapshot.content.endsWith("END")).toBe(true);
		expect(snapshot.content.length).toBe(51200);
	});
});
