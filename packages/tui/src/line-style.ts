import { SGR_RESET } from "./ansi.js";

const PROBE = "\u0000";

/**
 * Applies a whole-line style such as a background colour so it survives full resets inside
 * the line: `style` is probed once to learn its opening sequence, which is re-opened after
 * every `ESC[0m` in `line`. Falls back to `style(line)` when the style does not wrap its input.
 */
export function applyLineStyle(line: string, style: (text: string) => string): string {
	const probe = style(PROBE);
	const index = probe.indexOf(PROBE);
	if (index === -1) return style(line);
	const open = probe.slice(0, index);
	const close = probe.slice(index + PROBE.length);
	if (open === "") return style(line);
	return open + line.replaceAll(SGR_RESET, SGR_RESET + open) + close;
}
