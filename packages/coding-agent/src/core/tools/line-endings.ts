/**
 * Line-ending and BOM handling for the edit tool: matching happens on LF text without a BOM, and
 * the file's original style (CRLF or LF, BOM or not) is restored on write (configuration.md §8).
 */

/** The line-ending style of a file. */
export type LineEnding = "\r\n" | "\n";

const BOM = "\uFEFF";

/** The style of the first line ending in `text`; LF when there is none. */
export function detectLineEnding(text: string): LineEnding {
	const newline = text.indexOf("\n");
	return newline > 0 && text[newline - 1] === "\r" ? "\r\n" : "\n";
}

/** Converts CRLF and lone CR line endings to LF. */
export function toLF(text: string): string {
	return text.replace(/\r\n?/g, "\n");
}

/** Converts LF text to `ending`. */
export function restoreLineEndings(text: string, ending: LineEnding): string {
	return ending === "\r\n" ? text.replace(/\n/g, "\r\n") : text;
}

/** Splits a leading UTF-8 BOM (U+FEFF) from `text`. */
export function stripBom(text: string): { bom: string; text: string } {
	return text.startsWith(BOM) ? { bom: BOM, text: text.slice(1) } : { bom: "", text };
}
