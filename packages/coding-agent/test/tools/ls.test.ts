import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLsTool } from "../../src/core/tools/ls.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";
import { writeTree } from "./support/tree-fixture.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

type LsParams = Parameters<ReturnType<typeof createLsTool>["execute"]>[1];

function setup(files: Record<string, string>) {
	const dir = makeTempDir(created);
	writeTree(dir, files);
	const tool = createLsTool(dir);
	const ls = (params: LsParams = {}) => tool.execute("c", params, undefined);
	return { dir, ls };
}

describe("ls tool", () => {
	it("sorts case-insensitively, suffixes directories and includes dotfiles (ignoring .gitignore)", async () => {
		const { ls } = setup({ "b.txt": "", "A.md": "", ".env": "", "src/x.ts": "", "Zed/y": "", ".gitignore": "b.txt\n" });
		expect(textOf(await ls())).toBe(".env\n.gitignore\nA.md\nb.txt\nsrc/\nZed/");
		expect(textOf(await ls({ path: "src" }))).toBe("x.ts");
	});

	it("says (empty directory)", async () => {
		const { ls } = setup({ "empty/.keep": "" });
		expect(textOf(await ls({ path: "empty" }))).toBe(".keep");
		const { ls: lsEmpty, dir } = setup({});
		expect(textOf(await lsEmpty({ path: dir }))).toBe("(empty directory)");
	});

	it("stops at the entry limit with a notice", async () => {
		const files = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${String(i).padStart(2, "0")}`, ""]));
		const { ls } = setup(files);
		const result = await ls({ limit: 5 });
		expect(textOf(result)).toBe("f00\nf01\nf02\nf03\nf04\n\n[5 entries limit reached. Use limit=10 for more]");
		expect(result.details).toEqual({ entryLimitReached: 5 });
	});

	it("truncates at 50 KiB with a notice", async () => {
		const files = Object.fromEntries(
			Array.from({ length: 400 }, (_, i) => [`${String(i).padStart(3, "0")}${"n".repeat(200)}`, ""]),
		);
		const { ls } = setup(files);
		const result = await ls();
		expect(textOf(result).endsWith("\n\n[50KB limit reached]")).toBe(true);
		expect(result.details?.truncation).toMatchObject({ truncated: true, truncatedBy: "bytes" });
	});

	it("lists symlink loops and dangling links as plain entries and links to directories with a slash", async () => {
		const { dir, ls } = setup({ "real/f": "" });
		symlinkSync(join(dir, "real"), join(dir, "to-real"));
		symlinkSync(join(dir, "loop-b"), join(dir, "loop-a"));
		symlinkSync(join(dir, "loop-a"), join(dir, "loop-b"));
		symlinkSync(join(dir, "missing"), join(dir, "dangling"));
		symlinkSync(dir, join(dir, "real", "up"));
		expect(textOf(await ls())).toBe("dangling\nloop-a\nloop-b\nreal/\nto-real/");
		expect(textOf(await ls({ path: "real/up/real/up" }))).toBe("dangling\nloop-a\nloop-b\nreal/\nto-real/");
	});

	it("fails for a missing path or a file", async () => {
		const { ls } = setup({ "a.txt": "" });
		expect(await errorMessageOf(ls({ path: "nope" }))).toBe("Path not found: nope");
		expect(await errorMessageOf(ls({ path: "a.txt" }))).toBe("Not a directory: a.txt");
	});
});
