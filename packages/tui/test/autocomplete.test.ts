import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CombinedAutocompleteProvider } from "../src/autocomplete.js";
import { walkFiles } from "../src/autocomplete-file-search.js";
import type { SlashCommand } from "../src/autocomplete-types.js";

const COMMANDS: SlashCommand[] = [
	{ name: "model", description: "Pick a model", getArgumentCompletions: (prefix) => modelArguments(prefix) },
	{ name: "models", description: "List models" },
	{ name: "quit", description: "Exit" },
	{ name: "compact" },
];

function modelArguments(prefix: string): { value: string; label: string }[] {
	return ["sonnet", "opus", "haiku"]
		.filter((name) => name.startsWith(prefix))
		.map((name) => ({ value: name, label: name }));
}

let base = "";

beforeEach(() => {
	base = mkdtempSync(join(tmpdir(), "pi-autocomplete-"));
	mkdirSync(join(base, "src", "components"), { recursive: true });
	mkdirSync(join(base, "node_modules", "pkg"), { recursive: true });
	mkdirSync(join(base, ".git"));
	mkdirSync(join(base, "my dir"));
	writeFileSync(join(base, "src", "components", "editor.ts"), "");
	writeFileSync(join(base, "src", "index.ts"), "");
	writeFileSync(join(base, "src", "Index.md"), "");
	writeFileSync(join(base, "node_modules", "pkg", "editor.js"), "");
	writeFileSync(join(base, ".git", "HEAD"), "");
	writeFileSync(join(base, ".env"), "");
	writeFileSync(join(base, "README.md"), "");
	writeFileSync(join(base, "my dir", "notes.txt"), "");
});

afterEach(() => {
	rmSync(base, { recursive: true, force: true });
});

function suggest(provider: CombinedAutocompleteProvider, text: string, force = false) {
	const lines = text.split("\n");
	const line = lines.length - 1;
	return provider.getSuggestions(lines, line, (lines[line] ?? "").length, { force });
}

describe("CombinedAutocompleteProvider slash commands", () => {
	it("lists commands with descriptions for a bare slash", () => {
		const provider = new CombinedAutocompleteProvider(COMMANDS, base);
		const result = suggest(provider, "/");
		expect(result?.prefix).toBe("/");
		expect(result?.items.map((item) => item.label)).toEqual(["model", "models", "quit", "compact"]);
		expect(result?.items[0]?.description).toBe("Pick a model");
	});

	it("puts prefix matches before fuzzy matches", () => {
		const provider = new CombinedAutocompleteProvider(COMMANDS, base);
		expect(suggest(provider, "/mo")?.items.map((item) => item.value)).toEqual(["model", "models"]);
		expect(suggest(provider, "/cpt")?.items.map((item) => item.value)).toEqual(["compact"]);
		expect(suggest(provider, "/zzz")).toBeNull();
	});

	it("only completes commands at the start of the first line", () => {
		const provider = new CombinedAutocompleteProvider(COMMANDS, base);
		expect(suggest(provider, "text\n/mo")).toBeNull();
		expect(suggest(provider, "say /mo")).toBeNull();
	});

	it("completes a command name to '/name ' with the cursor after the space", () => {
		const provider = new CombinedAutocompleteProvider(COMMANDS, base);
		const result = provider.applyCompletion(["/mo"], 0, 3, { value: "model", label: "model" }, "/mo");
		expect(result).toEqual({ lines: ["/model "], cursorLine: 0, cursorCol: 7 });
	});

	it("asks the command for argument completions after its name", () => {
		const provider = new CombinedAutocompleteProvider(COMMANDS, base);
		const result = suggest(provider, "/model o");
		expect(result).toEqual({ items: [{ value: "opus", label: "opus" }], prefix: "o" });
		const applied = provider.applyCompletion(["/model o"], 0, 8, { value: "opus", label: "opus" }, "o");
		expect(applied.lines).toEqual(["/model opus"]);
		expect(suggest(provider, "/quit x")).toBeNull();
	});
});

