// `Key`: named key ids and modifier builders, so extension code can write `Key.ctrl("c")` or
// `Key.ctrlShift("z")` instead of spelling ids. Every value is a `KeyId` that `matchesKey` and
// keybinding settings accept; the camel-case names the released pi used (`pageUp`, `esc`,
// `return`) map to our ids.
import type { KeyId } from "./keys.js";

const NAMED = {
	escape: "escape",
	esc: "escape",
	enter: "enter",
	return: "enter",
	tab: "tab",
	space: "space",
	backspace: "backspace",
	delete: "delete",
	insert: "insert",
	clear: "clear",
	home: "home",
	end: "end",
	pageUp: "pageup",
	pageDown: "pagedown",
	up: "up",
	down: "down",
	left: "left",
	right: "right",
	f1: "f1",
	f2: "f2",
	f3: "f3",
	f4: "f4",
	f5: "f5",
	f6: "f6",
	f7: "f7",
	f8: "f8",
	f9: "f9",
	f10: "f10",
	f11: "f11",
	f12: "f12",
	backtick: "`",
	hyphen: "-",
	equals: "=",
	leftbracket: "[",
	rightbracket: "]",
	backslash: "\\",
	semicolon: ";",
	quote: "'",
	comma: ",",
	period: ".",
	slash: "/",
	exclamation: "!",
	at: "@",
	hash: "#",
	dollar: "$",
	percent: "%",
	caret: "^",
	ampersand: "&",
	asterisk: "*",
	leftparen: "(",
	rightparen: ")",
	underscore: "_",
	plus: "+",
	pipe: "|",
	tilde: "~",
	leftbrace: "{",
	rightbrace: "}",
	colon: ":",
	lessthan: "<",
	greaterthan: ">",
	question: "?",
} as const;

type Modifiers = readonly ("ctrl" | "shift" | "alt" | "super")[];

function combine(modifiers: Modifiers): (key: KeyId) => KeyId {
	const prefix = modifiers.map((modifier) => `${modifier}+`).join("");
	// Named ids given in the released pi's spelling ("pageUp") become ours.
	return (key) => `${prefix}${(NAMED as Record<string, string>)[key] ?? key}`;
}

/** Key ids by name, and builders of modified ids (`Key.ctrlAlt("x")` → `"ctrl+alt+x"`). */
export const Key = {
	...NAMED,
	ctrl: combine(["ctrl"]),
	shift: combine(["shift"]),
	alt: combine(["alt"]),
	super: combine(["super"]),
	ctrlShift: combine(["ctrl", "shift"]),
	shiftCtrl: combine(["shift", "ctrl"]),
	ctrlAlt: combine(["ctrl", "alt"]),
	altCtrl: combine(["alt", "ctrl"]),
	shiftAlt: combine(["shift", "alt"]),
	altShift: combine(["alt", "shift"]),
	ctrlSuper: combine(["ctrl", "super"]),
	superCtrl: combine(["super", "ctrl"]),
	shiftSuper: combine(["shift", "super"]),
	superShift: combine(["super", "shift"]),
	altSuper: combine(["alt", "super"]),
	superAlt: combine(["super", "alt"]),
	ctrlShiftAlt: combine(["ctrl", "shift", "alt"]),
	ctrlShiftSuper: combine(["ctrl", "shift", "super"]),
} as const;

/**
 * Draws `text` as a cursor cell (reverse video) for components that show a cursor of their own
 * beside the terminal's (put CURSOR_MARKER before it so the real cursor lands there too).
 */
export function renderFakeCursor(text: string): string {
	return `\x1b[7m${text}\x1b[27m`;
}
