import { highlightCodeHtml } from "@pi/tui";
import { Marked, type Tokens } from "marked";
import { escapeHtml, safeHttpUrl } from "./html-escape.js";

// Nesting deeper than this (only hostile input gets there) is shown as text: marked recurses per
// level of block quote or list, and the export must survive any session file.
const MAX_NESTING = 12;

/** The language label of a fence, sanitised: word characters and `+#.-`, at most 32. */
export function fenceLanguage(info: string | undefined): string {
	return (/^[\w+#.-]*/.exec(info?.trim() ?? "")?.[0] ?? "").slice(0, 32);
}

/** A code block, highlighted by highlight.js when the language is known (escaped either way). */
export function renderCodeHtml(code: string, language: string | undefined): string {
	const label = fenceLanguage(language);
	const highlighted = label ? highlightCodeHtml(code, label) : undefined;
	const languageClass = label ? ` class="language-${escapeHtml(label)}${highlighted ? " hljs" : ""}"` : "";
	return `<pre class="md-code"><code${languageClass}>${highlighted ?? escapeHtml(code)}</code></pre>`;
}

// The export's markdown: marked (GFM, single line breaks kept) with every renderer that could
// emit markup from the input replaced. Raw HTML is shown as text, links only go to absolute
// http(s) URLs, images are never loaded (shown as their markdown), nothing else carries a URL.
const marked = new Marked({
	gfm: true,
	breaks: true,
	async: false,
	renderer: {
		html(token: Tokens.HTML | Tokens.Tag): string {
			return escapeHtml(token.text);
		},
		link(token: Tokens.Link): string {
			const href = safeHttpUrl(token.href);
			if (!href) return escapeHtml(token.raw);
			return `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">${this.parser.parseInline(token.tokens)}</a>`;
		},
		image(token: Tokens.Image): string {
			return escapeHtml(token.raw);
		},
		code(token: Tokens.Code): string {
			return renderCodeHtml(token.text, token.lang);
		},
		heading(token: Tokens.Heading): string {
			// Message headings sit below the page's own h1/h2, so they start at h3.
			const level = Math.min(token.depth + 2, 6);
			return `<h${level}>${this.parser.parseInline(token.tokens)}</h${level}>\n`;
		},
		table(token: Tokens.Table): string {
			const cell = (item: Tokens.TableCell, tag: "th" | "td"): string =>
				`<${tag}${item.align ? ` style="text-align:${item.align}"` : ""}>${this.parser.parseInline(item.tokens)}</${tag}>`;
			const head = `<tr>${token.header.map((item) => cell(item, "th")).join("")}</tr>`;
			const body = token.rows.map((row) => `<tr>${row.map((item) => cell(item, "td")).join("")}</tr>`).join("");
			return `<div class="md-table"><table><thead>${head}</thead><tbody>${body}</tbody></table></div>\n`;
		},
	},
});

/** How deeply block quotes and list items nest, counted cheaply from the line prefixes. */
function nestingDepth(markdown: string): number {
	let deepest = 0;
	for (const line of markdown.split("\n")) {
		const quotes = /^[\s>]*/.exec(line)?.[0].split(">").length ?? 1;
		const indent = (/^ */.exec(line)?.[0].length ?? 0) / 2;
		deepest = Math.max(deepest, quotes - 1, /^\s*([-*+]|\d+[.)])\s/.test(line) ? indent + 1 : 0);
		if (deepest > MAX_NESTING) return deepest;
	}
	return deepest;
}

/** Renders untrusted markdown to safe HTML (see the renderer above). */
export function renderMarkdown(markdown: string): string {
	if (nestingDepth(markdown) > MAX_NESTING) return `<p class="md-plain">${escapeHtml(markdown)}</p>`;
	return (marked.parse(markdown) as string).trim();
}

/** Renders one line of untrusted inline markdown (emphasis, code, links) to safe HTML. */
export function renderInlineMarkdown(markdown: string): string {
	return marked.parseInline(markdown) as string;
}
