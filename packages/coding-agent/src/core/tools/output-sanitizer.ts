/**
 * Makes process output fit for a model (configuration.md §8, "Bash execution"): ANSI escape
 * sequences are stripped, carriage returns and other control characters except tab and newline
 * are removed. The streaming form copes with escape sequences split across chunks.
 */

/** CSI, OSC, DCS/SOS/PM/APC strings, two-character escapes and the 8-bit CSI. */
const ANSI_SEQUENCE =
	// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal control sequences is the point
	/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[PX^_][^\x1b]*\x1b\\|\x1b[ -/]*[0-OQ-WYZ\\`-~]|\x9b[0-?]*[ -/]*[@-~]/g;
/** {@link ANSI_SEQUENCE} anchored at the start of the text. */
const ANSI_SEQUENCE_AT_START = new RegExp(`^(?:${ANSI_SEQUENCE.source})`);
/** Control characters a model never needs: C0 except tab and newline, DEL, and stray ESC/CSI. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL_CHARACTERS = /[\x00-\x08\x0b-\x1f\x7f\x9b]/g;
/** {@link CONTROL_CHARACTERS} without the global flag, for a stateless `test`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: detecting control characters is the point
const HAS_CONTROL_CHARACTER = /[\x00-\x08\x0b-\x1f\x7f\x9b]/;
/** A held-back incomplete escape sequence longer than this is given up on and flushed. */
const MAX_PENDING_ESCAPE = 256;

/** Removes ANSI escape sequences from complete text; other characters are kept. */
export function stripAnsi(text: string): string {
	return text.replace(ANSI_SEQUENCE, "");
}

/** {@link stripAnsi} plus removal of carriage returns and control characters (tab/newline kept). */
export function sanitizeOutput(text: string): string {
	// Fast path: most output has no control characters at all (ESC and the 8-bit CSI included).
	if (!HAS_CONTROL_CHARACTER.test(text)) return text;
	return stripAnsi(text).replace(CONTROL_CHARACTERS, "");
}

/**
 * Streaming {@link sanitizeOutput}: `push` returns the sanitised text that is safe to emit now and
 * holds back a trailing escape sequence that may continue in the next chunk; `flush` returns the rest.
 */
export class OutputSanitizer {
	private pending = "";

	/** Sanitises `text` (appended to any held-back tail) and returns what can be emitted now. */
	push(text: string): string {
		const combined = this.pending + text;
		const holdFrom = incompleteEscapeStart(combined);
		this.pending = holdFrom === -1 ? "" : combined.slice(holdFrom);
		return sanitizeOutput(holdFrom === -1 ? combined : combined.slice(0, holdFrom));
	}

	/** Returns the sanitised held-back tail and resets the sanitizer. */
	flush(): string {
		const rest = this.pending;
		this.pending = "";
		return sanitizeOutput(rest);
	}
}

/** Start of a trailing escape sequence that is not complete yet, or -1. */
function incompleteEscapeStart(text: string): number {
	const escapeIndex = Math.max(text.lastIndexOf("\x1b"), text.lastIndexOf("\x9b"));
	if (escapeIndex === -1 || text.length - escapeIndex > MAX_PENDING_ESCAPE) return -1;
	if (ANSI_SEQUENCE_AT_START.test(text.slice(escapeIndex))) return -1;
	// An OSC/DCS body may itself contain the ESC of its terminator: look for an earlier opener.
	return openStringSequenceStart(text, escapeIndex) ?? escapeIndex;
}

/** If an OSC/DCS string opened before `escapeIndex` is still unterminated, its start; else undefined. */
function openStringSequenceStart(text: string, escapeIndex: number): number | undefined {
	const opener = Math.max(text.lastIndexOf("\x1b]", escapeIndex - 1), text.lastIndexOf("\x1bP", escapeIndex - 1));
	if (opener === -1 || text.length - opener > MAX_PENDING_ESCAPE) return undefined;
	return ANSI_SEQUENCE_AT_START.test(text.slice(opener)) ? undefined : opener;
}
