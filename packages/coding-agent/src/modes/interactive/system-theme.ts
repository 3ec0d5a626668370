import { appearanceOf, luminance, type RgbColour, type TerminalColours } from "./terminal-background.js";
import type { Palette } from "./theme-palette.js";

/**
 * The `system` theme as pi 1.4 describes it ("Use your terminal's colors"; our interactive.md): pi's colours
 * built from the terminal's own. Each role takes its hue from one ANSI colour (errors from red,
 * links from blue, …) and is then lightened or darkened until it stands out from the reported
 * background by a minimum WCAG contrast: 4.5:1 for text, less for secondary text. Panels are the
 * background nudged toward the foreground or a hue, so text keeps its contrast on them.
 *
 * Tiers, as 1.4 has them: background and palette → hues from the palette; background only → pi's
 * own hues (below), placed for that background; nothing → undefined, and the caller falls back to
 * the built-in theme of the terminal's appearance.
 */

/** ANSI slots by name (0–7; the bright ones are 8 + these). */
const ANSI = { black: 0, red: 1, green: 2, yellow: 3, blue: 4, magenta: 5, cyan: 6, white: 7 } as const;

/** pi's own hues for a terminal that reports its background but not its palette. */
const OWN_HUES: RgbColour[] = [
	"#1e1e1e",
	"#d9534f",
	"#5cb85c",
	"#e0a030",
	"#4a90d9",
	"#b36ad9",
	"#3fb8c4",
	"#c8c8c8",
	"#6e6e6e",
	"#ff6b66",
	"#7bd67b",
	"#ffcc55",
	"#6fb0ff",
	"#d18cff",
	"#5fd8e4",
	"#f4f4f4",
].map(hex);

function hex(value: string): RgbColour {
	const channel = (offset: number) => Number.parseInt(value.slice(offset, offset + 2), 16) / 255;
	return { red: channel(1), green: channel(3), blue: channel(5) };
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(first: RgbColour, second: RgbColour): number {
	const [lighter, darker] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
	return (lighter + 0.05) / (darker + 0.05);
}

function mix(from: RgbColour, to: RgbColour, amount: number): RgbColour {
	const channel = (a: number, b: number) => a + (b - a) * amount;
	return { red: channel(from.red, to.red), green: channel(from.green, to.green), blue: channel(from.blue, to.blue) };
}

const WHITE: RgbColour = { red: 1, green: 1, blue: 1 };
const BLACK: RgbColour = { red: 0, green: 0, blue: 0 };

/**
 * `colour` moved toward white (on a dark background) or black (on a light one) just far enough to
 * reach `target` contrast on `background`; a colour already there is kept as the terminal has it.
 */
export function placeForContrast(colour: RgbColour, background: RgbColour, target: number): RgbColour {
	if (contrastRatio(colour, background) >= target) return colour;
	const away = appearanceOf(background) === "dark" ? WHITE : BLACK;
	for (let step = 1; step <= 20; step++) {
		const moved = mix(colour, away, step / 20);
		if (contrastRatio(moved, background) >= target) return moved;
	}
	return away;
}

function sgr(kind: "38" | "48", colour: RgbColour): string {
	const byte = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 255);
	return `${kind};2;${byte(colour.red)};${byte(colour.green)};${byte(colour.blue)}`;
}

/** Contrast each kind of role needs on the background. */
const TEXT = 4.5;
const SECONDARY = 3;
const FAINT = 2;

/** The `system` palette for what the terminal reported, or undefined when it did not report its background. */
export function systemPalette(colours: TerminalColours): Palette | undefined {
	const { background } = colours;
	if (!background) return undefined;
	const dark = appearanceOf(background, colours.foreground) === "dark";
	const foreground = colours.foreground ?? (dark ? WHITE : BLACK);
	const hues = colours.palette && colours.palette.length >= 8 ? colours.palette : OWN_HUES;
	// On a dark background the bright variants usually read better, on a light one the normal ones.
	const hue = (slot: number) => hues[dark ? slot + 8 : slot] ?? hues[slot] ?? foreground;
	const text = (slot: number, target = TEXT) => sgr("38", placeForContrast(hue(slot), background, target));
	const grey = (amount: number, target: number) =>
		sgr("38", placeForContrast(mix(foreground, background, amount), background, target));
	// A panel is the background nudged toward a colour, but never so far that the terminal's own text
	// on it drops below 4.5:1 (or below what it has on the background, if that is less).
	const bodyContrast = Math.min(TEXT, contrastRatio(foreground, background));
	const panel = (toward: RgbColour, amount: number) => {
		for (let step = amount; step > 0; step -= 0.01) {
			const candidate = mix(background, toward, step);
			if (contrastRatio(foreground, candidate) >= bodyContrast) return sgr("48", candidate);
		}
		return sgr("48", background);
	};
	const muted = grey(0.35, SECONDARY);
	const dim = grey(0.6, FAINT);
	return {
		name: "system",
		accent: text(ANSI.blue),
		muted,
		dim,
		success: text(ANSI.green),
		error: text(ANSI.red),
		warning: text(ANSI.yellow),
		userBg: panel(foreground, 0.1),
		pendingBg: panel(foreground, 0.06),
		successBg: panel(hue(ANSI.green), 0.16),
		errorBg: panel(hue(ANSI.red), 0.16),
		thinking: muted,
		levels: {
			off: dim,
			minimal: text(ANSI.cyan, FAINT),
			low: text(ANSI.blue, SECONDARY),
			medium: text(ANSI.cyan, SECONDARY),
			high: text(ANSI.magenta, SECONDARY),
			xhigh: text(ANSI.red, SECONDARY),
		},
		keyword: text(ANSI.magenta),
		string: text(ANSI.green),
		number: text(ANSI.yellow),
		comment: muted,
		fn: text(ANSI.blue),
		type: text(ANSI.cyan),
	};
}
