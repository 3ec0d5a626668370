import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createBashTool } from "../../src/core/tools/bash.js";
import { OutputCollector } from "../../src/core/tools/output-collector.js";
import { useTempDirs } from "../support/temp-dir.js";
import { textOf } from "../tools/support/tool-test-kit.js";
import { useFaultyFileSystem } from "./support/faulty-fs.js";

const tempDir = useTempDirs();
const faults = useFaultyFileSystem();

describe("bash when the full-output file cannot be written", () => {
	it("keeps running with a missing temp dir and says the output was not saved", async () => {
		const missing = join(tempDir(), "no-such-tmp");
		const tool = createBashTool(tempDir(), { tempDir: missing });
		const result = await tool.execute("c", { command: "seq 1 30000" }, undefined);
		const text = textOf(result);
		expect(text).toContain("30000");
		expect(text).toMatch(/Full output could not be saved: .*ENOENT/);
		expect(result.details?.fullOutputPath).toBeUndefined();
	});

	it("on a full temp dir removes the partial file and reports No space left on device", async () => {
		const tmp = tempDir();
		faults({ freeBytes: 20_000, affects: (path) => path.startsWith(tmp) });
		const tool = createBashTool(tempDir(), { tempDir: tmp });
		const result = await tool.execute("c", { command: "seq 1 100000" }, undefined);
		expect(textOf(result)).toMatch(/Full output could not be saved: No space left on device: /);
		expect(textOf(result)).toContain("100000");
		expect(readdirSync(tmp)).toEqual([]);
	});

	it("the collector never throws from append", () => {
		const collector = new OutputCollector({ tempDir: join(tempDir(), "missing"), maxBytes: 10, maxLines: 2 });
		expect(() => collector.append("a\nb\nc\nd\n".repeat(10))).not.toThrow();
		expect(collector.finish().fullOutputError).toMatch(/ENOENT/);
	});
});
