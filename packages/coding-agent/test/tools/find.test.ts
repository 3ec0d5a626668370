import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createFindTool } from "../../src/core/tools/find.js";
import { createLocalFindOperations } from "../../src/core/tools/find-operations.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";
import { writeTree } from "./support/tree-fixture.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

type FindParams = Parameters<ReturnType<typeof createFindTool>["execute"]>[1];

/** The built-in walker, whatever is on PATH: it is the path these tests pin down. */
function setup(files: Record<string, string>) {
	const dir = makeTempDir(created);
	writeTree(dir, files);
	const tool = createFindTool(dir, { operations: createLocalFindOperations({ useFd: false }) });
	const find = (params: FindParams) => tool.execute("c", params, undefined);
	return { dir, find };
}

describe("find tool", () => {
	it("lists matching paths relative to the search directory, directories with a trailing slash", async () => {
		const { find } = setup({ "src/a.ts": "", "src/lib/b.ts": "", "src/lib/c.js": "", "test.ts": "" });
		expect(textOf(await find({ pattern: "*.ts" }))).toBe("src/a.ts\nsrc/lib/b.ts\ntest.ts");
		expect(textOf(await find({ pattern: "lib" }))).toBe("src/lib/");
		expect(textOf(await find({ pattern: "src/**/*.ts" }))).toBe("src/a.ts\nsrc/lib/b.ts");
		expect(textOf(await find({ pattern: "*.ts", path: "src/lib" }))).toBe("b.ts");
	});

	it("includes hidden files, honours nested .gitignore files and skips .git", async () => {
		const { find } = setup({
			".gitignore": "node_modules/\n*.log\n",
			".eslintrc.json": "",
			"node_modules/x/package.json": "",
			"app.log": "",
			".git/config.json": "",
			"pkg/.gitignore": "gen.json\n",
			"pkg/gen.json": "",
			"pkg/package.json": "",
		});
		expect(textOf(await find({ pattern: "*.json" }))).toBe(".eslintrc.json\npkg/package.json");
	});

	it("says No files found matching pattern", async () => {
		const { find } = setup({ "a.txt": "" });
		expect(textOf(await find({ pattern: "*.rs" }))).toBe("No files found matching pattern");
	});

	it("stops at the result limit with a notice", async () => {
		const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${String(i).padStart(2, "0")}.txt`, ""]));
		const { find } = setup(files);
		const result = await find({ pattern: "*.txt", limit: 10 });
		expect(textOf(result)).toBe(
			`${Array.from({ length: 10 }, (_, i) => `f0${i}.txt`).join("\n")}\n\n[10 results limit reached. Use limit=20 for more, or refine pattern]`,
		);
		expect(result.details).toEqual({ resultLimitReached: 10 });
		expect((await find({ pattern: "*.txt", limit: 30 })).details).toEqual({});
	});

	it("truncates at 50 KiB with a notice", async () => {
		const longName = "n".repeat(240);
		const files = Object.fromEntries(
			Array.from({ length: 220 }, (_, i) => [`${String(i).padStart(3, "0")}${longName}.txt`, ""]),
		);
		const { find } = setup(files);
		const result = await find({ pattern: "*.txt" });
		expect(textOf(result).endsWith("\n\n[50KB limit reached]")).toBe(true);
		expect(result.details?.truncation).toMatchObject({ truncated: true, truncatedBy: "bytes" });
	});

	it("terminates on symlink loops without duplicating entries", async () => {
		const { dir, find } = setup({ "real/file.txt": "" });
		symlinkSync(dir, join(dir, "real", "loop"));
		symlinkSync(join(dir, "real"), join(dir, "alias"));
		symlinkSync(join(dir, "x"), join(dir, "y"));
		symlinkSync(join(dir, "y"), join(dir, "x"));
		expect(textOf(await find({ pattern: "*" }))).toBe("alias/\nreal/\nreal/file.txt\nreal/loop/\nx\ny");
	});

	it("fails for a missing path or a file", async () => {
		const { find } = setup({ "a.txt": "" });
		expect(await errorMessageOf(find({ pattern: "*", path: "nope" }))).toBe("Path not found: nope");
		expect(await errorMessageOf(find({ pattern: "*", path: "a.txt" }))).toBe("Not a directory: a.txt");
	});
});
