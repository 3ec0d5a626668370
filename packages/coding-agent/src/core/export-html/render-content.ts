import type { ImageContent, TextContent, ThinkingContent } from "@pi/ai";
import { escapeHtml } from "./html-escape.js";
import { renderMarkdown } from "./render-markdown.js";

/** Output longer than this many lines (or characters) starts collapsed. */
const COLLAPSE_LINES = 20;
const COLLAPSE_CHARS = 2000;

const IMAGE_MIME = /^image\/[a-z0-9.+-]+$/i;
const BASE64 = /^[A-Za-z0-9+/=\s]*$/;

/**
 * Renders a base64 image block as `<img src="data:…">`. Only `image/*` MIME types and base64
 * payloads are accepted; anything else becomes a visible placeholder, so no URL other than a
 * `data:` URI can ever reach a `src` attribute.
 */
export function renderImage(image: ImageContent): string {
	const mimeType = String(image.mimeType ?? "");
	const data = String(image.data ?? "");
	if (!IMAGE_MIME.test(mimeType) || !BASE64.test(data)) {
		return `<div class="image-invalid">[image omitted: unsupported data (${escapeHtml(mimeType || "no type")})]</div>`;
	}
	const source = `data:${mimeType.toLowerCase()};base64,${data.replace(/\s/g, "")}`;
	return `<img class="image" src="${source}" alt="${escapeHtml(`Image (${mimeType})`)}">`;
}

/** Renders user/custom/tool content (a string or text and image blocks); text as markdown. */
export function renderTextAndImages(content: string | readonly (TextContent | ImageContent)[]): string {
	if (typeof content === "string") return `<div class="markdown">${renderMarkdown(content)}</div>`;
	return content
		.map((block) =>
			block.type === "image" ? renderImage(block) : `<div class="markdown">${renderMarkdown(block.text)}</div>`,
		)
		.join("\n");
}

/** A thinking block, collapsed by default in a `<details>` element. */
export function renderThinking(block: ThinkingContent): string {
	const redacted = block.redacted === true || block.thinking.trim() === "";
	const title = redacted ? "Thinking (redacted)" : "Thinking";
	const body = redacted ? "" : `<div class="markdown">${renderMarkdown(block.thinking)}</div>`;
	return `<details class="thinking"><summary>${title}</summary>${body}</details>`;
}

/** True when text is long enough to start collapsed. */
export function isLongText(text: string): boolean {
	return text.length > COLLAPSE_CHARS || text.split("\n").length > COLLAPSE_LINES;
}

/**
 * Shows preformatted output: inline when short, else inside a closed `<details>` whose summary
 * states `title` and the line count.
 */
export function renderOutput(text: string, title: string): string {
	const pre = `<pre class="output"><code>${escapeHtml(text)}</code></pre>`;
	if (!isLongText(text)) return pre;
	const lineCount = text.split("\n").length;
	return `<details class="output-details"><summary>${escapeHtml(title)} (${lineCount} lines)</summary>${pre}</details>`;
}
