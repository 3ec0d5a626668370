import { isSgrSequence } from "./ansi.js";
import { SgrState } from "./sgr-state.js";
import { type AnsiToken, tokenizeAnsi } from "./text-width.js";

function isBlank(token: AnsiToken): boolean {
	return !token.isEscape && (token.text === " " || token.text === "\t");
}

/** Splits one line's tokens into rows of at most `width` cells, keeping every token. */
function splitRows(tokens: AnsiToken[], width: number): AnsiToken[][] {
	const rows: AnsiToken[][] = [];
	let row: AnsiToken[] = [];
	let rowWidth = 0;
	// Index in `row` just after the last blank that follows visible text: the preferred break.
	let breakAfter = -1;
	let seenText = false;
	const startRow = (carry: AnsiToken[]): void => {
		rows.push(row);
		row = carry;
		rowWidth = carry.reduce((sum, token) => sum + token.width, 0);
		breakAfter = -1;
		seenText = carry.some((token) => token.width > 0 && !isBlank(token));
	};
	for (const token of tokens) {
		if (token.width > 0 && rowWidth > 0 && rowWidth + token.width > width) {
			// Move the overflowing word to the next row when it fits there; otherwise cut it here.
			const wordWidth = breakAfter > 0 ? row.slice(breakAfter).reduce((sum, item) => sum + item.width, 0) : 0;
			const moveWord = !isBlank(token) && breakAfter > 0 && wordWidth > 0 && wordWidth + token.width <= width;
			startRow(moveWord ? row.splice(breakAfter) : []);
		}
		row.push(token);
		rowWidth += token.width;
		if (isBlank(token) && seenText) breakAfter = row.length;
		else if (token.width > 0 && !isBlank(token)) seenText = true;
	}
	rows.push(row);
	return rows;
}

/**
 * Wraps one line of (ANSI-styled) code to rows of at most `width` cells without losing a
 * character: unlike {@link wrapTextWithAnsi}, the spaces at a break stay (at the end of the
 * row), so the rows joined give back the line exactly. Breaks go after the last space that
 * follows text when the next word fits on the new row; otherwise the line is cut between
 * graphemes (a wide character never straddles the edge). Each row starts with the styles
 * active at its start, and a row that ends inside an underline closes it.
 */
export function wrapCodeLine(line: string, width: number): string[] {
	const safeWidth = Math.max(1, Math.floor(width));
	const state = new SgrState();
	return splitRows(tokenizeAnsi(line), safeWidth).map((row, index) => {
		let text = index === 0 ? "" : state.toSequence();
		for (const token of row) {
			if (token.isEscape && isSgrSequence(token.text)) state.apply(token.text);
			text += token.text;
		}
		return state.hasUnderline() ? `${text}\x1b[24m` : text;
	});
}
