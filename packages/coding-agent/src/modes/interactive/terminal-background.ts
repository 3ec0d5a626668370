/**
 * Whether the terminal is light or dark, asked of the terminal itself as pi 1.4 does: OSC 11 (and
 * OSC 10) report the default background (and foreground) colour, OSC 4 the 16 ANSI colours the
 * `system` theme takes its hues from (system-theme.ts). The question is asked once, before
 * the UI takes the terminal, and ends at the device-attributes reply every terminal sends, or after
 * `timeoutMs` (1.4 waits at most 100 ms). The answer picks the theme of a `light/dark` pair and the
 * appearance of `system` (theme.ts `terminalAppearance`), before `COLORFGBG` and the dark fallback.
 */

/** An sRGB colour with channels from 0 to 1. */
export interface RgbColour {
	red: number;
	green: number;
	blue: number;
}

export type Appearance = "dark" | "light";

/** What this run learnt from the terminal; undefined until asked, or when it did not say. */
let detected: Appearance | undefined;

/** The colours the terminal reported: default background and foreground, ANSI colours 0–15. */
export interface TerminalColours {
	background?: RgbColour;
	foreground?: RgbColour;
	/** ANSI colours 0–15, or only 0–7 (tmux answers no more), or none. */
	palette?: RgbColour[];
}

let detectedColours: TerminalColours = {};

/** The colours the terminal reported this run (empty when it was not asked or did not answer). */
export function detectedTerminalColours(): TerminalColours {
	return detectedColours;
}

/** Sets (or with `{}`, forgets) the reported colours; the query and tests call it. */
export function setDetectedTerminalColours(colours: TerminalColours): void {
	detectedColours = colours;
}

/** The appearance the terminal reported this run, if any. */
export function detectedTerminalAppearance(): Appearance | undefined {
	return detected;
}

/** Sets (or with undefined, forgets) what the terminal reported; the query and tests call it. */
export function setDetectedTerminalAppearance(appearance: Appearance | undefined): void {
	detected = appearance;
}

