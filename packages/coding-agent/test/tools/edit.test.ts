import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createEditTool, normalizeEditArguments } from "../../src/core/tools/edit.js";
import { createWriteTool } from "../../src/core/tools/write.js";
import { errorMessageOf, makeTempDir, removeTempDirs, textOf } from "./support/tool-test-kit.js";

const created: string[] = [];
afterEach(() => removeTempDirs(created));

type Edit = { oldText: string; newText: string };

function setup(content: string | Buffer, name = "f.txt") {
	const dir = makeTempDir(created);
	const path = join(dir, name);
	writeFileSync(path, content);
	const tool = createEditTool(dir);
	const edit = (edits: Edit[]) => tool.execute("c", { path: name, edits }, undefined);
	return { dir, path, tool, edit, contents: () => readFileSync(path, "utf8") };
}

describe("edit tool: exact replacement", () => {
	it("replaces a unique block and reports a line-numbered diff", async () => {
		const { edit, contents } = setup("one\ntwo\nthree\n");
		const result = await edit([{ oldText: "two", newText: "TWO" }]);
		expect(textOf(result)).toBe("Successfully replaced 1 block(s) in f.txt.");
		expect(contents()).toBe("one\nTWO\nthree\n");
		expect(result.details).toEqual({ diff: " 1 one\n-2 two\n+2 TWO\n 3 three", firstChangedLine: 2 });
	});

	it("applies several edits located in the original file together", async () => {
		const { edit, contents } = setup("a = 1\nb = 2\nc = 3\n");
		const result = await edit([
			{ oldText: "c = 3", newText: "c = 30" },
			{ oldText: "a = 1", newText: "a = 10\nb = 2" },
		]);
		expect(textOf(result)).toBe("Successfully replaced 2 block(s) in f.txt.");
		expect(contents()).toBe("a = 10\nb = 2\nb = 2\nc = 30\n");
	});

	it("fails when the text is absent", async () => {
		const { edit } = setup("one\n");
		expect(await errorMessageOf(edit([{ oldText: "zwei", newText: "x" }]))).toBe(
			"Could not find the exact text in f.txt. The old text must match exactly including all whitespace and newlines.",
		);
	});

	it("fails on an ambiguous edit and leaves the file untouched", async () => {
		const { edit, contents } = setup("x = 1\nx = 1\nx = 1\n");
		expect(await errorMessageOf(edit([{ oldText: "x = 1", newText: "x = 2" }]))).toBe(
			"Found 3 occurrences of the text in f.txt. The text must be unique. Please provide more context to make it unique.",
		);
		expect(contents()).toBe("x = 1\nx = 1\nx = 1\n");
	});

	it("names the failing edit when several are given, and writes none of them", async () => {
		const { edit, contents } = setup("alpha\nbeta\n");
		const message = await errorMessageOf(
			edit([
				{ oldText: "alpha", newText: "A" },
				{ oldText: "gamma", newText: "G" },
			]),
		);
		expect(message).toMatch(/^edits\[1\]: Could not find the exact text in f\.txt\./);
		expect(contents()).toBe("alpha\nbeta\n");
	});

	it("rejects overlapping edits", async () => {
		const { edit } = setup("abcdef\n");
		const message = await errorMessageOf(
			edit([
				{ oldText: "abcd", newText: "1" },
				{ oldText: "cdef", newText: "2" },
			]),
		);
		expect(message).toContain("overlap in f.txt");
	});

	it("rejects an edit that changes nothing", async () => {
		const { edit } = setup("same\n");
		expect(await errorMessageOf(edit([{ oldText: "same", newText: "same" }]))).toBe(
			"No changes made to f.txt. The replacement produces identical content.",
		);
	});

	it("fails with File not found for a missing file", async () => {
		const { tool } = setup("x");
		expect(
			await errorMessageOf(
				tool.execute("c", { path: "missing.ts", edits: [{ oldText: "a", newText: "b" }] }, undefined),
			),
		).toBe("File not found: missing.ts");
	});
});

