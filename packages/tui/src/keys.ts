import { decodeCsiKey } from "./key-csi.js";
import { makeKey, type ParsedKey } from "./parsed-key.js";

export type { KeyEventType, ParsedKey } from "./parsed-key.js";

/**
 * Key parsing for legacy (xterm/VT/rxvt) encodings and the kitty keyboard protocol (CSI-u),
 * and matching against key ids such as `"ctrl+shift+z"`.
 */

/** Named keys; printable keys are named by their character (lowercase letters, "space"). */
export type NamedKey =
	| "enter"
	| "escape"
	| "tab"
	| "backspace"
	| "delete"
	| "insert"
	| "space"
	| "up"
	| "down"
	| "left"
	| "right"
	| "home"
	| "end"
	| "pageup"
	| "pagedown"
	| "f1"
	| "f2"
	| "f3"
	| "f4"
	| "f5"
	| "f6"
	| "f7"
	| "f8"
	| "f9"
	| "f10"
	| "f11"
	| "f12";

type Letter = "a" | "b" | "c" | "d" | "e" | "f" | "g" | "h" | "i" | "j" | "k" | "l" | "m";
type Letter2 = "n" | "o" | "p" | "q" | "r" | "s" | "t" | "u" | "v" | "w" | "x" | "y" | "z";
type ModifierPrefix =
	| "ctrl+"
	| "alt+"
	| "shift+"
	| "super+"
	| "ctrl+alt+"
	| "ctrl+shift+"
	| "alt+shift+"
	| "ctrl+alt+shift+";
type BaseKey = NamedKey | Letter | Letter2;

/**
 * A key with optional modifiers, lowercase, modifiers first in any order:
 * `"enter"`, `"shift+enter"`, `"ctrl+a"`, `"ctrl+shift+z"`, `"alt+left"`, `"f5"`, `"ctrl+]"`.
 * Known combinations autocomplete; any other string is accepted and parsed the same way.
 */
export type KeyId = BaseKey | `${ModifierPrefix}${BaseKey}` | (string & {});

const SINGLE_BYTE: Record<string, ParsedKey> = {
	"\r": makeKey("enter"),
	"\t": makeKey("tab"),
	"\x7f": makeKey("backspace"),
	"\x08": makeKey("backspace", { ctrl: true }),
	"\x1b": makeKey("escape"),
	"\x00": makeKey("space", { ctrl: true }),
	"\x1c": makeKey("\\", { ctrl: true }),
	"\x1d": makeKey("]", { ctrl: true }),
	"\x1e": makeKey("^", { ctrl: true }),
	"\x1f": makeKey("_", { ctrl: true }),
	" ": makeKey("space", { text: " " }),
};

/** Decodes one character (code point) without escape prefix. */
function parseCharacter(char: string): ParsedKey | undefined {
	const fixed = SINGLE_BYTE[char];
	if (fixed) return { ...fixed };
	const code = char.codePointAt(0) ?? 0;
	if (code >= 1 && code <= 26) return makeKey(String.fromCharCode(code + 96), { ctrl: true });
	if (code < 0x20 || code === 0x7f) return undefined;
	if (char >= "A" && char <= "Z") return makeKey(char.toLowerCase(), { shift: true, text: char });
	return makeKey(char, { text: char });
}

/**
 * Decodes one complete input sequence (as split by the stdin buffer) into a key.
 * Returns undefined for input that is not a single key: pastes, multi-character text,
 * mouse reports and terminal replies.
 */
export function parseKey(data: string): ParsedKey | undefined {
	if (data.length === 0) return undefined;
	if (data.startsWith("\x1b[") || data.startsWith("\x1bO")) return decodeCsiKey(data);
	if (data.startsWith("\x1b\x1b") && data.length > 2) {
		const inner = parseKey(data.slice(1));
		return inner ? { ...inner, alt: true } : undefined;
	}
	if (data.length > 1 && data.startsWith("\x1b")) {
		const rest = data.slice(1);
		if ([...rest].length !== 1) return undefined;
		if (rest === "\x1b") return makeKey("escape", { alt: true });
		const inner = parseCharacter(rest);
		if (!inner) return undefined;
		const { text: _text, ...withoutText } = inner;
		return { ...withoutText, alt: true };
	}
	if ([...data].length !== 1) return undefined;
	return parseCharacter(data);
}