const PALETTE_SIZE = 16;
// Colours first, then device attributes: terminals answer in order, so that reply ends the wait.
const QUERY = `\x1b]10;?\x07\x1b]11;?\x07${Array.from({ length: PALETTE_SIZE }, (_, index) => `\x1b]4;${index};?\x07`).join("")}\x1b[c`;
// `OSC 10|11 ; <colour> BEL|ST` and `OSC 4 ; <index> ; <colour>`: xterm's reply shapes. tmux leaves
// the index out of its OSC 4 replies, so the index is optional (replies come in query order).
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal replies are control sequences
const COLOUR_REPLY = /\x1b\](1[01]|4);(?:(\d{1,3});)?([^\x07\x1b]*)(?:\x07|\x1b\\)/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal replies are control sequences
const DEVICE_ATTRIBUTES_REPLY = /\x1b\[\?[\d;]*c/;

/** Parses an X11 colour spec as terminals report it: `rgb:R/G/B` (1–4 hex digits each) or `#RRGGBB`. */
export function parseTerminalColour(spec: string): RgbColour | undefined {
	const rgb = /^rgba?:([0-9a-f]{1,4})\/([0-9a-f]{1,4})\/([0-9a-f]{1,4})(?:\/[0-9a-f]{1,4})?$/i.exec(spec.trim());
	if (rgb) {
		const channel = (hex: string) => Number.parseInt(hex, 16) / (16 ** hex.length - 1);
		return { red: channel(rgb[1]!), green: channel(rgb[2]!), blue: channel(rgb[3]!) };
	}
	const hash = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(spec.trim());
	if (hash) {
		const channel = (hex: string) => Number.parseInt(hex, 16) / 255;
		return { red: channel(hash[1]!), green: channel(hash[2]!), blue: channel(hash[3]!) };
	}
	return undefined;
}

/** WCAG relative luminance. */
export function luminance(colour: RgbColour): number {
	const linear = (value: number) => (value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
	return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue);
}

/**
 * Light when the background is lighter than the foreground; without a foreground, when the
 * background is nearer white than black by contrast (luminance above ~0.18).
 */
export function appearanceOf(background: RgbColour, foreground?: RgbColour): Appearance {
	if (foreground && luminance(foreground) !== luminance(background)) {
		return luminance(background) > luminance(foreground) ? "light" : "dark";
	}
	return luminance(background) > 0.179 ? "light" : "dark";
}

/** Reads the colours out of whatever the terminal sent; `rest` is everything else (typed keys). */
export function readColourReplies(text: string): TerminalColours & { rest: string } {
	let background: RgbColour | undefined;
	let foreground: RgbColour | undefined;
	const indexed: RgbColour[] = [];
	const inOrder: RgbColour[] = [];
	for (const match of text.matchAll(COLOUR_REPLY)) {
		const colour = parseTerminalColour(match[3]!);
		if (match[1] === "11") background = colour ?? background;
		else if (match[1] === "10") foreground = colour ?? foreground;
		else if (colour && match[2] !== undefined) indexed[Number(match[2])] = colour;
		else if (colour) inOrder.push(colour);
	}
	const rest = text.replace(COLOUR_REPLY, "").replace(DEVICE_ATTRIBUTES_REPLY, "");
	const palette = completePalette(indexed) ?? completePalette(inOrder);
	return { background, foreground, ...(palette ? { palette } : {}), rest };
}

/**
 * The colours 0–15, else 0–7 (tmux 3.3 answers only those, and without their index), when every one
 * of them answered; undefined otherwise, since a partial palette cannot be placed.
 */
function completePalette(colours: RgbColour[]): RgbColour[] | undefined {
	for (const size of [PALETTE_SIZE, 8]) {
		const first = Array.from(colours.slice(0, size));
		if (first.length === size && first.every((colour) => colour !== undefined)) return first;
	}
	return undefined;
}

/** The parts of `process.stdin` the query uses. */
export interface BackgroundQueryInput {
	isTTY?: boolean;
	isRaw?: boolean;
	setRawMode?(mode: boolean): unknown;
	on(event: "data", listener: (chunk: Buffer | string) => void): unknown;
	off(event: "data", listener: (chunk: Buffer | string) => void): unknown;
	resume(): unknown;
	pause(): unknown;
	unshift(chunk: Buffer): unknown;
}

/**
 * Asks the terminal for its colours and remembers the appearance they give (undefined when it
 * did not report a background in time). Keys typed meanwhile are put back for the UI to read.
 */
export async function queryTerminalAppearance(
	stdin: BackgroundQueryInput = process.stdin,
	stdout: { isTTY?: boolean; write(data: string): unknown } = process.stdout,
	timeoutMs = 100,
): Promise<Appearance | undefined> {
	if (!stdin.isTTY || !stdout.isTTY || !stdin.setRawMode) return undefined;
	const wasRaw = stdin.isRaw ?? false;
	let received = "";
	await new Promise<void>((resolve) => {
		const finish = () => {
			clearTimeout(timer);
			stdin.off("data", onData);
			resolve();
		};
		const onData = (chunk: Buffer | string) => {
			received += typeof chunk === "string" ? chunk : chunk.toString("latin1");
			if (DEVICE_ATTRIBUTES_REPLY.test(received)) finish();
		};
		const timer = setTimeout(finish, timeoutMs);
		stdin.setRawMode?.(true);
		stdin.on("data", onData);
		stdin.resume();
		stdout.write(QUERY);
	});
	stdin.pause();
	stdin.setRawMode?.(wasRaw);
	const { background, foreground, palette, rest } = readColourReplies(received);
	if (rest.length > 0) stdin.unshift(Buffer.from(rest, "latin1"));
	const appearance = background ? appearanceOf(background, foreground) : undefined;
	setDetectedTerminalAppearance(appearance);
	setDetectedTerminalColours({ background, foreground, palette });
	return appearance;
}