describe("edit tool: encodings and line endings", () => {
	it("matches LF text in a CRLF file and keeps CRLF on write", async () => {
		const { path, edit } = setup("one\r\ntwo\r\nthree\r\n");
		await edit([{ oldText: "one\ntwo", newText: "ONE\nTWO\nextra" }]);
		expect(readFileSync(path, "utf8")).toBe("ONE\r\nTWO\r\nextra\r\nthree\r\n");
	});

	it("accepts oldText written with CRLF against an LF file, writing LF", async () => {
		const { path, edit } = setup("one\ntwo\n");
		await edit([{ oldText: "one\r\ntwo", newText: "1\r\n2" }]);
		expect(readFileSync(path, "utf8")).toBe("1\n2\n");
	});

	it("preserves a UTF-8 BOM", async () => {
		const { path, edit } = setup("\uFEFFconst a = 1;\r\n");
		await edit([{ oldText: "const a = 1;", newText: "const a = 2;" }]);
		expect(readFileSync(path)).toEqual(Buffer.from("\uFEFFconst a = 2;\r\n", "utf8"));
	});

	it("refuses files that are not valid UTF-8 instead of corrupting them", async () => {
		const bytes = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
		const { path, edit } = setup(bytes);
		expect(await errorMessageOf(edit([{ oldText: "caf", newText: "CAF" }]))).toContain("not valid UTF-8");
		expect(readFileSync(path)).toEqual(bytes);
	});

	it("refuses binary files", async () => {
		const { edit } = setup(Buffer.from([0x41, 0x00, 0x42]));
		expect(await errorMessageOf(edit([{ oldText: "A", newText: "B" }]))).toBe("Cannot edit binary file: f.txt");
	});
});

describe("edit tool: fuzzy matching", () => {
	it("matches typographic quotes, dashes and special spaces, applying to the normalised content", async () => {
		const { edit, contents } = setup("const s = \u201Chello\u201D;\u00A0// a \u2014 b   \nnext\n");
		await edit([{ oldText: 'const s = "hello"; // a - b', newText: 'const s = "bye";' }]);
		expect(contents()).toBe('const s = "bye";\nnext\n');
	});

	it("matches text whose lines lack the file's trailing whitespace", async () => {
		const { edit, contents } = setup("if (x) {   \n  go();\t\n}\n");
		await edit([{ oldText: "if (x) {\n  go();\n}", newText: "if (x) go();" }]);
		expect(contents()).toBe("if (x) go();\n");
	});

	it("reports ambiguity found only after normalisation", async () => {
		const { edit } = setup('a \u201Cq\u201D\na \u2018q\u2019\na "q"  \n');
		const message = await errorMessageOf(edit([{ oldText: 'a "q"\n', newText: "x" }]));
		expect(message).toContain("Found 2 occurrences");
	});
});

describe("edit tool: arguments and concurrency", () => {
	it("converts the legacy single oldText/newText form and loose edits shapes", () => {
		expect(normalizeEditArguments({ path: "f", oldText: "a", newText: "b" })).toEqual({
			path: "f",
			edits: [{ oldText: "a", newText: "b" }],
		});
		expect(normalizeEditArguments({ path: "f", edits: '[{"oldText":"a","newText":"b"}]' })).toEqual({
			path: "f",
			edits: [{ oldText: "a", newText: "b" }],
		});
		expect(normalizeEditArguments({ path: "f", edits: { oldText: "a", newText: "b" } })).toEqual({
			path: "f",
			edits: [{ oldText: "a", newText: "b" }],
		});
	});

	it("serialises parallel edits and writes of one file so no update is lost", async () => {
		const { dir, path, tool } = setup(Array.from({ length: 20 }, (_, i) => `v${i} = 0`).join("\n"));
		const writer = createWriteTool(dir);
		const edits = Array.from({ length: 20 }, (_, i) =>
			tool.execute(`c${i}`, { path: "f.txt", edits: [{ oldText: `v${i} = 0`, newText: `v${i} = 1` }] }, undefined),
		);
		await Promise.all(edits);
		expect(readFileSync(path, "utf8")).toBe(Array.from({ length: 20 }, (_, i) => `v${i} = 1`).join("\n"));
		const racing = [
			tool.execute("e", { path: "f.txt", edits: [{ oldText: "v0 = 1", newText: "v0 = 2" }] }, undefined),
			writer.execute("w", { path: "f.txt", content: "replaced" }, undefined),
		];
		await Promise.all(racing);
		expect(readFileSync(path, "utf8")).toBe("replaced");
	});
});
