import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { walkTree } from "../../src/core/tools/gitignore-walker.js";
import { makeTempDir, removeTempDirs } from "./support/tool-test-kit.js";
import { writeTree } from "./support/tree-fixture.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

async function walk(root: string, options: Parameters<typeof walkTree>[1] = {}): Promise<string[]> {
	const paths: string[] = [];
	for await (const entry of walkTree(root, options))
		paths.push(entry.isDirectory ? `${entry.relativePath}/` : entry.relativePath);
	return paths;
}

describe("walkTree", () => {
	it("walks depth-first in name order, includes hidden files and skips .git", async () => {
		const root = makeTempDir(created);
		writeTree(root, { "b.txt": "", "a/z.txt": "", ".hidden": "", ".git/config": "", "a/.env": "" });
		expect(await walk(root)).toEqual([".hidden", "a/", "a/.env", "a/z.txt", "b.txt"]);
	});

	it("honours .gitignore, nested .gitignore files and re-includes", async () => {
		const root = makeTempDir(created);
		writeTree(root, {
			".gitignore": "*.log\nbuild/\n/only-root.txt\n",
			"app.log": "",
			"keep.txt": "",
			"only-root.txt": "",
			"build/out.js": "",
			"pkg/.gitignore": "generated/\n!important.log\n",
			"pkg/important.log": "",
			"pkg/other.log": "",
			"pkg/only-root.txt": "",
			"pkg/generated/x.ts": "",
			"pkg/src/generated.ts": "",
		});
		expect(await walk(root)).toEqual([
			".gitignore",
			"keep.txt",
			"pkg/",
			"pkg/.gitignore",
			"pkg/important.log",
			"pkg/only-root.txt",
			"pkg/src/",
			"pkg/src/generated.ts",
		]);
		expect(await walk(root, { respectGitignore: false })).toContain("build/out.js");
	});

	it("applies the enclosing repository's .gitignore when walking a subdirectory", async () => {
		const repo = makeTempDir(created);
		writeTree(repo, { ".git/HEAD": "", ".gitignore": "*.tmp\n", "sub/a.ts": "", "sub/b.tmp": "" });
		expect(await walk(join(repo, "sub"))).toEqual(["a.ts"]);
	});

	it("honours .git/info/exclude at the root, of a nested repository, and behind a .git file", async () => {
		const root = makeTempDir(created);
		writeTree(root, {
			".git/info/exclude": "local.txt\n",
			"local.txt": "",
			"kept.txt": "",
			"nested/.git/info/exclude": "*.gen\n",
			"nested/a.gen": "",
			"nested/a.ts": "",
		});
		const gitDirs = makeTempDir(created);
		writeTree(gitDirs, { "main/info/exclude": "scratch/\n", "main/worktrees/wt/commondir": "../..\n" });
		const worktree = makeTempDir(created);
		writeTree(worktree, { ".git": `gitdir: ${join(gitDirs, "main", "worktrees", "wt")}\n`, "scratch/x": "", y: "" });
		expect(await walk(root)).toEqual(["kept.txt", "nested/", "nested/a.ts"]);
		expect(await walk(worktree)).toEqual(["y"]);
	});

	it("walks breadth-first on request, and skips the names given", async () => {
		const root = makeTempDir(created);
		writeTree(root, { "a/b/c.txt": "", "a/d.txt": "", "e.txt": "", "node_modules/x/y.js": "", "z/w.txt": "" });
		expect(await walk(root, { order: "breadth-first", skipNames: new Set([".git", "node_modules"]) })).toEqual([
			"a/",
			"e.txt",
			"z/",
			"a/b/",
			"a/d.txt",
			"z/w.txt",
			"a/b/c.txt",
		]);
	});

	it("terminates on symlink loops and lists each directory's contents once", async () => {
		const root = makeTempDir(created);
		writeTree(root, { "real/file.txt": "" });
		symlinkSync(root, join(root, "real", "loop-to-root"));
		symlinkSync(join(root, "real"), join(root, "alias"));
		symlinkSync(join(root, "self-a"), join(root, "self-b"));
		symlinkSync(join(root, "self-b"), join(root, "self-a"));
		symlinkSync(join(root, "missing"), join(root, "dangling"));
		const paths = await walk(root);
		expect(paths).toEqual(["alias/", "dangling", "real/", "real/file.txt", "real/loop-to-root/", "self-a", "self-b"]);
		expect(await walk(root, { followSymlinks: false })).toEqual([
			"alias",
			"dangling",
			"real/",
			"real/file.txt",
			"real/loop-to-root",
			"self-a",
			"self-b",
		]);
	});

	it("enters links to directories outside the root once, even when they loop back", async () => {
		const outside = makeTempDir(created);
		writeTree(outside, { "lib/index.ts": "" });
		symlinkSync(outside, join(outside, "lib", "up"));
		const root = makeTempDir(created);
		symlinkSync(join(outside, "lib"), join(root, "linked"));
		symlinkSync(join(outside, "lib"), join(root, "linked-again"));
		expect(await walk(root)).toEqual(["linked/", "linked/index.ts", "linked/up/", "linked/up/lib/", "linked-again/"]);
	});

	it("stops with Operation aborted", async () => {
		const root = makeTempDir(created);
		mkdirSync(join(root, "d"));
		const controller = new AbortController();
		controller.abort();
		await expect(walk(root, { signal: controller.signal })).rejects.toThrow("Operation aborted");
	});
});
