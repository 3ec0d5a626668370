import { describe, expect, it } from "vitest";
import { highlightCode, isLanguageSupported, type SyntaxToken, tokenizeCode } from "../src/syntax-highlight.js";

/** Tokens of one line as "kind:text" strings, skipping plain whitespace-only runs. */
function kinds(code: string, language: string, line = 0): string[] {
	const tokens: SyntaxToken[] = tokenizeCode(code, language)[line] ?? [];
	return tokens
		.filter((token) => token.kind !== "plain" || token.text.trim())
		.map((token) => `${token.kind}:${token.text.trim()}`);
}

describe("syntax highlighting", () => {
	it("tokenizes TypeScript keywords, types, strings, numbers, functions and comments", () => {
		expect(kinds('const x: Foo = add("a", 42); // done', "ts")).toEqual([
			"keyword:const",
			"plain:x",
			"operator::",
			"type:Foo",
			"operator:=",
			"function:add",
			"plain:(",
			'string:"a"',
			"plain:,",
			"number:42",
			"plain:);",
			"comment:// done",
		]);
	});

	it("handles template strings and block comments that span lines", () => {
		const lines = tokenizeCode("/* one\ntwo */ `a\nb` x", "javascript");
		expect(lines[0]).toEqual([{ kind: "comment", text: "/* one" }]);
		expect(lines[1]?.[0]).toEqual({ kind: "comment", text: "two */" });
		expect(lines[1]?.[2]).toEqual({ kind: "string", text: "`a" });
		expect(lines[2]?.[0]).toEqual({ kind: "string", text: "b`" });
	});

	it("runs an unterminated string or comment to the end (mid-stream)", () => {
		expect(kinds('say("unfinished', "js")).toEqual(["function:say", "plain:(", 'string:"unfinished']);
		expect(kinds("/* open", "js")).toEqual(["comment:/* open"]);
	});

	it("distinguishes JSON keys from string values", () => {
		expect(kinds('{"name": "pi", "n": 1.5, "ok": true, "x": null}', "json")).toEqual([
			"plain:{",
			'property:"name"',
			"plain::",
			'string:"pi"',
			"plain:,",
			'property:"n"',
			"plain::",
			"number:1.5",
			"plain:,",
			'property:"ok"',
			"plain::",
			"literal:true",
			"plain:,",
			'property:"x"',
			"plain::",
			"literal:null",
			"plain:}",
		]);
	});

	it("tokenizes Python with triple-quoted strings, decorators and comments", () => {
		expect(kinds("@cache", "python")).toEqual(["meta:@cache"]);
		expect(kinds("def f(x): return None  # c", "py")).toEqual([
			"keyword:def",
			"function:f",
			"plain:(x)",
			"operator::",
			"keyword:return",
			"literal:None",
			"comment:# c",
		]);
		expect(tokenizeCode('x = """doc\nmore"""', "python")[1]).toEqual([{ kind: "string", text: 'more"""' }]);
	});

	it("tokenizes shell variables, strings, flags and comments only at word starts", () => {
		expect(kinds('if [ -f "$HOME/x" ]; then echo $USER # note', "bash")).toEqual([
			"keyword:if",
			"plain:[",
			"meta:-f",
			'string:"$HOME/x"',
			"plain:]",
			"operator:;",
			"keyword:then",
			"plain:echo",
			"variable:$USER",
			"comment:# note",
		]);
		expect(kinds("echo a#b", "sh")).toEqual(["plain:echo a#b"]);
	});

	it("colours diff lines by their first character", () => {
		const lines = tokenizeCode("--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new\n same", "diff");
		expect(lines.map((line) => line[0]?.kind)).toEqual(["meta", "meta", "function", "deleted", "inserted", "plain"]);
	});

	it("leaves unknown languages plain and reports support", () => {
		expect(tokenizeCode("const x", "brainfudge")).toEqual([[{ kind: "plain", text: "const x" }]]);
		expect(isLanguageSupported("TypeScript")).toBe(true);
		expect(isLanguageSupported("bash")).toBe(true);
		expect(isLanguageSupported(undefined)).toBe(false);
	});

	it("applies theme styles per token and keeps text intact", () => {
		const lines = highlightCode("let a = 1", "ts", { keyword: (text) => `<${text}>`, number: (text) => `#${text}` });
		expect(lines).toEqual(["<let> a = #1"]);
	});
});
