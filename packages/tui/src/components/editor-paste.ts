/**
 * Bracketed paste for the editor: reassembles `ESC[200~ … ESC[201~` even when it arrives in
 * several chunks (the stdin buffer usually delivers it whole), and cleans pasted text.
 */
import { stripAnsi } from "../ansi.js";
import { PASTE_END, PASTE_START } from "../paste.js";

/** Spaces a pasted tab becomes. */
export const PASTE_TAB_SPACES = 4;

/** What the assembler made of one input chunk, in order. */
export type PasteInputPart = { kind: "input"; data: string } | { kind: "paste"; text: string };

/** Splits input into ordinary input and complete pastes; keeps an unfinished paste until its end arrives. */
export class PasteAssembler {
	private pending: string | undefined;

	/** True while a paste has started but not ended. */
	get isInPaste(): boolean {
		return this.pending !== undefined;
	}

	/** Feeds one chunk of input. */
	push(data: string): PasteInputPart[] {
		const parts: PasteInputPart[] = [];
		let rest = data;
		while (rest.length > 0) {
			if (this.pending === undefined) {
				const start = rest.indexOf(PASTE_START);
				if (start === -1) {
					parts.push({ kind: "input", data: rest });
					break;
				}
				if (start > 0) parts.push({ kind: "input", data: rest.slice(0, start) });
				this.pending = "";
				rest = rest.slice(start + PASTE_START.length);
				continue;
			}
			// Search from just before the old end, in case the end marker was split across chunks.
			const searchFrom = Math.max(0, this.pending.length - PASTE_END.length + 1);
			const combined = this.pending + rest;
			const end = combined.indexOf(PASTE_END, searchFrom);
			if (end === -1) {
				this.pending = combined;
				break;
			}
			parts.push({ kind: "paste", text: combined.slice(0, end) });
			this.pending = undefined;
			rest = combined.slice(end + PASTE_END.length);
		}
		return parts;
	}
}

/**
 * Cleans pasted text: CRLF and CR become LF, tabs become {@link PASTE_TAB_SPACES} spaces, and
 * escape sequences and other control characters are dropped (they would corrupt the display).
 */
export function normalizePastedText(text: string): string {
	const normalized = stripAnsi(text.replace(/\r\n?/g, "\n")).replace(/\t/g, " ".repeat(PASTE_TAB_SPACES));
	return hasControlCharacters(normalized) ? removeControlCharacters(normalized) : normalized;
}

function isControlCode(code: number): boolean {
	return (code < 0x20 && code !== 0x0a) || code === 0x7f;
}

function hasControlCharacters(text: string): boolean {
	for (let i = 0; i < text.length; i++) if (isControlCode(text.charCodeAt(i))) return true;
	return false;
}

function removeControlCharacters(text: string): string {
	let result = "";
	for (const char of text) if (!isControlCode(char.charCodeAt(0))) result += char;
	return result;
}
