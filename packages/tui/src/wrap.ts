import { isSgrSequence } from "./ansi.js";
import { SgrState } from "./sgr-state.js";
import { type AnsiToken, tokenizeAnsi } from "./text-width.js";

/**
 * Word-wraps ANSI text to `width` cells.
 *
 * - `\n` starts a new line; an empty input line yields an empty output line.
 * - Breaks at spaces; the spaces at a break are dropped. A word wider than `width` is broken
 *   between grapheme clusters (a wide character never straddles the edge).
 * - Styles survive breaks: each continuation line starts with the SGR attributes active at
 *   that point, and a line that ends inside an underline closes it (`ESC[24m`) so the underline
 *   does not run into padding.
 * - Every returned line is at most `width` cells wide (for `width >= 2`).
 */
export function wrapTextWithAnsi(text: string, width: number): string[] {
	const safeWidth = Math.max(1, Math.floor(width));
	const state = new SgrState();
	const result: string[] = [];
	for (const inputLine of text.split("\n")) {
		const prefix = state.toSequence();
		for (const line of wrapLine(tokenizeAnsi(inputLine), safeWidth, state, prefix)) result.push(line);
	}
	return result;
}

type Word = { tokens: AnsiToken[]; width: number; isSpace: boolean };

function splitWords(tokens: AnsiToken[]): Word[] {
	const words: Word[] = [];
	let current: Word | undefined;
	for (const token of tokens) {
		if (token.isEscape) {
			// Escapes join the word they precede (or end the word they follow).
			if (!current || (current.isSpace && current.width > 0)) {
				if (current) words.push(current);
				current = { tokens: [], width: 0, isSpace: false };
			}
			current.tokens.push(token);
			continue;
		}
		const isSpace = token.text === " ";
		if (!current || (current.width > 0 && current.isSpace !== isSpace)) {
			if (current) words.push(current);
			current = { tokens: [], width: 0, isSpace };
		}
		if (current.width === 0) current.isSpace = isSpace;
		current.tokens.push(token);
		current.width += token.width;
	}
	if (current) words.push(current);
	return words;
}

function wrapLine(tokens: AnsiToken[], width: number, state: SgrState, prefix: string): string[] {
	const lines: string[] = [];
	let line = prefix;
	let lineWidth = 0;
	let pendingSpace: AnsiToken[] = [];
	const breakLine = (): void => {
		if (state.hasUnderline()) line += "\x1b[24m";
		lines.push(line);
		line = state.toSequence();
		lineWidth = 0;
		pendingSpace = [];
	};
	const appendToken = (token: AnsiToken): void => {
		if (token.isEscape && isSgrSequence(token.text)) state.apply(token.text);
		line += token.text;
		lineWidth += token.width;
	};
	for (const word of splitWords(tokens)) {
		if (word.isSpace) {
			// Hold spaces until the next word shows whether they end the line or stay inside it.
			for (const token of word.tokens) {
				if (token.isEscape) appendToken(token);
				else pendingSpace.push(token);
			}
			continue;
		}
		const spaceWidth = pendingSpace.reduce((sum, token) => sum + token.width, 0);
		if (lineWidth > 0 && lineWidth + spaceWidth + word.width > width) breakLine();
		else if (lineWidth + spaceWidth + word.width <= width) for (const token of pendingSpace) appendToken(token);
		else if (lineWidth === 0 && spaceWidth > 0) for (const token of pendingSpace) appendToken(token);
		pendingSpace = [];
		for (const token of word.tokens) {
			if (!token.isEscape && lineWidth + token.width > width && lineWidth > 0) breakLine();
			appendToken(token);
		}
	}
	// Trailing spaces are kept when they fit (they may be meaningful, e.g. "> " prompts).
	for (const token of pendingSpace) {
		if (lineWidth + token.width > width) break;
		appendToken(token);
	}
	if (state.hasUnderline()) line += "\x1b[24m";
	lines.push(line);
	return lines;
}
