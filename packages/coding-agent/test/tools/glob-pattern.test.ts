import { describe, expect, it } from "vitest";
import { createGlobMatcher } from "../../src/core/tools/glob-pattern.js";

const file = (pattern: string, path: string): boolean => createGlobMatcher(pattern)(path, false);

describe("createGlobMatcher", () => {
	it("matches names at any depth when the pattern has no slash", () => {
		expect(file("*.ts", "a.ts")).toBe(true);
		expect(file("*.ts", "src/deep/a.ts")).toBe(true);
		expect(file("*.ts", "src/a.tsx")).toBe(false);
		expect(file("README*", "docs/README.md")).toBe(true);
	});

	it("anchors patterns with a slash at the search directory", () => {
		expect(file("src/*.ts", "src/a.ts")).toBe(true);
		expect(file("src/*.ts", "src/x/a.ts")).toBe(false);
		expect(file("src/*.ts", "lib/src/a.ts")).toBe(false);
		expect(file("./src/*.ts", "src/a.ts")).toBe(true);
	});

	it("lets ** span any number of directories, including none", () => {
		expect(file("**/*.json", "package.json")).toBe(true);
		expect(file("**/*.json", "a/b/c.json")).toBe(true);
		expect(file("src/**/*.spec.ts", "src/a.spec.ts")).toBe(true);
		expect(file("src/**/*.spec.ts", "src/x/y/a.spec.ts")).toBe(true);
		expect(file("src/**", "src/x/y")).toBe(true);
	});

	it("supports ?, character classes, negation and braces", () => {
		expect(file("?.md", "a.md")).toBe(true);
		expect(file("?.md", "ab.md")).toBe(false);
		expect(file("[ab].txt", "b.txt")).toBe(true);
		expect(file("[!ab].txt", "b.txt")).toBe(false);
		expect(file("[a-c]x", "cx")).toBe(true);
		expect(file("*.{ts,tsx}", "a.tsx")).toBe(true);
		expect(file("*.{ts,{md,txt}}", "a.txt")).toBe(true);
		expect(file("*.{ts,tsx}", "a.js")).toBe(false);
	});

	it("treats regex characters literally and honours escapes", () => {
		expect(file("a+b(1).txt", "a+b(1).txt")).toBe(true);
		expect(file("a.txt", "abtxt")).toBe(false);
		expect(file("\\*.txt", "*.txt")).toBe(true);
		expect(file("\\*.txt", "a.txt")).toBe(false);
		expect(file("[unclosed", "[unclosed")).toBe(true);
	});

	it("restricts a trailing-slash pattern to directories", () => {
		const matcher = createGlobMatcher("build/");
		expect(matcher("build", true)).toBe(true);
		expect(matcher("build", false)).toBe(false);
	});
});
