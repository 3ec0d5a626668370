/** Test helpers that look inside an exported HTML document with plain string scanning. */

/** The document without the contents of its `<script>` elements. */
export function withoutScripts(html: string): string {
	return html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/gi, "$1</script>");
}

/** Every start tag of the document (script contents excluded), e.g. `<img class="image" src="…">`. */
export function startTags(html: string): string[] {
	return withoutScripts(html).match(/<[a-zA-Z][^>]*>/g) ?? [];
}

/** The HTML between the first `open` marker and the next `close` marker after it. */
export function sliceBetween(html: string, open: string, close: string): string {
	const start = html.indexOf(open);
	if (start < 0) throw new Error(`Marker not found: ${open}`);
	const end = html.indexOf(close, start);
	if (end < 0) throw new Error(`Marker not found: ${close}`);
	return html.slice(start, end + close.length);
}

/** The transcript section of an export. */
export function transcriptOf(html: string): string {
	return sliceBetween(html, '<section class="transcript"', "</section>");
}

/** The tree panel of an export. */
export function treeOf(html: string): string {
	return sliceBetween(html, '<aside class="tree-panel"', "</aside>");
}

/** Visible-ish text: tags dropped, the five entities decoded. */
export function textOf(html: string): string {
	return withoutScripts(html)
		.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, "")
		.replace(/<[^>]*>/g, "")
		.replace(/&lt;/g, "<")
		.replace(/&gt;/g, ">")
		.replace(/&quot;/g, '"')
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, "&");
}

/**
 * Every reference in the document that would make a browser fetch something: `src`/`srcset`/
 * `poster`/`data` attributes not holding a `data:` URI, `href` outside `<a>` elements, `<link>`,
 * `<base>`, `<iframe>`, `<object>`, `<embed>`, and `@import` / `url(` in styles. Text content is
 * not scanned (a message may well talk about `@import url(http://…)`).
 */
export function externalResourceReferences(html: string): string[] {
	const found: string[] = [];
	for (const tag of startTags(html)) {
		if (/^<(link|base|iframe|object|embed|video|audio|source|frame)\b/i.test(tag)) found.push(tag);
		for (const match of tag.matchAll(
			/\s(src|srcset|poster|data|background|action|formaction)\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi,
		)) {
			if (!/^["']?data:image\//i.test(match[2] ?? "")) found.push(tag);
		}
		if (!/^<a\s/i.test(tag) && /\shref\s*=/i.test(tag)) found.push(tag);
		if (/\sstyle\s*=[^>]*url\s*\(/i.test(tag)) found.push(tag);
	}
	for (const style of html.match(/<style\b[^>]*>[\s\S]*?<\/style>/gi) ?? []) {
		if (/@import|url\s*\(/i.test(style)) found.push(style.slice(0, 80));
	}
	for (const match of html.matchAll(/\bsrc\s*=\s*["']?\s*(?:https?:)?\/\//gi)) found.push(match[0]);
	for (const match of html.matchAll(/<(?!a\s)[^>]*\bhref\s*=\s*["']?\s*(?:https?:)?\/\//gi)) found.push(match[0]);
	return found;
}
