// The walker's ignore decisions against git's own on real temp trees: the files it yields must be
// exactly `git ls-files --others --exclude-standard`, and every directory or file it decides about
// must get the same answer from `git check-ignore`.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { walkTree } from "../../src/core/tools/gitignore-walker.js";
import { makeTempDir, removeTempDirs } from "./support/tool-test-kit.js";
import { writeTree } from "./support/tree-fixture.js";

const gitAvailable = spawnSync("git", ["--version"], { stdio: "ignore" }).status === 0;
if (!gitAvailable) console.warn("gitignore parity tests skipped: git is not on PATH (nothing to compare with)");

const created: string[] = [];
afterEach(() => removeTempDirs(created));

function git(cwd: string, args: string[], input?: string): string {
	const result = spawnSync("git", args, {
		cwd,
		input,
		encoding: "utf8",
		env: { ...process.env, GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
	});
	// check-ignore exits 1 when nothing is ignored.
	if (result.status !== 0 && result.status !== 1) throw new Error(`git ${args.join(" ")}: ${result.stderr}`);
	return result.stdout;
}

function splitZ(output: string): string[] {
	return output.split("\0").filter((path) => path !== "");
}

/** A repository (nothing committed) holding `files`, with `exclude` as `.git/info/exclude`. */
function repoWith(files: Record<string, string>, exclude = ""): string {
	const root = makeTempDir(created, "pi-gitignore-parity-");
	git(root, ["init", "-q", "."]);
	mkdirSync(join(root, ".git", "info"), { recursive: true });
	writeFileSync(join(root, ".git", "info", "exclude"), exclude);
	writeTree(root, files);
	return root;
}

async function walked(root: string, respectGitignore = true): Promise<Map<string, boolean>> {
	const entries = new Map<string, boolean>();
	for await (const entry of walkTree(root, { respectGitignore, followSymlinks: false }))
		entries.set(entry.relativePath, entry.isDirectory);
	return entries;
}

/** Both comparisons; returns the walker's files for further checks. */
async function expectSameAsGit(root: string): Promise<string[]> {
	const kept = await walked(root);
	const files = [...kept].filter(([, isDirectory]) => !isDirectory).map(([path]) => path);
	const gitFiles = splitZ(git(root, ["ls-files", "-z", "--others", "--exclude-standard"]));
	expect(files.sort()).toEqual(gitFiles.sort());

	// Every path the walker decided about: those whose parent directory it entered.
	const all = await walked(root, false);
	const decided = [...all.keys()].filter((path) => {
		const parent = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
		return parent === "" || kept.has(parent);
	});
	const gitIgnored = new Set(splitZ(git(root, ["check-ignore", "--stdin", "-z"], `${decided.join("\0")}\0`)));
	const mismatches = decided.filter((path) => kept.has(path) === gitIgnored.has(path));
	expect(mismatches, "walker and git check-ignore disagree on these paths").toEqual([]);
	return files;
}

describe.skipIf(!gitAvailable)("gitignore decisions match git", () => {
	it("root rules: globs, directory-only, anchored, ** and negation", async () => {
		const root = repoWith({
			".gitignore": [
				"# a comment",
				"*.log",
				"!important.log",
				"build/",
				"/anchored.txt",
				"docs/**/draft-*",
				"**/deep/**/*.tmp",
				"cache/",
				"*.o",
				"[ab].txt",
				"logs/*",
				"!logs/keep.txt",
				"a/**/b",
				"\\#hash.txt",
				"",
			].join("\n"),
			"app.log": "",
			"important.log": "",
			"src/app.log": "",
			"src/important.log": "",
			"build/out.js": "",
			"src/build/out.js": "",
			"anchored.txt": "",
			"src/anchored.txt": "",
			"docs/guide/draft-1.md": "",
			"docs/guide/final.md": "",
			"docs/draft-top.md": "",
			"x/deep/y/z/f.tmp": "",
			"deep/f.tmp": "",
			"deep/f.txt": "",
			cache: "a file, not a directory",
			"src/cache/c.bin": "",
			"x.o/inner.c": "",
			"main.o": "",
			"a.txt": "",
			"c.txt": "",
			"logs/one.txt": "",
			"logs/keep.txt": "",
			"a/b": "",
			"a/x/y/b/in.txt": "",
			"#hash.txt": "",
			"my file.txt": "",
		});
		const files = await expectSameAsGit(root);
		expect(files).toContain("logs/keep.txt");
		expect(files).toContain("cache");
		expect(files).not.toContain("src/build/out.js");
	});

	it("nested .gitignore files: relative to their directory, deeper ones win, re-includes", async () => {
		const root = repoWith({
			".gitignore": "*.log\nbuild/\nsecret*\n/top-only.txt\n",
			"top-only.txt": "",
			"keep.txt": "",
			"pkg/.gitignore": "!*.log\n/local/\ngenerated/\n*.snap\n!keep.snap\nsub/only-here.txt\n",
			"pkg/top-only.txt": "",
			"pkg/app.log": "",
			"pkg/local/x.ts": "",
			"pkg/src/local/y.ts": "",
			"pkg/generated/g.ts": "",
			"pkg/src/generated/g.ts": "",
			"pkg/a.snap": "",
			"pkg/keep.snap": "",
			"pkg/sub/only-here.txt": "",
			"pkg/sub/deeper/sub/only-here.txt": "",
			"pkg/sub/.gitignore": "!build/\n*.txt\n!readme.txt\n",
			"pkg/sub/build/kept.js": "",
			"pkg/sub/notes.txt": "",
			"pkg/sub/readme.txt": "",
			"pkg/build/gone.js": "",
			"other/app.log": "",
			"other/secret.key": "",
			"pkg/secret.key": "",
		});
		const files = await expectSameAsGit(root);
		expect(files).toContain("pkg/app.log");
		expect(files).toContain("pkg/sub/build/kept.js");
		expect(files).toContain("pkg/src/local/y.ts");
	});

	it("nested patterns with trailing spaces, ** forms, and glob characters in the directory name", async () => {
		const root = repoWith({
			"we[ir]d *dir/.gitignore": "*.tmp\ntrail.txt   \nout/**\n!out/keep/\n",
			"we[ir]d *dir/a.tmp": "",
			"we[ir]d *dir/trail.txt": "",
			"we[ir]d *dir/out/x.js": "",
			"we[ir]d *dir/out/keep/y.js": "",
			"we[ir]d *dir/src/b.ts": "",
			"wexd adir/a.tmp": "",
			"all/.gitignore": "**\n!*/\n!*.md\n",
			"all/x.ts": "",
			"all/doc.md": "",
			"all/deep/er/notes.md": "",
			"all/deep/er/code.ts": "",
		});
		const files = await expectSameAsGit(root);
		expect(files).toContain("wexd adir/a.tmp");
		expect(files).toContain("all/deep/er/notes.md");
		for (const gone of ["we[ir]d *dir/a.tmp", "we[ir]d *dir/trail.txt", "we[ir]d *dir/out/x.js", "all/x.ts"])
			expect(files).not.toContain(gone);
	});

	it(".git/info/exclude applies, below every .gitignore in precedence", async () => {
		const root = repoWith(
			{
				".gitignore": "",
				"secret.txt": "",
				"pkg/secret.txt": "",
				"pkg/.gitignore": "!secret.txt\n",
				"scratch/notes.md": "",
				"kept.md": "",
			},
			"secret.txt\nscratch/\n",
		);
		const files = await expectSameAsGit(root);
		expect(files).not.toContain("secret.txt");
		expect(files).toContain("pkg/secret.txt");
		expect(files).not.toContain("scratch/notes.md");
	});

	it("a subdirectory walk applies the rules of the repository above it", async () => {
		const root = repoWith(
			{ ".gitignore": "*.tmp\nsub/skip/\n", "sub/a.ts": "", "sub/b.tmp": "", "sub/skip/c.ts": "", "sub/d.ts": "" },
			"d.ts\n",
		);
		const kept = await walked(join(root, "sub"));
		const gitFiles = splitZ(git(join(root, "sub"), ["ls-files", "-z", "--others", "--exclude-standard"]));
		expect([...kept.keys()].sort()).toEqual(gitFiles.sort());
		expect(gitFiles).toEqual(["a.ts"]);
	});
});
