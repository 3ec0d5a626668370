import { afterEach, describe, expect, it, vi } from "vitest";
import { Markdown } from "../src/components/markdown.js";
import { MarkdownBlockRenderer } from "../src/components/markdown-block-renderer.js";
import { IncrementalMarkdownLexer } from "../src/components/markdown-lexer.js";

const DOCUMENT = `# Streaming answer

Here is a paragraph with **bold** text and a [link](https://example.com).

- first item
- second item with more words
  - nested item

1. one
2. two

> a quote
> over two lines

\`\`\`ts
function add(a: number, b: number): number {
	return a + b;
}
\`\`\`

| Column | Value |
|--------|------:|
| a      | 1     |
| b      | 22    |

Setext heading
--------------

Final paragraph, with *emphasis*.
`;

afterEach(() => {
	vi.restoreAllMocks();
});

describe("Markdown streaming cache", () => {
	it("re-renders only the last block when text is appended to it", () => {
		const spy = vi.spyOn(MarkdownBlockRenderer.prototype, "renderBlock");
		const markdown = new Markdown("# Title\n\nFirst paragraph.\n\nSecond para", 0, 0);
		markdown.render(40);
		expect(spy).toHaveBeenCalledTimes(3);
		spy.mockClear();
		markdown.setText("# Title\n\nFirst paragraph.\n\nSecond paragraph grows");
		const lines = markdown.render(40);
		expect(spy).toHaveBeenCalledTimes(1);
		expect(spy.mock.calls[0]?.[0].raw).toBe("Second paragraph grows");
		expect(lines.at(-1)).toBe("Second paragraph grows");
	});

	it("renders only the new block when a block is added", () => {
		const spy = vi.spyOn(MarkdownBlockRenderer.prototype, "renderBlock");
		const markdown = new Markdown("Para one.\n\nPara two.\n\n", 0, 0);
		markdown.render(40);
		spy.mockClear();
		markdown.setText("Para one.\n\nPara two.\n\n- item");
		markdown.render(40);
		expect(spy.mock.calls.map((call) => call[0].type)).toEqual(["list"]);
	});

	it("does not render at all when neither text nor width changed", () => {
		const spy = vi.spyOn(MarkdownBlockRenderer.prototype, "renderBlock");
		const markdown = new Markdown("a\n\nb", 0, 0);
		const first = markdown.render(30);
		expect(markdown.render(30)).toBe(first);
		expect(spy).toHaveBeenCalledTimes(2);
	});

	it("re-renders every block after a width change or invalidate()", () => {
		const spy = vi.spyOn(MarkdownBlockRenderer.prototype, "renderBlock");
		const markdown = new Markdown("a\n\nb\n\nc", 0, 0);
		markdown.render(30);
		markdown.render(20);
		expect(spy).toHaveBeenCalledTimes(6);
		markdown.invalidate();
		markdown.render(20);
		expect(spy).toHaveBeenCalledTimes(9);
	});

	it("keeps cached blocks across setText of a different document sharing blocks", () => {
		const spy = vi.spyOn(MarkdownBlockRenderer.prototype, "renderBlock");
		const markdown = new Markdown("shared\n\nold tail", 0, 0);
		markdown.render(30);
		spy.mockClear();
		markdown.setText("shared\n\nnew tail");
		expect(markdown.render(30)).toEqual(["shared", "", "new tail"]);
		expect(spy).toHaveBeenCalledTimes(1);
	});

	it("renders every streamed prefix exactly like a fresh render of that prefix", () => {
		const streaming = new Markdown("", 1, 0);
		for (let end = 1; end <= DOCUMENT.length; end += 1) {
			const prefix = DOCUMENT.slice(0, end);
			streaming.setText(prefix);
			const fresh = new Markdown(prefix, 1, 0).render(36);
			expect(streaming.render(36), `prefix of ${end} chars`).toEqual(fresh);
		}
	});

	it("renders a long streamed document with few block renders", () => {
		const spy = vi.spyOn(MarkdownBlockRenderer.prototype, "renderBlock");
		const paragraphs = Array.from({ length: 200 }, (_, i) => `Paragraph ${i} with some words.`);
		const markdown = new Markdown("", 0, 0);
		let text = "";
		for (const paragraph of paragraphs) {
			for (const word of paragraph.split(" ")) {
				text += `${word} `;
				markdown.setText(text);
				markdown.render(60);
			}
			text = `${text.trimEnd()}\n\n`;
		}
		// One render per streamed token plus a few for blocks whose raw changed at a boundary;
		// re-rendering every block each time would be about 100,000 calls.
		expect(spy.mock.calls.length).toBeLessThan(1500);
	});
});

describe("IncrementalMarkdownLexer", () => {
	it("re-lexes from the last block when text is appended", () => {
		const lexer = new IncrementalMarkdownLexer();
		const first = lexer.lex("# A\n\npara");
		const heading = first[0];
		const second = lexer.lex("# A\n\npara more\n\n- x");
		expect(second[0]).toBe(heading);
		expect(second.map((token) => token.type)).toEqual(["heading", "paragraph", "space", "list"]);
	});

	it("lexes everything again when a reference definition appears", () => {
		const lexer = new IncrementalMarkdownLexer();
		lexer.lex("see [docs][d]\n\n");
		const tokens = lexer.lex("see [docs][d]\n\n[d]: https://x.dev");
		const paragraph = tokens[0];
		expect(paragraph?.type).toBe("paragraph");
		expect(paragraph && "tokens" in paragraph ? paragraph.tokens?.[1]?.type : undefined).toBe("link");
	});

	it("lexes everything again when the text is not an extension", () => {
		const lexer = new IncrementalMarkdownLexer();
		lexer.lex("abc\n\ndef");
		expect(lexer.lex("xyz").map((token) => token.raw)).toEqual(["xyz"]);
	});
});
