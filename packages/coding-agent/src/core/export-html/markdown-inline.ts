import { escapeHtml, safeHttpUrl } from "./html-escape.js";

// Code spans first (their content is literal), then links: both are swapped for placeholders so
// the emphasis rules never reach inside them (e.g. `a_b_c` in a URL or in code). The placeholder
// delimiter is a private-use character; one occurring in the input is stashed as itself.
const MARK = "\uE000";
const CODE_LINK_OR_MARK = /(`+)([\s\S]*?[^`])\1(?!`)|\[([^\]\n]+)\]\(([^()\s]+)(?:\s+"[^"\n]*")?\)|\uE000/g;
const PLACEHOLDER = /\uE000(\d+)\uE000/g;

/** Wraps `**bold**`, `__bold__`, `*italic*`, `_italic_` and `~~strike~~` in already-escaped HTML. */
function formatEmphasis(escaped: string): string {
	return escaped
		.replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "<strong>$1</strong>")
		.replace(/(^|[^\w])__(?=\S)([\s\S]*?\S)__(?!\w)/g, "$1<strong>$2</strong>")
		.replace(/\*(?=[^\s*])([^*\n]*?[^\s*])\*/g, (match, inner: string, offset: number, whole: string) =>
			isEmphasisStart(whole, offset) ? `<em>${inner}</em>` : match,
		)
		.replace(/(^|[^\w])_(?=[^\s_])([^_\n]*?[^\s_])_(?!\w)/g, "$1<em>$2</em>")
		.replace(/~~(?=\S)([\s\S]*?\S)~~/g, "<del>$1</del>");
}

/** A single `*` only opens emphasis when it does not sit inside a word like `2*3*4`. */
function isEmphasisStart(text: string, offset: number): boolean {
	const before = offset > 0 ? text[offset - 1] : "";
	return before === "" || !/[0-9A-Za-z]/.test(before ?? "");
}

/** Strips one leading and trailing space from a code span, as CommonMark does. */
function trimCodeSpan(code: string): string {
	return /^ .* $/s.test(code) && code.trim() !== "" ? code.slice(1, -1) : code;
}

function renderLink(match: string, label: string, url: string): string {
	const href = safeHttpUrl(url);
	if (!href) return escapeHtml(match);
	const text = formatEmphasis(escapeHtml(label));
	return `<a href="${escapeHtml(href)}" rel="noopener noreferrer nofollow" target="_blank">${text}</a>`;
}

/**
 * Renders one paragraph's inline markdown to HTML: code spans, bold, italic, strikethrough and
 * links. Every character of the input is escaped; links become `<a>` only for absolute http(s)
 * URLs (others stay literal text). Line breaks become `<br>`. Never produces elements that load
 * anything.
 */
export function renderInlineMarkdown(text: string): string {
	const stashed: string[] = [];
	const stash = (html: string): string => `${MARK}${stashed.push(html) - 1}${MARK}`;
	const withPlaceholders = text.replace(
		CODE_LINK_OR_MARK,
		(
			match,
			fence: string | undefined,
			code: string | undefined,
			label: string | undefined,
			url: string | undefined,
		) => {
			if (match === MARK) return stash(MARK);
			if (fence !== undefined && code !== undefined) return stash(`<code>${escapeHtml(trimCodeSpan(code))}</code>`);
			return stash(renderLink(match, label ?? "", url ?? ""));
		},
	);
	const html = formatEmphasis(escapeHtml(withPlaceholders)).replace(/\n/g, "<br>\n");
	return html.replace(PLACEHOLDER, (_match, index: string) => stashed[Number(index)] ?? "");
}
