import { describe, expect, it } from "vitest";
import { renderInlineMarkdown, renderMarkdown } from "../../src/core/export-html/render-markdown.js";

// The export's markdown is marked with hostile-input safety on top (issue 15); these pin both.
describe("renderMarkdown", () => {
	it("renders paragraphs, keeping single line breaks", () => {
		expect(renderMarkdown("one\ntwo\n\nthree")).toBe("<p>one<br>two</p>\n<p>three</p>");
	});

	it("highlights fenced code with highlight.js, escaped, with a sanitised language class", () => {
		expect(renderMarkdown("```ts\nconst x = a < b && **c**;\n```")).toBe(
			'<pre class="md-code"><code class="language-ts hljs"><span class="hljs-keyword">const</span> x = a &lt; b &amp;&amp; **c**;</code></pre>',
		);
		expect(renderMarkdown('```js"><script>\nx\n```')).toBe(
			'<pre class="md-code"><code class="language-js hljs">x</code></pre>',
		);
		expect(renderMarkdown("```nolang\n<b>\n```")).toBe(
			'<pre class="md-code"><code class="language-nolang">&lt;b&gt;</code></pre>',
		);
		expect(renderMarkdown("~~~\nunclosed")).toBe('<pre class="md-code"><code>unclosed</code></pre>');
	});

	it("renders headings from h3 down", () => {
		expect(renderMarkdown("# Title\n### Sub")).toBe("<h3>Title</h3>\n<h5>Sub</h5>");
	});

	it("renders unordered, ordered and nested lists", () => {
		const nested = renderMarkdown("- a\n- b\n  - c\n- d");
		expect(nested).toMatch(/^<ul>\n<li>a<\/li>\n<li>b<ul>\n<li>c<\/li>\n<\/ul>\n<\/li>\n<li>d<\/li>\n<\/ul>$/);
		expect(renderMarkdown("3. x\n4. y")).toBe('<ol start="3">\n<li>x</li>\n<li>y</li>\n</ol>');
		expect(renderMarkdown("Steps:\n\n- one")).toBe("<p>Steps:</p>\n<ul>\n<li>one</li>\n</ul>");
	});

	it("renders block quotes, rules and tables", () => {
		expect(renderMarkdown("> quoted **bold**")).toBe(
			"<blockquote>\n<p>quoted <strong>bold</strong></p>\n</blockquote>",
		);
		expect(renderMarkdown("a\n\n---\n\nb")).toBe("<p>a</p>\n<hr>\n<p>b</p>");
		expect(renderMarkdown("| a | b |\n|---|:-:|\n| `1` | 2 |")).toBe(
			'<div class="md-table"><table><thead><tr><th>a</th><th style="text-align:center">b</th></tr></thead><tbody><tr><td><code>1</code></td><td style="text-align:center">2</td></tr></tbody></table></div>',
		);
	});

	it("shows raw HTML as text", () => {
		const html = renderMarkdown('<script>alert(1)</script>\n<img src="x" onerror="alert(2)">');
		expect(html).not.toMatch(/<script|<img/i);
		expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
		expect(html).toContain("&lt;img src=&quot;x&quot; onerror=&quot;alert(2)&quot;&gt;");
		const inline = renderMarkdown('text <b onclick="x()">bold</b> <iframe src="https://evil.example"></iframe>');
		expect(inline).not.toMatch(/<b |<iframe/i);
	});

	it("survives hostile nesting without deep recursion", () => {
		expect(() => renderMarkdown(">".repeat(20000))).not.toThrow();
		const nested = Array.from({ length: 400 }, (_unused, depth) => `${" ".repeat(depth * 2)}- item`).join("\n");
		expect(renderMarkdown(nested)).toContain("item");
		expect(renderMarkdown(nested)).not.toContain("<ul");
	});
});

describe("renderInlineMarkdown", () => {
	it("renders bold, italic, strikethrough and inline code", () => {
		expect(renderInlineMarkdown("**b** *i* _j_ __c__ ~~s~~ `x`")).toBe(
			"<strong>b</strong> <em>i</em> <em>j</em> <strong>c</strong> <del>s</del> <code>x</code>",
		);
	});

	it("leaves code spans, snake_case and arithmetic alone", () => {
		expect(renderInlineMarkdown("`**not bold** <b>`")).toBe("<code>**not bold** &lt;b&gt;</code>");
		expect(renderInlineMarkdown("use snake_case_name")).toBe("use snake_case_name");
		expect(renderInlineMarkdown("2 * 3 * 4")).toBe("2 * 3 * 4");
		expect(renderInlineMarkdown("**see `a_b`**")).toBe("<strong>see <code>a_b</code></strong>");
	});

	it("links only absolute http(s) URLs, never loading anything", () => {
		expect(renderInlineMarkdown("[docs](https://example.com/a_b?x=1&y=2)")).toBe(
			'<a href="https://example.com/a_b?x=1&amp;y=2" rel="noopener noreferrer nofollow" target="_blank">docs</a>',
		);
		expect(renderInlineMarkdown("[x](javascript:alert(1))")).not.toContain("<a");
		expect(renderInlineMarkdown("[x](data:text/html,hi)")).toBe("[x](data:text/html,hi)");
		expect(renderInlineMarkdown("[x](//evil.example/a)")).toBe("[x](//evil.example/a)");
		expect(renderInlineMarkdown("![img](https://example.com/p.png)")).not.toContain("<img");
		expect(renderInlineMarkdown('[x](https://a.example/"onmouseover="alert(1))')).not.toContain('"onmouseover');
		expect(renderInlineMarkdown("<https://example.com>")).toContain('href="https://example.com"');
	});
});
