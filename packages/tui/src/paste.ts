/**
 * Bracketed paste. The terminal wraps pasted text in these markers; the stdin buffer collects
 * a whole paste (however many chunks it spans) and the TUI hands it to the focused component
 * as one string: `PASTE_START + text + PASTE_END`.
 */

/** Start marker of a bracketed paste, `ESC[200~`. */
export const PASTE_START = "\x1b[200~";

/** End marker of a bracketed paste, `ESC[201~`. */
export const PASTE_END = "\x1b[201~";

/** Wraps `text` as the TUI delivers a paste to `handleInput`. */
export function wrapPaste(text: string): string {
	return PASTE_START + text + PASTE_END;
}

/**
 * The pasted text when `data` is a whole bracketed paste, else undefined.
 * Line endings are normalised to `\n` (terminals send `\r` for newlines in pastes).
 */
export function extractPaste(data: string): string | undefined {
	if (!data.startsWith(PASTE_START) || !data.endsWith(PASTE_END)) return undefined;
	return data.slice(PASTE_START.length, data.length - PASTE_END.length).replace(/\r\n?/g, "\n");
}
