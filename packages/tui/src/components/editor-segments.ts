/**
 * Cursor stepping inside one line of editor text: by grapheme cluster (so an emoji or a
 * letter with combining marks is one step) and by word. A paste marker counts as one unit.
 */
import { markerEndingAt, markerStartingAt } from "./paste-markers.js";

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const WHITESPACE = /^\s+$/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

/** What a grapheme is for word movement: runs of the same kind form one word. */
export type CharKind = "space" | "word" | "punctuation";

/** Classifies a grapheme cluster for word movement. */
export function charKind(grapheme: string): CharKind {
	if (WHITESPACE.test(grapheme)) return "space";
	return WORD_CHAR.test(grapheme) ? "word" : "punctuation";
}

/** Offset of the grapheme (or paste marker) boundary before `col`; 0 at the start. */
export function previousBoundary(line: string, col: number): number {
	if (col <= 0) return 0;
	const marker = markerEndingAt(line, col);
	if (marker) return marker.start;
	const code = line.charCodeAt(col - 1);
	if (code < 0x7f && code >= 0x20 && col >= 2 && line.charCodeAt(col - 2) < 0x7f) return col - 1;
	return segmenter.segment(line).containing(col - 1)?.index ?? col - 1;
}

/** Offset of the grapheme (or paste marker) boundary after `col`; the line length at the end. */
export function nextBoundary(line: string, col: number): number {
	if (col >= line.length) return line.length;
	const marker = markerStartingAt(line, col);
	if (marker) return marker.end;
	const segment = segmenter.segment(line).containing(col);
	return segment ? segment.index + segment.segment.length : col + 1;
}

/** The grapheme (or whole marker) that starts at `col`, or "" at the end of the line. */
export function unitAt(line: string, col: number): string {
	return line.slice(col, nextBoundary(line, col));
}

function kindBefore(line: string, col: number): CharKind | undefined {
	if (col <= 0) return undefined;
	if (markerEndingAt(line, col)) return "punctuation";
	return charKind(line.slice(previousBoundary(line, col), col));
}

function kindAt(line: string, col: number): CharKind | undefined {
	if (col >= line.length) return undefined;
	if (markerStartingAt(line, col)) return "punctuation";
	return charKind(unitAt(line, col));
}

/**
 * Start of the word before `col` (readline's backward-word): skips whitespace, then a run of
 * word characters or a run of punctuation. A paste marker is a word of its own.
 */
export function previousWordStart(line: string, col: number): number {
	let position = col;
	while (position > 0 && kindBefore(line, position) === "space") position = previousBoundary(line, position);
	if (position > 0 && markerEndingAt(line, position)) return previousBoundary(line, position);
	const kind = kindBefore(line, position);
	while (position > 0 && kindBefore(line, position) === kind && !markerEndingAt(line, position)) {
		position = previousBoundary(line, position);
	}
	return position;
}

/** End of the word after `col` (readline's forward-word): skips whitespace, then one run. */
export function nextWordEnd(line: string, col: number): number {
	let position = col;
	while (position < line.length && kindAt(line, position) === "space") position = nextBoundary(line, position);
	if (position < line.length && markerStartingAt(line, position)) return nextBoundary(line, position);
	const kind = kindAt(line, position);
	while (position < line.length && kindAt(line, position) === kind && !markerStartingAt(line, position)) {
		position = nextBoundary(line, position);
	}
	return position;
}
