import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGrepTool } from "../../src/core/tools/grep.js";
import { createLocalGrepOperations } from "../../src/core/tools/grep-operations.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";
import { writeTree } from "./support/tree-fixture.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

type GrepParams = Parameters<ReturnType<typeof createGrepTool>["execute"]>[1];

/** The built-in engine, whatever is on PATH: it is the path these tests pin down. */
function setup(files: Record<string, string | Buffer>) {
	const dir = makeTempDir(created);
	writeTree(dir, files);
	const tool = createGrepTool(dir, { operations: createLocalGrepOperations({ useRipgrep: false }) });
	const grep = (params: GrepParams) => tool.execute("c", params, undefined);
	return { dir, grep };
}

describe("grep tool: output shape", () => {
	it("prints relpath:line: text for matches, files in name order", async () => {
		const { grep } = setup({ "b.ts": "const x = 1;\n", "a/c.ts": "let y;\nconst z = 2;\n" });
		const result = await grep({ pattern: "const" });
		expect(textOf(result)).toBe("a/c.ts:2: const z = 2;\nb.ts:1: const x = 1;");
		expect(result.details).toEqual({});
	});

	it("prints context lines as relpath-line- text without duplicates", async () => {
		const { grep } = setup({ "f.txt": "1\n2\nhit a\n4\nhit b\n6\n7\n8\n" });
		expect(textOf(await grep({ pattern: "hit", context: 1 }))).toBe(
			"f.txt-2- 2\nf.txt:3: hit a\nf.txt-4- 4\nf.txt:5: hit b\nf.txt-6- 6",
		);
	});

	it("says No matches found", async () => {
		const { grep } = setup({ "f.txt": "nothing here\n" });
		expect(textOf(await grep({ pattern: "absent" }))).toBe("No matches found");
	});

	it("supports ignoreCase, literal, glob and a file path", async () => {
		const { grep } = setup({ "src/a.ts": "Foo(1)\n", "src/b.md": "foo(1)\n", "x.ts": "a.b\naxb\n" });
		expect(textOf(await grep({ pattern: "foo", ignoreCase: true, glob: "*.ts" }))).toBe("src/a.ts:1: Foo(1)");
		expect(textOf(await grep({ pattern: "foo(1)", literal: true }))).toBe("src/b.md:1: foo(1)");
		expect(textOf(await grep({ pattern: "a.b", literal: true, path: "x.ts" }))).toBe("x.ts:1: a.b");
		expect(textOf(await grep({ pattern: "a.b", path: "@x.ts" }))).toBe("x.ts:1: a.b\nx.ts:2: axb");
		expect(textOf(await grep({ pattern: "Foo", path: "src", glob: "src/*.ts" }))).toBe("No matches found");
		expect(textOf(await grep({ pattern: "Foo", glob: "src/*.ts" }))).toBe("src/a.ts:1: Foo(1)");
	});

	it("strips CR from CRLF lines", async () => {
		const { grep } = setup({ "win.txt": "alpha\r\nbeta\r\n" });
		expect(textOf(await grep({ pattern: "beta$" }))).toBe("win.txt:2: beta");
	});
});

describe("grep tool: limits", () => {
	it("stops at the match limit and says how to get more", async () => {
		const { grep } = setup({ "f.txt": Array.from({ length: 50 }, (_, i) => `match ${i}`).join("\n") });
		const result = await grep({ pattern: "match", limit: 5 });
		const text = textOf(result);
		expect(text.split("\n\n")[0]?.split("\n")).toHaveLength(5);
		expect(text.endsWith("[5 matches limit reached. Use limit=10 for more, or refine pattern]")).toBe(true);
		expect(result.details).toEqual({ matchLimitReached: 5 });
	});

	it("shortens lines over 500 characters and says so", async () => {
		const { grep } = setup({ "min.js": `var a=${"x".repeat(2000)};\n` });
		const result = await grep({ pattern: "var" });
		expect(textOf(result)).toBe(
			`min.js:1: var a=${"x".repeat(494)}... [truncated]\n\n[Some lines truncated to 500 chars. Use read tool to see full lines]`,
		);
		expect(result.details).toEqual({ linesTruncated: true });
	});

	it("truncates output at 50 KiB with a notice and details", async () => {
		const files = Object.fromEntries(
			Array.from({ length: 30 }, (_, i) => [
				`f${String(i).padStart(2, "0")}.txt`,
				`${"needle ".repeat(60)}\n`.repeat(10),
			]),
		);
		const { grep } = setup(files);
		const result = await grep({ pattern: "needle", limit: 1000 });
		expect(textOf(result).endsWith("needle \n\n[50KB limit reached]")).toBe(true);
		expect(result.details?.truncation).toMatchObject({ truncated: true, truncatedBy: "bytes" });
	});
});

describe("grep tool: ignore rules and hostile input", () => {
	it("honours nested .gitignore files, searches hidden files and skips .git", async () => {
		const { grep } = setup({
			".gitignore": "dist/\n",
			"dist/out.js": "token\n",
			".env": "token=1\n",
			".git/config": "token\n",
			"pkg/.gitignore": "*.gen.ts\n",
			"pkg/a.gen.ts": "token\n",
			"pkg/a.ts": "token\n",
		});
		expect(textOf(await grep({ pattern: "token" }))).toBe(".env:1: token=1\npkg/a.ts:1: token");
	});

	it("skips binary files", async () => {
		const { grep } = setup({ "bin.dat": Buffer.from("token\0\x01\x02token"), "t.txt": "token\n" });
		expect(textOf(await grep({ pattern: "token" }))).toBe("t.txt:1: token");
	});

	it("matches around invalid UTF-8 bytes without crashing", async () => {
		const { grep } = setup({ "latin1.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x6b, 0x0a]) });
		expect(textOf(await grep({ pattern: "ok" }))).toBe("latin1.txt:1: caf\uFFFD ok");
	});

	it("terminates on symlink loops and reports each file once", async () => {
		const { dir, grep } = setup({ "real/file.txt": "token\n" });
		symlinkSync(dir, join(dir, "real", "loop"));
		symlinkSync(join(dir, "real"), join(dir, "alias"));
		symlinkSync(join(dir, "a"), join(dir, "b"));
		symlinkSync(join(dir, "b"), join(dir, "a"));
		expect(textOf(await grep({ pattern: "token" }))).toBe("real/file.txt:1: token");
	});

	it("fails for a missing path and an invalid regex", async () => {
		const { grep } = setup({ "f.txt": "x" });
		expect(await errorMessageOf(grep({ pattern: "x", path: "nope" }))).toBe("Path not found: nope");
		expect(await errorMessageOf(grep({ pattern: "a(b" }))).toMatch(/^Invalid regex pattern: /);
	});
});
