import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { parseFrontmatter } from "../../src/core/resources/frontmatter.js";

// parseFrontmatter reads plain `key: text` lines itself (the YAML parser is loaded only for more);
// whatever path it takes, the attributes must be exactly what the YAML parser makes of the block.
const BLOCKS = [
	"name: x\ndescription: Does y",
	"name: my-skill\ndescription: Reviews a diff, then [optionally] writes {notes}.",
	"description: See http://example.com/a#b for more",
	'description: It\'s "quoted" inside, a\\b and 100% fine',
	"name: x\ndescription: Use it for X: and Y",
	"name: x\ndescription: trailing colon:",
	"name: x\ndescription: a value # with a comment",
	"name: x\nname: y",
	"enabled: true\ncount: 3\nratio: .5\nnothing: null\ntilde: ~",
	"version: 1.2.3\nhex: 0x1F\nsigned: +1",
	"yes: no\non: off",
	"true: x\nnull: y",
	"name: 'single'\nother: \"double\"",
	"tags: [a, b]\nmap: {k: v}",
	"list:\n  - a\n  - b",
	"text: |\n  block\n  scalar",
	"name: x\n\ndescription: y",
	"name: x   \ndescription: y",
	"name:\tx",
	"- a\n- b",
	"name: *alias",
	"name: &anchor x",
	"name: @x",
	"name: `x`",
	"description: ünïcödé — “typographic” ✓",
	"__proto__: x",
	"a-b: c\nA_1: d",
];

describe("parseFrontmatter without the YAML parser", () => {
	for (const block of BLOCKS) {
		it(`reads ${JSON.stringify(block)} as YAML does`, () => {
			const result = parseFrontmatter(`---\n${block}\n---\nBody\n`);
			let expected: unknown;
			try {
				expected = parse(block);
			} catch {
				expect(result.error).toBeDefined();
				expect(result.attributes).toEqual({});
				return;
			}
			const attributes = expected !== null && typeof expected === "object" && !Array.isArray(expected) ? expected : {};
			expect(result.error).toBeUndefined();
			expect(JSON.stringify(result.attributes)).toBe(JSON.stringify(attributes));
			expect(result.body).toBe("Body\n");
		});
	}
});
