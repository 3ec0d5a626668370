/**
 * Escape-sequence scanning shared by width measurement, truncation, wrapping and the renderer.
 * Recognises CSI (`ESC [`), OSC (`ESC ]`), DCS (`ESC P`), APC (`ESC _`), PM (`ESC ^`),
 * SOS (`ESC X`), SS3 (`ESC O x`) and two-byte `ESC x` sequences.
 */

const ESC = "\x1b";

/**
 * Returns the length of the escape sequence that starts at `index` in `text`, or 0 when no
 * complete escape sequence starts there. Strings (OSC/DCS/APC/PM/SOS) end at BEL or `ESC \`.
 */
export function ansiSequenceLength(text: string, index: number): number {
	if (text.charCodeAt(index) !== 0x1b) return 0;
	const introducer = text[index + 1];
	if (introducer === undefined) return 0;
	if (introducer === "[") {
		for (let i = index + 2; i < text.length; i++) {
			const code = text.charCodeAt(i);
			if (code >= 0x40 && code <= 0x7e) return i - index + 1;
			if (code < 0x20 || code > 0x3f) return 0;
		}
		return 0;
	}
	if (introducer === "]" || introducer === "P" || introducer === "_" || introducer === "^" || introducer === "X") {
		for (let i = index + 2; i < text.length; i++) {
			const code = text.charCodeAt(i);
			if (code === 0x07) return i - index + 1;
			if (code === 0x1b && text[i + 1] === "\\") return i - index + 2;
		}
		return 0;
	}
	if (introducer === "O") return text.length > index + 2 ? 3 : 0;
	return 2;
}

/** True when `sequence` is an SGR (Select Graphic Rendition) sequence such as `ESC[1;31m`. */
export function isSgrSequence(sequence: string): boolean {
	return sequence.startsWith(`${ESC}[`) && /^[0-9;:]*m$/.test(sequence.slice(2));
}

/** True when `sequence` is an OSC 8 hyperlink open or close (`ESC]8;params;uri` + BEL or ST). */
export function isHyperlinkSequence(sequence: string): boolean {
	return sequence.startsWith(`${ESC}]8;`);
}

/** True when `sequence` closes a hyperlink (OSC 8 with an empty URI). */
export function isHyperlinkClose(sequence: string): boolean {
	if (!isHyperlinkSequence(sequence)) return false;
	const terminatorLength = sequence.endsWith("\x07") ? 1 : 2;
	const body = sequence.slice(4, sequence.length - terminatorLength);
	const separator = body.indexOf(";");
	return separator !== -1 && separator === body.length - 1;
}

/** Removes every escape sequence from `text`, leaving only printable content. */
export function stripAnsi(text: string): string {
	if (!text.includes(ESC)) return text;
	let result = "";
	let index = 0;
	while (index < text.length) {
		const length = ansiSequenceLength(text, index);
		if (length > 0) {
			index += length;
			continue;
		}
		const next = text.indexOf(ESC, index + 1);
		const end = next === -1 ? text.length : next;
		result += text.slice(index, end);
		index = end;
	}
	return result;
}

/** The SGR reset sequence, `ESC[0m`. */
export const SGR_RESET = `${ESC}[0m`;

/** Closes an open OSC 8 hyperlink. */
export const HYPERLINK_CLOSE = `${ESC}]8;;\x07`;
