/**
 * SGR mouse reporting (xterm mode 1006 over button-event mode 1000): the terminal reports
 * presses, releases and wheel turns as `CSI < button ; column ; row M` (press) or `m`
 * (release). Mode 1000 reports no motion, so a drag with the terminal's selection modifier
 * (Shift on most terminals, Option/Fn on macOS ones) still selects text natively.
 */

/** Turns SGR mouse reporting on (button events, SGR coordinates). */
export const MOUSE_REPORTING_ON = "\x1b[?1000h\x1b[?1006h";
/** Turns it off again (exit, suspend, leaving fullscreen). */
export const MOUSE_REPORTING_OFF = "\x1b[?1006l\x1b[?1000l";

/** One decoded mouse report. Coordinates are 1-based cells. */
export interface MouseEvent {
	kind: "press" | "release" | "wheelUp" | "wheelDown" | "wheelLeft" | "wheelRight";
	/** 0 left, 1 middle, 2 right (presses and releases). */
	button: number;
	column: number;
	row: number;
	shift: boolean;
	alt: boolean;
	ctrl: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the report starts with ESC
const SGR_MOUSE = /^\x1b\[<(\d+);(\d+);(\d+)([Mm])$/;

/** True when `data` is an SGR mouse report (whatever it says). */
export function isMouseReport(data: string): boolean {
	return data.startsWith("\x1b[<") && SGR_MOUSE.test(data);
}

/** Decodes an SGR mouse report; undefined for anything else. */
export function parseMouseReport(data: string): MouseEvent | undefined {
	const match = SGR_MOUSE.exec(data);
	if (!match) return undefined;
	const code = Number(match[1]);
	const modifiers = { shift: (code & 4) !== 0, alt: (code & 8) !== 0, ctrl: (code & 16) !== 0 };
	const position = { column: Number(match[2]), row: Number(match[3]) };
	if ((code & 64) !== 0) {
		const wheel = code & 3;
		const kind = wheel === 0 ? "wheelUp" : wheel === 1 ? "wheelDown" : wheel === 2 ? "wheelLeft" : "wheelRight";
		return { kind, button: -1, ...position, ...modifiers };
	}
	return { kind: match[4] === "M" ? "press" : "release", button: code & 3, ...position, ...modifiers };
}
