import { execFileSync } from "node:child_process";
import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createEditTool } from "../../src/core/tools/edit.js";
import { createGrepTool } from "../../src/core/tools/grep.js";
import { createReadTool } from "../../src/core/tools/read.js";
import { useTempDirs } from "../support/temp-dir.js";
import { textOf } from "../tools/support/tool-test-kit.js";

const tempDir = useTempDirs();
const posix = process.platform !== "win32";

/** A repository with a normal file, a FIFO nobody writes to, and a link to /dev/stdin. */
function hostileRepository(): string {
	const dir = tempDir();
	writeFileSync(join(dir, "a.txt"), "needle here\n");
	execFileSync("mkfifo", [join(dir, "pipe")]);
	symlinkSync("/dev/stdin", join(dir, "stdin-link"));
	symlinkSync("/dev/zero", join(dir, "zero-link"));
	return dir;
}

describe.skipIf(!posix)("grep, read and edit on FIFOs and devices", () => {
	it("grep searches the tree without opening the FIFO or the devices", async () => {
		const dir = hostileRepository();
		const result = await createGrepTool(dir).execute("c", { pattern: "needle" }, undefined);
		expect(textOf(result)).toBe("a.txt:1: needle here");
	});

	it("grep refuses a FIFO given as the path", async () => {
		const dir = hostileRepository();
		await expect(createGrepTool(dir).execute("c", { pattern: "x", path: "pipe" }, undefined)).rejects.toThrow(
			"Not a regular file: pipe",
		);
	});

	it.each(["pipe", "stdin-link", "zero-link"])("read refuses %s instead of hanging", async (name) => {
		const dir = hostileRepository();
		await expect(createReadTool(dir).execute("c", { path: name }, undefined)).rejects.toThrow(
			`Not a regular file: ${name}`,
		);
	});

	it("edit refuses a FIFO instead of hanging", async () => {
		const dir = hostileRepository();
		await expect(
			createEditTool(dir).execute("c", { path: "pipe", edits: [{ oldText: "a", newText: "b" }] }, undefined),
		).rejects.toThrow("Not a regular file: pipe");
	});
});
