import { eastAsianWidth } from "get-east-asian-width";
import { ansiSequenceLength, HYPERLINK_CLOSE, isHyperlinkClose, isHyperlinkSequence, SGR_RESET } from "./ansi.js";

/**
 * Terminal cell widths of text: ANSI-aware, grapheme-based (Intl.Segmenter), East Asian wide
 * characters and emoji count 2, combining marks and zero-width characters count 0.
 * A tab counts as {@link TAB_WIDTH} cells; the renderer expands tabs to that many spaces.
 */

/** Cells a tab occupies; the renderer replaces tabs by this many spaces. */
export const TAB_WIDTH = 3;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]+$/u;
const EMOJI_PRESENTATION = /\p{Emoji_Presentation}/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const REGIONAL_INDICATOR = /\p{Regional_Indicator}/u;
const KEYCAP = "\u20e3";
const widthCache = new Map<string, number>();

/** The width in cells of one grapheme cluster (no escape sequences). */
export function graphemeWidth(grapheme: string): number {
	const code = grapheme.charCodeAt(0);
	if (grapheme.length === 1 && code >= 0x20 && code < 0x7f) return 1;
	if (grapheme === "\t") return TAB_WIDTH;
	const cached = widthCache.get(grapheme);
	if (cached !== undefined) return cached;
	const width = computeGraphemeWidth(grapheme);
	if (widthCache.size > 4096) widthCache.clear();
	widthCache.set(grapheme, width);
	return width;
}

function computeGraphemeWidth(grapheme: string): number {
	if (ZERO_WIDTH.test(grapheme)) return 0;
	// Emoji: a VS16 presentation selector, a ZWJ sequence of pictographs, a flag (regional
	// indicator pair) or a keycap all render as one double-width glyph in modern terminals.
	if (EMOJI_PRESENTATION.test(grapheme) || REGIONAL_INDICATOR.test(grapheme) || grapheme.includes(KEYCAP)) return 2;
	if (grapheme.includes("\ufe0f") && PICTOGRAPHIC.test(grapheme)) return 2;
	const codePoint = grapheme.codePointAt(0) ?? 0;
	return eastAsianWidth(codePoint, { ambiguousAsWide: false });
}

/** Splits plain text (no escape sequences) into grapheme clusters. */
export function splitGraphemes(text: string): string[] {
	const result: string[] = [];
	for (const { segment } of segmenter.segment(text)) result.push(segment);
	return result;
}

function isPlainAscii(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x20 || code >= 0x7f) return false;
	}
	return true;
}

/**
 * A piece of ANSI text: either an escape sequence (width 0) or one grapheme cluster.
 * Yielded in order by {@link tokenizeAnsi}.
 */
export interface AnsiToken {
	/** The raw characters. */
	text: string;
	/** True for an escape sequence. */
	isEscape: boolean;
	/** Width in cells (0 for escape sequences). */
	width: number;
}

/** Splits `text` into escape sequences and grapheme clusters with their widths. */
export function tokenizeAnsi(text: string): AnsiToken[] {
	const tokens: AnsiToken[] = [];
	let index = 0;
	while (index < text.length) {
		const escapeLength = ansiSequenceLength(text, index);
		if (escapeLength > 0) {
			tokens.push({ text: text.slice(index, index + escapeLength), isEscape: true, width: 0 });
			index += escapeLength;
			continue;
		}
		let end = text.indexOf("\x1b", index + 1);
		if (end === -1) end = text.length;
		for (const grapheme of splitGraphemes(text.slice(index, end))) {
			tokens.push({ text: grapheme, isEscape: false, width: graphemeWidth(grapheme) });
		}
		index = end;
	}
	return tokens;
}

/** The number of terminal cells `text` occupies, ignoring escape sequences. */
export function visibleWidth(text: string): number {
	if (isPlainAscii(text)) return text.length;
	let width = 0;
	for (const token of tokenizeAnsi(text)) width += token.width;
	return width;
}

/**
 * Cuts `text` to at most `maxWidth` cells, ending with `ellipsis` when something was cut.
 * Escape sequences are kept, so styles stay intact; when the text contained any, the result
 * ends with an SGR reset (and closes an open hyperlink). Text that fits is returned unchanged.
 * A wide character that would straddle the limit is dropped rather than split.
 */
export function truncateToWidth(text: string, maxWidth: number, ellipsis = "…"): string {
	if (maxWidth <= 0) return "";
	if (visibleWidth(text) <= maxWidth) return text;
	let ellipsisText = ellipsis;
	let ellipsisWidth = visibleWidth(ellipsis);
	if (ellipsisWidth > maxWidth) {
		ellipsisText = truncateToWidth(ellipsis, maxWidth, "");
		ellipsisWidth = visibleWidth(ellipsisText);
	}
	const target = maxWidth - ellipsisWidth;
	let result = "";
	let width = 0;
	let sawEscape = false;
	let hyperlinkOpen = false;
	for (const token of tokenizeAnsi(text)) {
		if (token.isEscape) {
			sawEscape = true;
			if (isHyperlinkSequence(token.text)) hyperlinkOpen = !isHyperlinkClose(token.text);
			result += token.text;
			continue;
		}
		if (width + token.width > target) break;
		result += token.text;
		width += token.width;
	}
	result += ellipsisText;
	if (hyperlinkOpen) result += HYPERLINK_CLOSE;
	if (sawEscape) result += SGR_RESET;
	return result;
}

/**
 * Returns the part of `text` covering cells `[start, start + length)`.
 * Every escape sequence before the end of the slice is kept (so the styles active at `start`
 * still apply); no reset is appended. A wide character cut by either edge becomes spaces so
 * the slice keeps its column alignment. The result may be narrower when `text` is shorter.
 */
export function sliceByColumn(text: string, start: number, length: number): string {
	const end = start + length;
	let result = "";
	let column = 0;
	for (const token of tokenizeAnsi(text)) {
		if (token.isEscape) {
			if (column < end) result += token.text;
			continue;
		}
		const tokenEnd = column + token.width;
		if (column >= end) break;
		if (column >= start && tokenEnd <= end) result += token.text;
		else if (tokenEnd > start && token.width > 0)
			result += " ".repeat(Math.min(tokenEnd, end) - Math.max(column, start));
		column = tokenEnd;
	}
	return result;
}

/** Pads `text` with spaces on the right to exactly `width` cells (truncating when wider). */
export function padToWidth(text: string, width: number): string {
	const current = visibleWidth(text);
	if (current > width) return truncateToWidth(text, width, "");
	return text + " ".repeat(width - current);
}
