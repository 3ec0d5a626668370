import { describe, expect, it } from "vitest";
import { fuzzyFilter, fuzzyMatch } from "../src/fuzzy.js";

describe("fuzzyMatch", () => {
	it("matches a case-insensitive subsequence and reports the matched indices", () => {
		expect(fuzzyMatch("fb", "FooBar")?.indices).toEqual([0, 3]);
		expect(fuzzyMatch("xyz", "FooBar")).toBeNull();
		expect(fuzzyMatch("toolong", "short")).toBeNull();
	});

	it("matches everything with an empty query", () => {
		expect(fuzzyMatch("", "anything")).toEqual({ score: 0, indices: [] });
	});

	it("prefers the word-boundary alignment over the first occurrence", () => {
		// The first "b" is inside "abc"; the better match uses the word start of "bar".
		expect(fuzzyMatch("bar", "abc-bar")?.indices).toEqual([4, 5, 6]);
		expect(fuzzyMatch("ec", "editor-component")?.indices).toEqual([0, 7]);
	});

	it("scores consecutive matches above scattered ones", () => {
		const consecutive = fuzzyMatch("edit", "editor.ts")?.score ?? 0;
		const scattered = fuzzyMatch("edit", "e-d-i-t.ts")?.score ?? 0;
		expect(consecutive).toBeGreaterThan(scattered);
	});

	it("rewards camelCase humps and word starts", () => {
		const camel = fuzzyMatch("gs", "getSuggestions")?.score ?? 0;
		const inner = fuzzyMatch("gs", "bigsnake")?.score ?? 0;
		expect(camel).toBeGreaterThan(inner);
	});
});

describe("fuzzyFilter", () => {
	const files = ["src/components/editor.ts", "src/editor-state.ts", "test/editor.test.ts", "README.md", "src/tui.ts"];

	it("keeps matches only", () => {
		expect(fuzzyFilter(files, "edstate", (file) => file)).toEqual(["src/editor-state.ts"]);
	});

	it("ranks a consecutive word match above scattered word starts", () => {
		const items = ["e-d-i-t-o-r.ts", "src/abc/xyz-editor.ts", "editor.ts"];
		expect(fuzzyFilter(items, "editor", (item) => item)).toEqual([
			"editor.ts",
			"src/abc/xyz-editor.ts",
			"e-d-i-t-o-r.ts",
		]);
	});

	it("ranks an exact name above longer names containing it", () => {
		expect(fuzzyFilter(["models", "model", "remodel"], "model", (item) => item)).toEqual([
			"model",
			"models",
			"remodel",
		]);
	});

	it("requires every whitespace-separated token to match", () => {
		expect(fuzzyFilter(files, "test ed", (file) => file)).toEqual(["test/editor.test.ts"]);
	});

	it("returns all items in order for a blank query", () => {
		expect(fuzzyFilter(files, "  ", (file) => file)).toEqual(files);
	});

	it("keeps the input order for equal scores", () => {
		expect(fuzzyFilter(["ab1", "ab2", "ab3"], "ab", (item) => item)).toEqual(["ab1", "ab2", "ab3"]);
	});

	it("matches each token against the best of several texts per item", () => {
		const models = [
			{ id: "claude-opus", name: "Opus" },
			{ id: "gpt-5", name: "GPT five" },
			{ id: "o3", name: "Reasoner" },
		];
		const found = fuzzyFilter(models, "five gpt", (model) => [model.name, model.id]);
		expect(found.map((model) => model.id)).toEqual(["gpt-5"]);
		// "o3" only matches the id of the third item; the name never contains a 3.
		expect(fuzzyFilter(models, "o3", (model) => [model.name, model.id]).map((model) => model.id)).toEqual(["o3"]);
	});
});
