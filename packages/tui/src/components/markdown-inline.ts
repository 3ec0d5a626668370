/**
 * Inline Markdown (emphasis, code spans, links…) rendered to one ANSI-styled string. Line
 * breaks (`<br>`, hard breaks, and soft breaks, which are kept as written) become `\n`.
 */
import type { Token, Tokens } from "marked";
import type { DefaultTextStyle, MarkdownTheme } from "./markdown-theme.js";

const OSC8_OPEN = (url: string): string => `\x1b]8;;${url}\x07`;
const OSC8_CLOSE = "\x1b]8;;\x07";

const NAMED_ENTITIES: Record<string, string> = {
	amp: "&",
	lt: "<",
	gt: ">",
	quot: '"',
	apos: "'",
	nbsp: "\u00a0",
};

/** Decodes the HTML entities marked leaves in text (`&amp;`, `&lt;`, `&#39;`, `&#x2014;`…). */
export function decodeEntities(text: string): string {
	if (!text.includes("&")) return text;
	return text.replace(/&(#x[\da-fA-F]+|#\d+|[a-zA-Z]+);/g, (entity, body: string) => {
		if (body.startsWith("#x")) return safeCodePoint(Number.parseInt(body.slice(2), 16)) ?? entity;
		if (body.startsWith("#")) return safeCodePoint(Number.parseInt(body.slice(1), 10)) ?? entity;
		return NAMED_ENTITIES[body] ?? entity;
	});
}

function safeCodePoint(code: number): string | undefined {
	return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

/** Builds the function applied to plain text runs from a {@link DefaultTextStyle}. */
export function textStyleFunction(theme: MarkdownTheme, style: DefaultTextStyle | undefined): (text: string) => string {
	if (!style) return (text) => text;
	return (text) => {
		let result = style.color ? style.color(text) : text;
		if (style.bold) result = theme.bold(result);
		if (style.italic) result = theme.italic(result);
		if (style.strikethrough) result = theme.strikethrough(result);
		if (style.underline) result = theme.underline(result);
		return result;
	};
}

/** What inline rendering needs. */
export interface InlineContext {
	theme: MarkdownTheme;
	/** Applied to plain text runs. */
	textStyle: (text: string) => string;
}

/** Renders inline tokens to a styled string. */
export function renderInline(tokens: readonly Token[] | undefined, context: InlineContext): string {
	if (!tokens) return "";
	let result = "";
	for (const token of tokens) result += renderInlineToken(token, context);
	return result;
}

function renderInlineToken(token: Token, context: InlineContext): string {
	const theme = context.theme;
	switch (token.type) {
		case "text":
			return "tokens" in token && token.tokens ? renderInline(token.tokens, context) : plain(token.text, context);
		case "escape":
			return context.textStyle(token.text);
		case "strong":
			return theme.bold(renderInline(token.tokens, context));
		case "em":
			return theme.italic(renderInline(token.tokens, context));
		case "del":
			return theme.strikethrough(renderInline(token.tokens, context));
		case "codespan":
			return theme.code(decodeEntities(token.text));
		case "br":
			return "\n";
		case "link":
			return renderLink(token as Tokens.Link, context);
		case "image":
			return renderImage(token as Tokens.Image, context);
		case "html":
			return /^<br\s*\/?>$/i.test(token.text.trim()) ? "\n" : context.textStyle(token.text);
		default:
			return "text" in token && typeof token.text === "string" ? plain(token.text, context) : "";
	}
}

function plain(text: string, context: InlineContext): string {
	return context.textStyle(decodeEntities(text));
}

function renderLink(token: Tokens.Link, context: InlineContext): string {
	const theme = context.theme;
	const label = renderInline(token.tokens, context);
	const href = token.href;
	const shownAsText = href === token.text || href === `mailto:${token.text}`;
	let result = theme.link(label);
	if (theme.hyperlinks && href) result = OSC8_OPEN(href) + result + OSC8_CLOSE;
	return shownAsText || !href ? result : `${result}${theme.linkUrl(` (${href})`)}`;
}

function renderImage(token: Tokens.Image, context: InlineContext): string {
	const alt = decodeEntities(token.text) || "image";
	return `${context.theme.link(`[${alt}]`)}${token.href ? context.theme.linkUrl(` (${token.href})`) : ""}`;
}
