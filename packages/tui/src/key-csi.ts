import { type KeyEventType, makeKey, type ParsedKey } from "./parsed-key.js";

/**
 * Decoding of CSI (`ESC [`) and SS3 (`ESC O`) key sequences: xterm cursor and function keys
 * with modifier parameters, rxvt and Linux-console variants, xterm modifyOtherKeys
 * (`CSI 27;mods;code ~`) and the kitty keyboard protocol (`CSI code[:shifted];mods[:event] u`,
 * plus `:event` on the legacy forms).
 */

const LETTER_KEYS: Record<string, string> = {
	A: "up",
	B: "down",
	C: "right",
	D: "left",
	H: "home",
	F: "end",
	P: "f1",
	Q: "f2",
	R: "f3",
	S: "f4",
	E: "begin",
};

const TILDE_KEYS: Record<number, string> = {
	1: "home",
	2: "insert",
	3: "delete",
	4: "end",
	5: "pageup",
	6: "pagedown",
	7: "home",
	8: "end",
	11: "f1",
	12: "f2",
	13: "f3",
	14: "f4",
	15: "f5",
	17: "f6",
	18: "f7",
	19: "f8",
	20: "f9",
	21: "f10",
	23: "f11",
	24: "f12",
};

const KITTY_CODES: Record<number, string> = {
	13: "enter",
	9: "tab",
	27: "escape",
	127: "backspace",
	8: "backspace",
	32: "space",
	57414: "enter",
	57417: "left",
	57418: "right",
	57419: "up",
	57420: "down",
	57421: "pageup",
	57422: "pagedown",
	57423: "home",
	57424: "end",
	57425: "insert",
	57426: "delete",
};

const KITTY_KEYPAD_TEXT: Record<number, string> = {
	57409: ".",
	57410: "/",
	57411: "*",
	57412: "-",
	57413: "+",
	57415: "=",
};

const EVENT_TYPES: Record<string, KeyEventType> = { "1": "press", "2": "repeat", "3": "release" };

interface Modifiers {
	ctrl: boolean;
	alt: boolean;
	shift: boolean;
	super: boolean;
	eventType: KeyEventType;
}

/** Decodes a `mods[:event]` parameter (xterm/kitty: 1 + bitmask). */
function decodeModifiers(param: string | undefined): Modifiers {
	const [modsText = "", eventText = "1"] = (param ?? "").split(":");
	const mask = Math.max(0, (Number(modsText) || 1) - 1);
	return {
		shift: (mask & 1) !== 0,
		alt: (mask & 2) !== 0 || (mask & 32) !== 0,
		ctrl: (mask & 4) !== 0,
		super: (mask & 8) !== 0,
		eventType: EVENT_TYPES[eventText] ?? "press",
	};
}

function keyFromCodePoint(code: number, shiftedCode: number | undefined, modifiers: Modifiers): ParsedKey | undefined {
	const named = KITTY_CODES[code];
	if (named) return makeKey(named, modifiers);
	let char: string | undefined;
	if (code >= 57399 && code <= 57408) char = String(code - 57399);
	else char = KITTY_KEYPAD_TEXT[code];
	if (char === undefined) {
		// Private-use codes are kitty's modifier/media keys; they are not text keys.
		if (code < 0x20 || (code >= 0xe000 && code <= 0xf8ff) || code > 0x10ffff) return undefined;
		char = String.fromCodePoint(code);
	}
	const key = char.toLowerCase();
	const plain = !modifiers.ctrl && !modifiers.alt && !modifiers.super;
	let text: string | undefined;
	if (plain) {
		if (modifiers.shift && shiftedCode !== undefined) text = String.fromCodePoint(shiftedCode);
		else text = modifiers.shift ? char.toUpperCase() : char;
	}
	return makeKey(key === " " ? "space" : key, { ...modifiers, ...(text !== undefined ? { text } : {}) });
}

function decodeKitty(params: string[]): ParsedKey | undefined {
	const [codeText = "", shiftedText] = (params[0] ?? "").split(":");
	const code = Number(codeText);
	if (!Number.isInteger(code)) return undefined;
	const shifted = shiftedText ? Number(shiftedText) : undefined;
	const key = keyFromCodePoint(code, Number.isInteger(shifted) ? shifted : undefined, decodeModifiers(params[1]));
	if (key && params[2] && key.text !== undefined) {
		key.text = String.fromCodePoint(...params[2].split(":").map(Number));
	}
	return key;
}

function decodeTilde(params: string[]): ParsedKey | undefined {
	const number = Number(params[0]);
	if (number === 27 && params.length >= 3) {
		// xterm modifyOtherKeys: CSI 27 ; mods ; code ~
		return keyFromCodePoint(Number(params[2]), undefined, decodeModifiers(params[1]));
	}
	const name = TILDE_KEYS[number];
	return name ? makeKey(name, decodeModifiers(params[1])) : undefined;
}

const RXVT_SUFFIX: Record<string, Partial<Modifiers>> = {
	$: { shift: true },
	"^": { ctrl: true },
	"@": { ctrl: true, shift: true },
};

/** Decodes a CSI or SS3 key sequence; undefined when it is not a key. */
export function decodeCsiKey(data: string): ParsedKey | undefined {
	if (data.startsWith("\x1bO")) {
		if (data.length !== 3) return undefined;
		const final = data[2] ?? "";
		if (final === "M") return makeKey("enter");
		const rxvtCtrl = "abcd".indexOf(final);
		if (rxvtCtrl !== -1) return makeKey(["up", "down", "right", "left"][rxvtCtrl] ?? "", { ctrl: true });
		const name = LETTER_KEYS[final];
		return name ? makeKey(name) : undefined;
	}
	const body = data.slice(2, -1);
	const final = data[data.length - 1] ?? "";
	if (body.startsWith("[") && body.length === 1) {
		// Linux console F1-F5: ESC [ [ A..E
		const index = "ABCDE".indexOf(final);
		return index === -1 ? undefined : makeKey(`f${index + 1}`);
	}
	if (!/^[0-9;:]*$/.test(body)) return undefined;
	const params = body === "" ? [] : body.split(";");
	if (final === "u") return decodeKitty(params);
	if (final === "~") return decodeTilde(params);
	const rxvt = RXVT_SUFFIX[final];
	if (rxvt) {
		const name = TILDE_KEYS[Number(params[0])];
		return name ? makeKey(name, rxvt) : undefined;
	}
	if (final === "Z") return makeKey("tab", { ...decodeModifiers(params[1]), shift: true });
	const rxvtShift = "abcd".indexOf(final);
	if (rxvtShift !== -1 && params.length === 0) {
		return makeKey(["up", "down", "right", "left"][rxvtShift] ?? "", { shift: true });
	}
	const name = LETTER_KEYS[final];
	if (!name) return undefined;
	return makeKey(name, decodeModifiers(params[1]));
}
