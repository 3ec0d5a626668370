import { escapeHtml } from "./html-escape.js";
import { renderInlineMarkdown } from "./markdown-inline.js";
import { isTableStart, renderTable } from "./markdown-table.js";

/** One rendered block and the index of the first line after it. */
interface Block {
	html: string;
	next: number;
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)[^`]*$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)])(?: +|$)(.*)$/;
// Nesting deeper than this (only hostile input gets there) is rendered as plain paragraphs, so
// the recursion over quotes and list items stays shallow.
const MAX_DEPTH = 12;

function leadingSpaces(line: string): number {
	return line.length - line.trimStart().length;
}

function startsBlock(lines: readonly string[], index: number): boolean {
	const line = lines[index] ?? "";
	return (
		FENCE_OPEN.test(line) ||
		HEADING.test(line) ||
		QUOTE.test(line) ||
		RULE.test(line) ||
		LIST_ITEM.test(line) ||
		isTableStart(lines, index)
	);
}

function parseFence(lines: readonly string[], start: number): Block | undefined {
	const open = FENCE_OPEN.exec(lines[start] ?? "");
	if (!open) return undefined;
	const marker = open[1] ?? "```";
	const language = (/^[\w+#.-]*/.exec(open[2] ?? "")?.[0] ?? "").slice(0, 32);
	const body: string[] = [];
	let next = start + 1;
	while (next < lines.length && !isFenceClose(lines[next] ?? "", marker)) body.push(lines[next++] ?? "");
	const languageClass = language ? ` class="language-${escapeHtml(language)}"` : "";
	return {
		html: `<pre class="md-code"><code${languageClass}>${escapeHtml(body.join("\n"))}</code></pre>`,
		next: next + 1,
	};
}

function isFenceClose(line: string, marker: string): boolean {
	const trimmed = line.trim();
	return trimmed.length >= marker.length && trimmed[0] === marker[0] && /^(`+|~+)$/.test(trimmed);
}

function parseHeading(lines: readonly string[], start: number): Block | undefined {
	const heading = HEADING.exec(lines[start] ?? "");
	if (!heading) return undefined;
	// Message headings sit below the page's own h1/h2, so they start at h3.
	const level = Math.min((heading[1] ?? "#").length + 2, 6);
	return { html: `<h${level}>${renderInlineMarkdown(heading[2] ?? "")}</h${level}>`, next: start + 1 };
}

function parseRule(lines: readonly string[], start: number): Block | undefined {
	return RULE.test(lines[start] ?? "") ? { html: "<hr>", next: start + 1 } : undefined;
}

function parseQuote(lines: readonly string[], start: number, depth: number): Block | undefined {
	const inner: string[] = [];
	let next = start;
	while (next < lines.length && QUOTE.test(lines[next] ?? "")) inner.push((lines[next++] ?? "").replace(QUOTE, ""));
	if (inner.length === 0) return undefined;
	return { html: `<blockquote>${renderBlocks(inner, depth + 1)}</blockquote>`, next };
}

function nextNonBlank(lines: readonly string[], from: number): number | undefined {
	for (let index = from; index < lines.length; index++) if ((lines[index] ?? "").trim() !== "") return index;
	return undefined;
}

/** Collects an item's continuation lines (deeper-indented or lazy), dedented, into `body`. */
function collectItemBody(
	lines: readonly string[],
	from: number,
	indent: number,
	contentIndent: number,
	body: string[],
): number {
	let next = from;
	while (next < lines.length) {
		const line = lines[next] ?? "";
		if (line.trim() === "") {
			const following = nextNonBlank(lines, next);
			if (following === undefined || leadingSpaces(lines[following] ?? "") <= indent + 1) return next;
			body.push("");
		} else if (leadingSpaces(line) > indent + 1) {
			body.push(line.slice(Math.min(leadingSpaces(line), contentIndent)));
		} else if (LIST_ITEM.test(line) || body.at(-1) === "" || startsBlock(lines, next)) {
			return next;
		} else {
			body.push(line.trim());
		}
		next++;
	}
	return next;
}

function isSiblingItem(line: string, indent: number, ordered: boolean): boolean {
	const item = LIST_ITEM.exec(line);
	return item !== null && (item[1] ?? "").length <= indent + 1 && /\d/.test(item[2] ?? "") === ordered;
}

function renderItem(body: readonly string[], depth: number): string {
	const blocks = renderBlockList(body, depth + 1);
	// Tight items (no blank lines) show their paragraphs without <p> margins.
	const tight = !body.includes("");
	return blocks.map((block) => (tight && block.startsWith("<p>") ? block.slice(3, -4) : block)).join("\n");
}

function parseList(lines: readonly string[], start: number, depth: number): Block | undefined {
	const first = LIST_ITEM.exec(lines[start] ?? "");
	if (!first) return undefined;
	const indent = (first[1] ?? "").length;
	const ordered = /\d/.test(first[2] ?? "");
	const items: string[] = [];
	let next = start;
	while (next < lines.length) {
		const following = nextNonBlank(lines, next);
		if (following === undefined || !isSiblingItem(lines[following] ?? "", indent, ordered)) break;
		const item = LIST_ITEM.exec(lines[following] ?? "");
		const contentIndent = (item?.[1] ?? "").length + (item?.[2] ?? "").length + 1;
		const body = [item?.[3] ?? ""];
		next = collectItemBody(lines, following + 1, indent, contentIndent, body);
		items.push(`<li>${renderItem(body, depth)}</li>`);
	}
	const startNumber = Number.parseInt(first[2] ?? "1", 10);
	const open = ordered ? (startNumber === 1 ? "<ol>" : `<ol start="${startNumber}">`) : "<ul>";
	return { html: `${open}\n${items.join("\n")}\n${ordered ? "</ol>" : "</ul>"}`, next };
}

function parseParagraph(lines: readonly string[], start: number): Block {
	const text: string[] = [lines[start] ?? ""];
	let next = start + 1;
	while (next < lines.length && (lines[next] ?? "").trim() !== "" && !startsBlock(lines, next)) {
		text.push(lines[next++] ?? "");
	}
	return { html: `<p>${renderInlineMarkdown(text.map((line) => line.trim()).join("\n"))}</p>`, next };
}

function parseBlock(lines: readonly string[], start: number, depth: number): Block {
	if (isTableStart(lines, start)) return renderTable(lines, start);
	return (
		parseFence(lines, start) ??
		parseHeading(lines, start) ??
		parseRule(lines, start) ??
		parseQuote(lines, start, depth) ??
		parseList(lines, start, depth) ??
		parseParagraph(lines, start)
	);
}

function renderBlockList(lines: readonly string[], depth: number): string[] {
	if (depth > MAX_DEPTH) return [`<p>${renderInlineMarkdown(lines.join("\n"))}</p>`];
	const blocks: string[] = [];
	let index = 0;
	while (index < lines.length) {
		if ((lines[index] ?? "").trim() === "") {
			index++;
			continue;
		}
		const block = parseBlock(lines, index, depth);
		blocks.push(block.html);
		index = Math.max(block.next, index + 1);
	}
	return blocks;
}

function renderBlocks(lines: readonly string[], depth: number): string {
	return renderBlockList(lines, depth).join("\n");
}

/**
 * Renders untrusted markdown to safe HTML: paragraphs, headings, fenced code (`<pre><code>`),
 * inline code, bold/italic/strikethrough, ordered and unordered (nested) lists, block quotes,
 * rules, tables, and links to absolute http(s) URLs. Raw HTML in the input is shown as text;
 * images are not loaded (`![alt](url)` stays text with a link).
 */
export function renderMarkdown(markdown: string): string {
	const lines = markdown
		.replace(/\r\n?/g, "\n")
		.split("\n")
		.map((line) => line.replace(/^\t+/, (tabs) => "    ".repeat(tabs.length)));
	return renderBlocks(lines, 0);
}