describe("CombinedAutocompleteProvider file paths", () => {
	it("offers nothing for plain text unless forced", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		expect(suggest(provider, "look at sr")).toBeNull();
		expect(suggest(provider, "look at sr", true)?.items).toEqual([{ value: "src/", label: "src/" }]);
	});

	it("lists a directory's entries with directories marked by a slash", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		const result = suggest(provider, "src/", true);
		expect(result?.prefix).toBe("src/");
		expect(result?.items.map((item) => item.value)).toEqual(["src/components/", "src/Index.md", "src/index.ts"]);
	});

	it("prefers exact-case prefix matches and hides dotfiles unless asked", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		expect(suggest(provider, "src/I", true)?.items.map((item) => item.label)).toEqual(["Index.md", "index.ts"]);
		expect(suggest(provider, "", true)?.items.map((item) => item.label)).not.toContain(".env");
		expect(suggest(provider, ".e", true)?.items.map((item) => item.label)).toEqual([".env"]);
	});

	it("completes paths inside quotes and after '='", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		expect(suggest(provider, 'open "REA', true)?.items).toEqual([{ value: "README.md", label: "README.md" }]);
		expect(suggest(provider, "--file=REA", true)?.prefix).toBe("REA");
	});

	it("expands ~ to the home directory and keeps the ~ in the value", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		expect(suggest(provider, "~", true)?.items).toEqual([{ value: "~/", label: "~/" }]);
		const home = suggest(provider, "~/", true);
		if (home) expect(home.items.every((item) => item.value.startsWith("~/"))).toBe(true);
		expect(homedir().length).toBeGreaterThan(0);
	});

	it("falls back to path completion for an absolute path at the line start", () => {
		const provider = new CombinedAutocompleteProvider(COMMANDS, base);
		const result = suggest(provider, `${base}/RE`, true);
		expect(result?.items.map((item) => item.value)).toEqual([`${base}/README.md`]);
		const applied = provider.applyCompletion([`${base}/RE`], 0, base.length + 3, result!.items[0]!, result!.prefix);
		expect(applied.lines).toEqual([`${base}/README.md`]);
	});

	it("returns null for a directory that does not exist", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		expect(suggest(provider, "nope/x", true)).toBeNull();
	});
});

describe("CombinedAutocompleteProvider @ file references", () => {
	it("fuzzy-searches the tree, skipping node_modules and .git", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		const result = suggest(provider, "see @edi");
		expect(result?.prefix).toBe("@edi");
		expect(result?.items.map((item) => item.value)).toEqual(["@src/components/editor.ts"]);
		expect(result?.items[0]).toMatchObject({ label: "editor.ts", description: "src/components/" });
	});

	it("ranks file-name matches above matches spread over the path", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		const values = suggest(provider, "@index")?.items.map((item) => item.value) ?? [];
		expect(values.slice(0, 2)).toEqual(["@src/index.ts", "@src/Index.md"]);
	});

	it("lists shallow entries for a bare @ and quotes paths with spaces", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		const values = suggest(provider, "@")?.items.map((item) => item.value) ?? [];
		expect(values).toContain('@"my dir/"');
		expect(values).toContain("@README.md");
		expect(values.some((value) => value.includes("node_modules"))).toBe(false);
	});

	it("appends a space after a file but not after a directory", () => {
		const provider = new CombinedAutocompleteProvider([], base);
		const file = provider.applyCompletion(
			["a @edi"],
			0,
			6,
			{ value: "@src/components/editor.ts", label: "editor.ts" },
			"@edi",
		);
		expect(file).toEqual({ lines: ["a @src/components/editor.ts "], cursorLine: 0, cursorCol: 28 });
		const directory = provider.applyCompletion(["@sr"], 0, 3, { value: "@src/", label: "src/" }, "@sr");
		expect(directory.lines).toEqual(["@src/"]);
	});

	it("bounds the walk by entry count", () => {
		for (let i = 0; i < 30; i++) writeFileSync(join(base, `file-${i}.txt`), "");
		expect(walkFiles(base, { maxEntries: 10, maxDepth: 5 })).toHaveLength(10);
	});

	it("does not descend below the depth limit", () => {
		const paths = walkFiles(base, { maxEntries: 100, maxDepth: 0 }).map((entry) => entry.path);
		expect(paths).toContain("src/");
		expect(paths).not.toContain("src/index.ts");
	});
});
