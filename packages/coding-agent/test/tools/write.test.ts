import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createWriteTool } from "../../src/core/tools/write.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

describe("write tool", () => {
	it("creates the file and missing parent directories, reporting UTF-8 bytes", async () => {
		const dir = makeTempDir(created);
		const tool = createWriteTool(dir);
		const result = await tool.execute("c", { path: "deep/er/f.txt", content: "héllo" }, undefined);
		expect(textOf(result)).toBe("Successfully wrote 6 bytes to deep/er/f.txt");
		expect(readFileSync(join(dir, "deep/er/f.txt"), "utf8")).toBe("héllo");
	});

	it("overwrites an existing file", async () => {
		const dir = makeTempDir(created);
		writeFileSync(join(dir, "f.txt"), "old content that is longer");
		await createWriteTool(dir).execute("c", { path: "@f.txt", content: "new" }, undefined);
		expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe("new");
	});

	// Root ignores file modes (CI may run as root): skipped there, visibly, instead of passing empty.
	it.skipIf(process.getuid?.() === 0)("reports permission errors", async () => {
		const dir = makeTempDir(created);
		mkdirSync(join(dir, "locked"));
		chmodSync(join(dir, "locked"), 0o500);
		const message = await errorMessageOf(
			createWriteTool(dir).execute("c", { path: "locked/f.txt", content: "x" }, undefined),
		);
		chmodSync(join(dir, "locked"), 0o700);
		expect(message).toBe("Permission denied: locked/f.txt");
	});

	it("serialises concurrent writes to one file (last call wins)", async () => {
		const dir = makeTempDir(created);
		const tool = createWriteTool(dir);
		await Promise.all(
			Array.from({ length: 10 }, (_, i) => tool.execute(`c${i}`, { path: "f.txt", content: `v${i}` }, undefined)),
		);
		expect(readFileSync(join(dir, "f.txt"), "utf8")).toBe("v9");
	});
});
