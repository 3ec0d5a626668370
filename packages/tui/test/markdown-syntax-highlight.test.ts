import { describe, expect, it } from "vitest";
import { highlightCodeHtml } from "../src/highlight-js.js";
import { highlightCode, isLanguageSupported, type SyntaxToken, tokenizeCode } from "../src/syntax-highlight.js";

/** Tokens of one line as "kind:text" strings, skipping plain runs. */
function kinds(code: string, language: string, line = 0): string[] {
	const tokens: SyntaxToken[] = tokenizeCode(code, language)[line] ?? [];
	return tokens.filter((token) => token.kind !== "plain").map((token) => `${token.kind}:${token.text}`);
}

// highlight.js does the tokenizing (issue 15: one well-kept highlighter for the TUI and the export).
describe("syntax highlighting", () => {
	it("tokenizes TypeScript keywords, types, strings, numbers, functions and comments", () => {
		expect(kinds('const x: Foo = add("a", 42); // done', "ts")).toEqual([
			"keyword:const",
			"property:x",
			"type:Foo",
			"function:add",
			'string:"a"',
			"number:42",
			"comment:// done",
		]);
	});

	it("keeps every character of the source, line by line", () => {
		const code = 'if (a < b && c > "d") {\n\treturn `x ${y}`; // &amp;\n}';
		expect(tokenizeCode(code, "js").map((line) => line.map((token) => token.text).join(""))).toEqual(code.split("\n"));
	});

	it("splits block comments and template strings that span lines", () => {
		const lines = tokenizeCode("/* one\ntwo */ `a\nb` x", "javascript");
		expect(lines[0]).toEqual([{ kind: "comment", text: "/* one" }]);
		expect(lines[1]?.[0]).toEqual({ kind: "comment", text: "two */" });
		expect(lines[1]?.at(-1)).toEqual({ kind: "string", text: "`a" });
		expect(lines[2]?.[0]).toEqual({ kind: "string", text: "b`" });
	});

	it("runs an unterminated string or comment to the end (mid-stream)", () => {
		expect(kinds('say("unfinished', "js")).toEqual(["function:say", 'string:"unfinished']);
		expect(kinds("/* open", "js")).toEqual(["comment:/* open"]);
	});

	it("distinguishes JSON keys from string values", () => {
		expect(kinds('{"name": "pi", "n": 1.5}', "json")).toEqual([
			'property:"name"',
			'string:"pi"',
			'property:"n"',
			"number:1.5",
		]);
	});

	it("knows Python, shell, Rust and Go by their fence names", () => {
		expect(kinds("def f(x): return None  # c", "py")).toEqual([
			"keyword:def",
			"function:f",
			"keyword:return",
			"literal:None",
			"comment:# c",
		]);
		expect(kinds("echo $USER # note", "bash")).toContain("variable:$USER");
		expect(kinds("fn main() {}", "rs")).toEqual(["keyword:fn", "function:main"]);
		expect(kinds("func main() {}", "go")).toContain("keyword:func");
	});

	it("colours diff lines", () => {
		const lines = tokenizeCode("@@ -1 +1 @@\n-old\n+new\n same", "diff");
		expect(lines.map((line) => line[0]?.kind)).toEqual(["meta", "deleted", "inserted", "plain"]);
	});

	it("leaves unknown languages plain and reports support for ~190 languages", () => {
		expect(tokenizeCode("const x", "brainfudge")).toEqual([[{ kind: "plain", text: "const x" }]]);
		expect(isLanguageSupported("TypeScript")).toBe(true);
		expect(isLanguageSupported("bash")).toBe(true);
		expect(isLanguageSupported("elixir")).toBe(true);
		expect(isLanguageSupported("c++")).toBe(true);
		expect(isLanguageSupported(undefined)).toBe(false);
		expect(isLanguageSupported('js"><script>')).toBe(false);
	});

	it("applies theme styles per token and keeps text intact", () => {
		const lines = highlightCode("let a = 1", "ts", { keyword: (text) => `<${text}>`, number: (text) => `#${text}` });
		expect(lines).toEqual(["<let> a = #1"]);
	});

	it("gives the HTML export escaped markup", () => {
		expect(highlightCodeHtml('a < "<b>"', "js")).toBe('a &lt; <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>');
		expect(highlightCodeHtml("x", "no-such-language")).toBeUndefined();
	});
});
