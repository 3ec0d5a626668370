import { afterEach, describe, expect, it } from "vitest";
import { contrastRatio, placeForContrast, systemPalette } from "../../../src/modes/interactive/system-theme.js";
import {
	parseTerminalColour,
	type RgbColour,
	setDetectedTerminalColours,
} from "../../../src/modes/interactive/terminal-background.js";
import { createTheme } from "../../../src/modes/interactive/theme.js";

const colour = (hex: string) => parseTerminalColour(hex) as RgbColour;

/** Solarized-like: a dark blue-green background and its own 16 colours. */
const solarized = {
	background: colour("#002b36"),
	foreground: colour("#839496"),
	palette: [
		"#073642",
		"#dc322f",
		"#859900",
		"#b58900",
		"#268bd2",
		"#d33682",
		"#2aa198",
		"#eee8d5",
		"#002b36",
		"#cb4b16",
		"#586e75",
		"#657b83",
		"#839496",
		"#6c71c4",
		"#93a1a1",
		"#fdf6e3",
	].map(colour),
};

const rgbOf = (code: string): RgbColour => {
	const [, , red, green, blue] = code.split(";").map(Number) as [number, number, number, number, number];
	return { red: red / 255, green: green / 255, blue: blue / 255 };
};

afterEach(() => setDetectedTerminalColours({}));

describe("the system theme (pi 1.4: colours from the terminal's own)", () => {
	it("moves a colour only as far as the contrast needs", () => {
		const black = colour("#000000");
		const red = colour("#ff0000");
		expect(placeForContrast(red, black, 4.5)).toBe(red);
		const darkRed = colour("#400000");
		const placed = placeForContrast(darkRed, black, 4.5);
		expect(contrastRatio(placed, black)).toBeGreaterThanOrEqual(4.5);
		expect(placed.red).toBeGreaterThan(placed.green);
	});

	it("takes each role's hue from its ANSI colour and keeps text readable on the background", () => {
		const palette = systemPalette(solarized);
		if (!palette) throw new Error("no palette");
		const background = solarized.background;
		for (const role of ["accent", "success", "error", "warning", "keyword", "string", "fn", "type"] as const) {
			expect(contrastRatio(rgbOf(palette[role]), background), role).toBeGreaterThanOrEqual(4.5);
		}
		expect(contrastRatio(rgbOf(palette.muted), background)).toBeGreaterThanOrEqual(3);
		// Red stays red, blue stays blue: hue from the terminal, not from pi's palette.
		const error = rgbOf(palette.error);
		expect(error.red).toBeGreaterThan(error.green + 0.2);
		const accent = rgbOf(palette.accent);
		expect(accent.blue).toBeGreaterThan(accent.red);
		// Panels are the background nudged toward the foreground: body text keeps 4.5:1 on them.
		expect(palette.userBg.startsWith("48;2;")).toBe(true);
		expect(contrastRatio(solarized.foreground, rgbOf(palette.userBg))).toBeGreaterThanOrEqual(4.5);
	});

	it("uses pi's own hues when only the background is known, and nothing without it", () => {
		const light = systemPalette({ background: colour("#fdf6e3") });
		expect(light && contrastRatio(rgbOf(light.error), colour("#fdf6e3"))).toBeGreaterThanOrEqual(4.5);
		expect(systemPalette({})).toBeUndefined();
	});

	it("createTheme('system') draws with the terminal's colours once they are known, else falls back", () => {
		const env = { NO_COLOR: "" };
		expect(createTheme("system", { env }).error("x")).toBe(createTheme("dark", { env }).error("x"));
		setDetectedTerminalColours(solarized);
		const theme = createTheme("system", { env });
		expect(theme.name).toBe("system");
		expect(theme.error("x").startsWith("\x1b[38;2;")).toBe(true);
	});
});
