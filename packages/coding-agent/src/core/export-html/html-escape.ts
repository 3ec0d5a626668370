const HTML_ESCAPES: Record<string, string> = {
	"&": "&amp;",
	"<": "&lt;",
	">": "&gt;",
	'"': "&quot;",
	"'": "&#39;",
};

/**
 * Escapes text for use in HTML element content and in quoted attribute values. Session content
 * is untrusted: everything written into the export goes through here or through a renderer that
 * calls it.
 */
export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * Returns the URL when it is an absolute http(s) URL safe to put in an `href`, else undefined.
 * Anything else (javascript:, data:, relative, protocol-relative) is refused so a link in the
 * transcript can only ever navigate to a web page when clicked, never load or run anything.
 */
export function safeHttpUrl(url: string): string | undefined {
	const trimmed = url.trim();
	if (!/^https?:\/\/[^\s/?#]+/i.test(trimmed)) return undefined;
	if (/[\s<>"'`\\]/.test(trimmed)) return undefined;
	return trimmed;
}
