/**
 * Large pastes are shown in the editor as a short marker such as `[paste #1 +123 lines]`;
 * the full content is kept here and substituted back when the text is read or submitted.
 */

/** A paste with more lines than this becomes a marker. */
export const PASTE_MARKER_MAX_LINES = 10;
/** A paste with more characters than this becomes a marker. */
export const PASTE_MARKER_MAX_CHARS = 1000;

const MARKER_PATTERN = /\[paste #(\d+) (?:\+\d+ lines|\d+ chars)\]/g;

/** Where a marker sits in a line, as UTF-16 offsets `[start, end)`. */
export interface MarkerRange {
	start: number;
	end: number;
}

/** True when a paste of `text` (already normalised) should be collapsed into a marker. */
export function shouldCollapsePaste(text: string): boolean {
	if (text.length > PASTE_MARKER_MAX_CHARS) return true;
	let lines = 1;
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
		lines++;
		if (lines > PASTE_MARKER_MAX_LINES) return true;
	}
	return false;
}

/** Stores collapsed pastes by number. Numbers restart at 1 after {@link PasteRegistry.clear}. */
export class PasteRegistry {
	private readonly contents = new Map<number, string>();
	private counter = 0;

	/** Stores `content` and returns its marker text. */
	add(content: string): string {
		this.counter++;
		this.contents.set(this.counter, content);
		const lineCount = countLines(content);
		const size = lineCount > 1 ? `+${lineCount} lines` : `${content.length} chars`;
		return `[paste #${this.counter} ${size}]`;
	}

	/** True when no paste is stored (so {@link PasteRegistry.expand} is the identity). */
	get isEmpty(): boolean {
		return this.contents.size === 0;
	}

	/** Replaces every marker of a stored paste in `text` by its content; unknown markers stay. */
	expand(text: string): string {
		if (this.contents.size === 0 || !text.includes("[paste #")) return text;
		return text.replace(MARKER_PATTERN, (marker, id: string) => this.contents.get(Number(id)) ?? marker);
	}

	/** Forgets all pastes, e.g. after submit or setText. */
	clear(): void {
		this.contents.clear();
		this.counter = 0;
	}
}

function countLines(text: string): number {
	let lines = 1;
	for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) lines++;
	return lines;
}

/** Markers in `line`, left to right. */
export function findMarkers(line: string): MarkerRange[] {
	if (!line.includes("[paste #")) return [];
	const ranges: MarkerRange[] = [];
	for (const match of line.matchAll(MARKER_PATTERN)) {
		ranges.push({ start: match.index, end: match.index + match[0].length });
	}
	return ranges;
}

/** The marker that ends exactly at `col`, so backspace / left can treat it as one unit. */
export function markerEndingAt(line: string, col: number): MarkerRange | undefined {
	return findMarkers(line).find((range) => range.end === col);
}

/** The marker that starts exactly at `col`, so delete / right can treat it as one unit. */
export function markerStartingAt(line: string, col: number): MarkerRange | undefined {
	return findMarkers(line).find((range) => range.start === col);
}
