// The editor's `@` file search over real temp trees: what git would list, read in the background,
// capped, and compared with `git ls-files --others --exclude-standard` when git is on PATH.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AutocompleteProvider } from "@pi/tui";
import { afterEach, describe, expect, it } from "vitest";
import {
	type FileIndexUpdate,
	GitignoreAwareAutocomplete,
} from "../../../src/modes/interactive/gitignore-autocomplete.js";
import { ProjectFileIndex } from "../../../src/modes/interactive/project-file-index.js";
import { makeTempDir, removeTempDirs } from "../../tools/support/tool-test-kit.js";
import { writeTree } from "../../tools/support/tree-fixture.js";
import { type AppFixture, createAppFixture } from "./app-fixture.js";

const gitAvailable = spawnSync("git", ["--version"], { stdio: "ignore" }).status === 0;
if (!gitAvailable) console.warn("@ file search: comparison with git skipped, git is not on PATH");

const created: string[] = [];
const apps: AppFixture[] = [];
afterEach(() => {
	for (const fixture of apps.splice(0)) fixture.app.quit(0);
	removeTempDirs(created);
});

/** Commands and Tab paths: not under test here. */
const inner: AutocompleteProvider = {
	getSuggestions: () => ({ items: [{ value: "inner", label: "inner" }], prefix: "" }),
	applyCompletion: (lines, cursorLine, cursorCol) => ({ lines: [...lines], cursorLine, cursorCol }),
};

const PROJECT = {
	".gitignore": "dist/\n*.log\n/secret.txt\n",
	".git/HEAD": "ref: refs/heads/main\n",
	".git/info/exclude": "scratch/\n",
	"secret.txt": "",
	"README.md": "",
	"app.log": "",
	"dist/bundle.js": "",
	"scratch/notes.md": "",
	"node_modules/dep/index.js": "",
	"src/index.ts": "",
	"src/secret.txt": "",
	"packages/web/.gitignore": "generated/\n!keep.log\n",
	"packages/web/keep.log": "",
	"packages/web/other.log": "",
	"packages/web/generated/api.ts": "",
	"packages/web/src/generated.ts": "",
	"packages/web/sub/.gitignore": "!dist/\n",
	"packages/web/sub/dist/kept.js": "",
};

/** Every value the `@` list offers for `query` once the index is complete. */
async function suggestions(provider: GitignoreAwareAutocomplete, text: string): Promise<string[]> {
	provider.getSuggestions([text], 0, text.length);
	await provider.fileIndex.idle();
	return provider.getSuggestions([text], 0, text.length)?.items.map((item) => item.value) ?? [];
}

function indexedFiles(index: ProjectFileIndex): string[] {
	return index
		.search("", Number.MAX_SAFE_INTEGER)
		.map((item) => item.value.slice(1).replace(/^"(.*)"$/, "$1"))
		.filter((path) => !path.endsWith("/"));
}

