/**
 * Soft wrap for the editor: each logical line is cut into visual lines (chunks) no wider than
 * the layout width, breaking after whitespace when possible and inside a word otherwise.
 * Chunk widths use terminal cell widths, so CJK and emoji count as two cells.
 */
import { graphemeWidth, splitGraphemes } from "../text-width.js";

/** One visual line: a `[start, end)` slice of logical line `line`. */
export interface VisualLine {
	line: number;
	start: number;
	end: number;
}

/** A chunk of one logical line, as UTF-16 offsets. */
export interface LineChunk {
	start: number;
	end: number;
}

function isPrintableAscii(text: string): boolean {
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		if (code < 0x20 || code >= 0x7f) return false;
	}
	return true;
}

/** Cuts one logical line into chunks of at most `width` cells (a lone wider grapheme gets its own chunk). */
export function wrapLine(line: string, width: number): LineChunk[] {
	const maxWidth = Math.max(1, width);
	// No code unit is wider than two cells except a tab, so short lines fit without measuring.
	if (line.length * 2 <= maxWidth && !line.includes("\t")) return [{ start: 0, end: line.length }];
	if (line.length <= maxWidth && isPrintableAscii(line)) return [{ start: 0, end: line.length }];
	let units: Unit[];
	if (isPrintableAscii(line)) units = asciiUnits(line);
	else if (isSingleUnitText(line)) units = codeUnitUnits(line);
	else units = graphemeUnits(line);
	return wrapUnits(units, line.length, maxWidth);
}

interface Unit {
	index: number;
	width: number;
	isSpace: boolean;
}

function asciiUnits(line: string): Unit[] {
	const units: Unit[] = new Array(line.length);
	for (let i = 0; i < line.length; i++) units[i] = { index: i, width: 1, isSpace: line.charCodeAt(i) === 32 };
	return units;
}

/**
 * True when every UTF-16 code unit of `line` is a grapheme cluster of its own: Latin, Greek,
 * Cyrillic, CJK ideographs, kana, Hangul syllables and full-width forms, without combining
 * marks. Such lines skip Intl.Segmenter, which is slow enough to matter for 10,000-line texts.
 */
function isSingleUnitText(line: string): boolean {
	for (let i = 0; i < line.length; i++) {
		const code = line.charCodeAt(i);
		if (code >= 0x20 && code < 0x7f) continue;
		if ((code >= 0xa0 && code < 0x300) || (code >= 0x370 && code < 0x483) || (code >= 0x48a && code < 0x530)) continue;
		if ((code >= 0x3000 && code < 0x302a) || (code >= 0x3030 && code < 0x3099) || (code >= 0x309b && code < 0x3100))
			continue;
		if ((code >= 0x4e00 && code < 0xa000) || (code >= 0xac00 && code < 0xd7a4)) continue;
		if ((code >= 0xff00 && code < 0xff9e) || (code >= 0xffa0 && code < 0xfff0)) continue;
		return false;
	}
	return true;
}

function codeUnitUnits(line: string): Unit[] {
	const units: Unit[] = new Array(line.length);
	for (let i = 0; i < line.length; i++) {
		const char = line[i] ?? "";
		units[i] = {
			index: i,
			width: graphemeWidth(char),
			isSpace: char === " " || char === "\u3000" || char === "\u00a0",
		};
	}
	return units;
}

function graphemeUnits(line: string): Unit[] {
	const units: Unit[] = [];
	let index = 0;
	for (const grapheme of splitGraphemes(line)) {
		units.push({ index, width: graphemeWidth(grapheme), isSpace: /^\s+$/u.test(grapheme) });
		index += grapheme.length;
	}
	return units;
}

function wrapUnits(units: Unit[], length: number, maxWidth: number): LineChunk[] {
	const chunks: LineChunk[] = [];
	let chunkStart = 0;
	let chunkWidth = 0;
	// Offset just after the last whitespace run that precedes a word: the preferred break.
	let breakAt = -1;
	let widthBeforeBreak = 0;
	for (let i = 0; i < units.length; i++) {
		const unit = units[i] as Unit;
		if (chunkWidth + unit.width > maxWidth && chunkWidth > 0) {
			if (canHang(units, i, chunkWidth, maxWidth)) {
				// One space may hang into the column the editor reserves for the cursor, so a
				// line breaks after "hello " rather than leaving a lone space on the next line.
				chunkWidth += unit.width;
				breakAt = (units[i + 1] as Unit).index;
				widthBeforeBreak = chunkWidth;
				continue;
			}
			if (breakAt > chunkStart && !unit.isSpace) {
				chunks.push({ start: chunkStart, end: breakAt });
				chunkStart = breakAt;
				chunkWidth -= widthBeforeBreak;
			} else {
				chunks.push({ start: chunkStart, end: unit.index });
				chunkStart = unit.index;
				chunkWidth = 0;
			}
			breakAt = -1;
		}
		chunkWidth += unit.width;
		if (!unit.isSpace && units[i - 1]?.isSpace && unit.index > chunkStart) {
			breakAt = unit.index;
			widthBeforeBreak = chunkWidth - unit.width;
		}
	}
	chunks.push({ start: chunkStart, end: length });
	return chunks;
}

/** A single width-1 space right after a word, at a full chunk, not ending the line. */
function canHang(units: Unit[], i: number, chunkWidth: number, maxWidth: number): boolean {
	const unit = units[i] as Unit;
	const previous = units[i - 1];
	const next = units[i + 1];
	return (
		unit.isSpace &&
		unit.width === 1 &&
		chunkWidth === maxWidth &&
		previous !== undefined &&
		!previous.isSpace &&
		next !== undefined &&
		!next.isSpace
	);
}