/** A key id split into its key name and modifiers. */
interface KeySpec {
	key: string;
	ctrl: boolean;
	alt: boolean;
	shift: boolean;
	super: boolean;
}

const KEY_ALIASES: Record<string, string> = {
	return: "enter",
	esc: "escape",
	del: "delete",
	ins: "insert",
	pgup: "pageup",
	pgdn: "pagedown",
	arrowup: "up",
	arrowdown: "down",
	arrowleft: "left",
	arrowright: "right",
	" ": "space",
	plus: "+",
};

const specCache = new Map<string, KeySpec>();

/** Parses a key id such as `"ctrl+shift+z"`; throws on an unknown modifier (a bug in a binding). */
export function parseKeyId(keyId: KeyId): KeySpec {
	const cached = specCache.get(keyId);
	if (cached) return cached;
	const lower = keyId.toLowerCase();
	// A trailing "+" is the plus key itself ("ctrl++").
	const parts = lower.endsWith("++") ? [...lower.slice(0, -2).split("+"), "+"] : lower.split("+");
	const rawKey = parts.pop() ?? "";
	const spec: KeySpec = { key: KEY_ALIASES[rawKey] ?? rawKey, ctrl: false, alt: false, shift: false, super: false };
	for (const modifier of parts) {
		if (modifier === "ctrl" || modifier === "control") spec.ctrl = true;
		else if (modifier === "alt" || modifier === "option" || modifier === "meta") spec.alt = true;
		else if (modifier === "shift") spec.shift = true;
		else if (modifier === "super" || modifier === "cmd") spec.super = true;
		else throw new Error(`Unknown modifier "${modifier}" in key id "${keyId}"`);
	}
	specCache.set(keyId, spec);
	return spec;
}

/** Formats a parsed key as its canonical key id (`ctrl+alt+shift+super+key`). */
export function formatKeyId(key: ParsedKey): string {
	let id = "";
	if (key.ctrl) id += "ctrl+";
	if (key.alt) id += "alt+";
	if (key.shift) id += "shift+";
	if (key.super) id += "super+";
	return id + key.key;
}

/**
 * Legacy bytes that two different keys produce. The parser names the common one; a binding
 * for the other still matches.
 */
const LEGACY_ALTERNATES: Record<string, string[]> = {
	"\x08": ["ctrl+h"],
	"\t": ["ctrl+i"],
	"\r": ["ctrl+m"],
	"\x1b": ["ctrl+["],
	"\x1f": ["ctrl+/", "ctrl+-"],
	"\x00": ["ctrl+@"],
	"\x1b\x08": ["ctrl+alt+h"],
};

/**
 * True when `data` is a press (or repeat) of `keyId`. Release events never match.
 * Modifiers must match exactly, except that shift is ignored for non-letter printable keys
 * (on most layouts "?" needs shift, and `"?"` should match it either way).
 */
export function matchesKey(data: string, keyId: KeyId): boolean {
	const parsed = parseKey(data);
	if (!parsed || parsed.eventType === "release") return false;
	const spec = parseKeyId(keyId);
	const alternates = LEGACY_ALTERNATES[data];
	if (alternates?.includes(formatKeyId({ ...parsed, ...spec }))) return true;
	if (parsed.key !== spec.key) return false;
	if (parsed.ctrl !== spec.ctrl || parsed.alt !== spec.alt || parsed.super !== spec.super) return false;
	const shiftIrrelevant = parsed.key.length === 1 && !/[a-z]/.test(parsed.key) && !spec.shift;
	return shiftIrrelevant || parsed.shift === spec.shift;
}

/** True when `data` is a kitty key-release event. */
export function isKeyRelease(data: string): boolean {
	return parseKey(data)?.eventType === "release";
}

/**
 * The text `data` would insert into an input field: plain printable characters (including
 * multi-character text typed in one go), or a kitty CSI-u key with an associated character
 * and no ctrl/alt/super. Returns undefined for control keys and escape sequences.
 */
export function printableText(data: string): string | undefined {
	if (data.length === 0) return undefined;
	if (data.startsWith("\x1b")) {
		const key = parseKey(data);
		return key && key.eventType !== "release" ? key.text : undefined;
	}
	for (const char of data) {
		const code = char.codePointAt(0) ?? 0;
		if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) return undefined;
	}
	return data;
}
