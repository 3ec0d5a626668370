import { sliceByColumn, stripAnsi, visibleWidth } from "@pi/tui";
import type { Theme } from "../theme.js";

/** One find match in the drawn transcript: a line and the columns it covers. */
export interface TranscriptMatch {
	line: number;
	column: number;
	width: number;
}

/** Every case-insensitive occurrence of `query` in the drawn lines, top to bottom. */
export function findInLines(lines: readonly string[], query: string): TranscriptMatch[] {
	const needle = query.toLowerCase();
	if (needle === "") return [];
	const matches: TranscriptMatch[] = [];
	for (let line = 0; line < lines.length; line++) {
		const raw = lines[line] ?? "";
		const plain = stripAnsi(raw).toLowerCase();
		let index = plain.indexOf(needle);
		while (index >= 0) {
			const column = visibleWidth(plain.slice(0, index));
			matches.push({ line, column, width: visibleWidth(plain.slice(index, index + needle.length)) });
			index = plain.indexOf(needle, index + Math.max(1, needle.length));
		}
	}
	return matches;
}

/** `line` with the match's cells in reverse video. */
export function highlightMatch(line: string, match: TranscriptMatch, theme: Theme): string {
	const before = sliceByColumn(line, 0, match.column);
	const text = stripAnsi(sliceByColumn(line, match.column, match.width));
	const after = sliceByColumn(line, match.column + match.width, Number.MAX_SAFE_INTEGER);
	return `${before}\x1b[0m\x1b[7m${theme.warning(text)}\x1b[27m${after}`;
}

/**
 * Find in the fullscreen transcript: the query, its matches in the lines as drawn, and the
 * current one (the counter shows `current/total`). Matches are found again when the query or
 * the transcript changes.
 */
export class TranscriptSearch {
	private text = "";
	private matches: TranscriptMatch[] = [];
	private index = -1;
	/** What the matches were found in: its length and last line (a new frame is a new array). */
	private searched: { length: number; last: string | undefined } | undefined;

	get query(): string {
		return this.text;
	}

	get current(): TranscriptMatch | undefined {
		return this.matches[this.index];
	}

	/** "3/17", "0/0". */
	get counter(): string {
		return `${this.matches.length === 0 ? 0 : this.index + 1}/${this.matches.length}`;
	}

	get count(): number {
		return this.matches.length;
	}

	/**
	 * Sets the query; the current match becomes the first one at or below `anchorLine` (wrapping to
	 * the first match), as pi 1.4 picks it: the window's top when find opens, then the current match.
	 */
	setQuery(query: string, lines: readonly string[], anchorLine: number): void {
		this.text = query;
		this.searched = { length: lines.length, last: lines[lines.length - 1] };
		this.matches = findInLines(lines, query);
		if (this.matches.length === 0) {
			this.index = -1;
			return;
		}
		const below = this.matches.findIndex((match) => match.line >= anchorLine);
		this.index = Math.max(below, 0);
	}

	/** Re-runs the query when the lines changed (new output), keeping the current line when it can. */
	refresh(lines: readonly string[]): void {
		if (this.searched?.length === lines.length && this.searched.last === lines[lines.length - 1]) return;
		const line = this.current?.line ?? lines.length;
		this.setQuery(this.text, lines, line);
	}

	/** Moves to the next (+1, further down) or previous (-1, further up) match, wrapping. */
	step(direction: 1 | -1): TranscriptMatch | undefined {
		if (this.matches.length === 0) return undefined;
		this.index = (this.index + direction + this.matches.length) % this.matches.length;
		return this.current;
	}
}