describe("@ file search", () => {
	it("offers what git would list: nested .gitignore files, .git/info/exclude, never .git or node_modules", async () => {
		const root = makeTempDir(created, "pi-at-search-");
		writeTree(root, PROJECT);
		const provider = new GitignoreAwareAutocomplete(inner, root);
		const all = await suggestions(provider, "@");
		expect(all).toContain("@src/index.ts");
		expect(all).toContain("@packages/web/keep.log");
		expect(all).toContain("@packages/web/sub/dist/kept.js");
		expect(all).toContain("@packages/web/src/generated.ts");
		expect(all).toContain("@src/secret.txt");
		for (const hidden of ["secret.txt", "app.log", "dist/", "scratch/", "node_modules/", ".git/"])
			expect(all).not.toContain(`@${hidden}`);
		expect(all.some((value) => value.includes("generated/") || value.includes(".git/"))).toBe(false);
		expect(await suggestions(provider, "see @kept")).toEqual(["@packages/web/sub/dist/kept.js"]);
		// Anything else goes to the wrapped provider.
		expect(provider.getSuggestions(["/mo"], 0, 3)?.items[0]?.value).toBe("inner");
	});

	it.skipIf(!gitAvailable)("indexes exactly git ls-files --others --exclude-standard", async () => {
		const root = makeTempDir(created, "pi-at-search-git-");
		const { ".git/HEAD": _head, ".git/info/exclude": exclude, ...files } = PROJECT;
		expect(spawnSync("git", ["init", "-q", "."], { cwd: root }).status).toBe(0);
		mkdirSync(join(root, ".git", "info"), { recursive: true });
		writeFileSync(join(root, ".git", "info", "exclude"), exclude);
		writeTree(root, files);
		const index = new ProjectFileIndex(root);
		index.refresh();
		await index.idle();
		const git = spawnSync("git", ["ls-files", "-z", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8" });
		const gitFiles = git.stdout
			.split("\0")
			.filter((path) => path !== "" && !path.startsWith("node_modules/"))
			.sort();
		expect(indexedFiles(index).sort()).toEqual(gitFiles);
	});

	it("answers while the walk runs and reports growth, opening the list when the first @ found nothing yet", async () => {
		const root = makeTempDir(created, "pi-at-search-live-");
		writeTree(root, { "a/one.ts": "", "b/two.ts": "" });
		const updates: FileIndexUpdate[] = [];
		const provider = new GitignoreAwareAutocomplete(inner, root, { onUpdate: (update) => updates.push(update) });
		// The walk has only started: nothing is indexed yet.
		expect(provider.getSuggestions(["@two"], 0, 4)).toBeNull();
		expect(provider.fileIndex.walking).toBe(true);
		await provider.fileIndex.idle();
		expect(updates.at(-1)).toEqual({ openIfClosed: true });
		expect(provider.getSuggestions(["@two"], 0, 4)?.items.map((item) => item.value)).toEqual(["@b/two.ts"]);
		// Typing on outside an @ reference: no more updates asked for.
		provider.getSuggestions(["@two x"], 0, 6);
		const count = updates.length;
		provider.fileIndex.refresh();
		await provider.fileIndex.idle();
		expect(updates).toHaveLength(count);
	});

	it("stops at the entry limit keeping the shallow entries, and re-reads the tree for a fresh @ once stale", async () => {
		const root = makeTempDir(created, "pi-at-search-cap-");
		writeTree(root, { "top.ts": "", "d1/d2/d3/deep.ts": "", "d1/mid.ts": "" });
		let now = 0;
		const index = new ProjectFileIndex(root, { maxEntries: 3, ttlMs: 1000, now: () => now });
		index.refresh();
		await index.idle();
		expect(index.truncated).toBe(true);
		expect(index.search("", 10).map((item) => item.value)).toEqual(["@d1/", "@top.ts", "@d1/d2/"]);
		writeFileSync(join(root, "new.ts"), "");
		index.refresh();
		expect(index.walking).toBe(false);
		now = 1000;
		index.refresh();
		expect(index.walking).toBe(true);
		// A re-walk swaps in when complete: the old entries answer meanwhile.
		expect(index.search("", 10)).toHaveLength(3);
		await index.idle();
		expect(index.search("new", 10).map((item) => item.value)).toEqual(["@new.ts"]);
	});

	it("narrowing a query gives what a fresh search gives", async () => {
		const root = makeTempDir(created, "pi-at-search-narrow-");
		const files: Record<string, string> = {};
		for (let i = 0; i < 300; i++) files[`pkg${i % 5}/mod${i % 7}/file-${i}.ts`] = "";
		files["src/fooBar.ts"] = "";
		writeTree(root, files);
		const narrowing = new ProjectFileIndex(root);
		narrowing.refresh();
		await narrowing.idle();
		const fresh = new ProjectFileIndex(root);
		fresh.refresh();
		await fresh.idle();
		for (const query of ["f", "fi", "fil", "file-1", "file-12"]) narrowing.search(query, 20);
		expect(narrowing.search("file-12", 20)).toEqual(fresh.search("file-12", 20));
		expect(narrowing.search("fb", 5)[0]?.value).toBe("@src/fooBar.ts");
	});

	it("in the app, the list opens on a lone @ once the background walk has found files (no further key)", async () => {
		const cwd = makeTempDir(created, "pi-at-search-app-");
		writeTree(cwd, { ".gitignore": "hidden-dir/\n", "visible-file.ts": "", "hidden-dir/x.ts": "" });
		const fixture = await createAppFixture({ cwd, agentDir: makeTempDir(created, "pi-at-search-agent-") });
		apps.push(fixture);
		await fixture.waitForText("faux-1");
		await fixture.type("@");
		await fixture.waitForText("visible-file.ts", 2000);
		expect(fixture.screen()).not.toContain("hidden-dir");
	});
});
