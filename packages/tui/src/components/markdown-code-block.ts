/**
 * Fenced and indented code blocks: a fence line with the language label, the highlighted
 * code indented and wrapped to the width (keeping every character), and a closing fence
 * line once the fence is closed (while a response is still streaming the block has none yet).
 */
import type { Tokens } from "marked";
import { highlightCode } from "../syntax-highlight.js";
import { truncateToWidth, visibleWidth } from "../text-width.js";
import { wrapCodeLine } from "../wrap-code.js";
import type { MarkdownTheme } from "./markdown-theme.js";

const DEFAULT_INDENT = "  ";

/** True when the block's closing fence has arrived (indented blocks are always complete). */
export function isCodeBlockClosed(token: Tokens.Code): boolean {
	if (token.codeBlockStyle === "indented") return true;
	const raw = token.raw.trimEnd();
	const fence = /^ {0,3}(`{3,}|~{3,})/.exec(token.raw)?.[1];
	if (!fence) return true;
	const lastLine = raw.slice(raw.lastIndexOf("\n") + 1).trim();
	return raw.includes("\n") && lastLine.startsWith(fence) && /^[`~]+$/.test(lastLine);
}

/** Highlighted complete lines of the fences being streamed, by theme, language and text. */
const streamingCache = new WeakMap<MarkdownTheme, Map<string, string[]>>();
const STREAMING_CACHE_SIZE = 8;

/**
 * An open fence grows by a token per render while a reply streams. Its complete lines are
 * highlighted once per new line (cached), and the line being written is shown plain until its
 * line break arrives, so a token costs no highlighter run.
 */
function highlightStreaming(
	code: string,
	language: string | undefined,
	theme: MarkdownTheme,
	highlight: (text: string) => string[],
): string[] {
	const lastBreak = code.lastIndexOf("\n");
	if (lastBreak < 0) return [theme.codeBlock(code)];
	const complete = code.slice(0, lastBreak);
	let cache = streamingCache.get(theme);
	if (!cache) {
		cache = new Map();
		streamingCache.set(theme, cache);
	}
	const key = `${language ?? ""}\0${complete}`;
	let lines = cache.get(key);
	if (!lines) {
		lines = highlight(complete);
		if (cache.size >= STREAMING_CACHE_SIZE) cache.delete(cache.keys().next().value ?? "");
		cache.set(key, lines);
	}
	return [...lines, theme.codeBlock(code.slice(lastBreak + 1))];
}

/** Renders a code block to lines of at most `width` cells. */
export function renderCodeBlock(token: Tokens.Code, width: number, theme: MarkdownTheme): string[] {
	const language = token.lang?.trim() || undefined;
	const indent = theme.codeBlockIndent ?? DEFAULT_INDENT;
	const code = token.text.replace(/\t/g, "    ");
	const highlight = (text: string): string[] =>
		theme.highlightCode
			? theme.highlightCode(text, language)
			: highlightCode(text, language, theme.syntax).map((line) => theme.codeBlock(line));
	const highlighted = isCodeBlockClosed(token) ? highlight(code) : highlightStreaming(code, language, theme, highlight);
	const codeWidth = Math.max(1, width - visibleWidth(indent));
	const lines: string[] = [];
	const fenced = token.codeBlockStyle !== "indented";
	if (fenced) lines.push(theme.codeBlockBorder(truncateToWidth(`\`\`\`${language ?? ""}`, width)));
	// A fence that has only just opened (mid-stream) has no code lines yet.
	const codeLines = token.text.length === 0 ? [] : highlighted;
	for (const line of codeLines) {
		// Code keeps every space where it wraps (wrapTextWithAnsi drops them, as prose should).
		for (const wrapped of wrapCodeLine(line, codeWidth)) lines.push(indent + wrapped);
	}
	if (fenced && isCodeBlockClosed(token)) lines.push(theme.codeBlockBorder("```"));
	return lines;
}
