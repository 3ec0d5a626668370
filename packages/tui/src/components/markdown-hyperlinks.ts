/**
 * Keeps OSC 8 hyperlinks well-formed per line: a link that wraps onto the next line is closed
 * at the end of the first line and reopened at the start of the next, so no line leaves a
 * hyperlink open (the renderer resets styles per line, but not hyperlinks).
 */
import { ansiSequenceLength, HYPERLINK_CLOSE, isHyperlinkClose, isHyperlinkSequence } from "../ansi.js";

/** Returns `lines` with every hyperlink closed on the line where it is open. */
export function balanceHyperlinks(lines: readonly string[]): string[] {
	let openSequence = "";
	return lines.map((line) => {
		const prefix = openSequence;
		openSequence = hyperlinkOpenAtEnd(line, openSequence);
		return prefix + line + (openSequence ? HYPERLINK_CLOSE : "");
	});
}

/** The hyperlink open sequence still in effect after `line`, given the one open before it ("" for none). */
function hyperlinkOpenAtEnd(line: string, openBefore: string): string {
	let open = openBefore;
	for (let index = line.indexOf("\x1b"); index !== -1; index = line.indexOf("\x1b", index + 1)) {
		const length = ansiSequenceLength(line, index);
		if (length === 0) continue;
		const sequence = line.slice(index, index + length);
		if (isHyperlinkSequence(sequence)) open = isHyperlinkClose(sequence) ? "" : sequence;
	}
	return open;
}
