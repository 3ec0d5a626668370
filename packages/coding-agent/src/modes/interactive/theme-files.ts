import { readFileSync, statSync } from "node:fs";
import { BACKGROUND_KEYS, COLOUR_KEYS, LEVEL_KEYS, type ThemeFile } from "./theme.js";
import { isPi14Theme, readPi14Theme } from "./theme-file-pi14.js";

/**
 * A custom theme file (`<name>.json`): pi 1.4's format (`colors`, `vars`, …; theme-file-pi14.ts), or
 * our earlier one (decided format):
 * `{ "name": "ocean", "base": "dark" | "light", "accent": "#5fafff", "userBg": 236, "levels": { "high": "magenta" } }`.
 * A colour is `"#rrggbb"`, `"#rgb"`, a 256-colour index (0–255), one of the 16 ANSI colour names,
 * or raw SGR parameters (`"38;5;75"`). Keys not given come from the base theme (default dark).
 */
const ANSI_NAMES: Record<string, number> = {
	black: 0,
	red: 1,
	green: 2,
	yellow: 3,
	blue: 4,
	magenta: 5,
	cyan: 6,
	white: 7,
	gray: 8,
	grey: 8,
	brightblack: 8,
	brightred: 9,
	brightgreen: 10,
	brightyellow: 11,
	brightblue: 12,
	brightmagenta: 13,
	brightcyan: 14,
	brightwhite: 15,
};

const BACKGROUNDS: ReadonlySet<string> = new Set(BACKGROUND_KEYS);
const KNOWN_KEYS: ReadonlySet<string> = new Set(["name", "base", "levels", "$schema", "description", ...COLOUR_KEYS]);

/** One colour value as SGR parameters for a foreground or background, or undefined when it is not a colour. */
export function colourToSgr(value: unknown, background: boolean): string | undefined {
	const layer = background ? 48 : 38;
	if (typeof value === "number") {
		return Number.isInteger(value) && value >= 0 && value <= 255 ? `${layer};5;${value}` : undefined;
	}
	if (typeof value !== "string") return undefined;
	const text = value.trim();
	const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
	if (hex) {
		const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join("") : hex[1]!;
		const [red, green, blue] = [0, 2, 4].map((offset) => Number.parseInt(digits.slice(offset, offset + 2), 16));
		return `${layer};2;${red};${green};${blue}`;
	}
	const named = ANSI_NAMES[text.toLowerCase().replace(/[\s_-]/g, "")];
	if (named !== undefined) return `${layer};5;${named}`;
	if (/^\d{1,3}$/.test(text) && Number(text) <= 255) return `${layer};5;${text}`;
	// Raw SGR parameters, as the built-in palettes are written.
	if (/^\d{1,3}(;\d{1,3})*$/.test(text)) return text;
	return undefined;
}

const COLOUR_HINT = 'a colour ("#rrggbb", 0–255, an ANSI colour name or SGR parameters)';

/**
 * Reads and checks one theme file. A file that cannot be used at all (unreadable, not JSON, no
 * name) gives undefined; a bad value gives a warning and the base theme's colour for that key.
 * Every warning names the file.
 */
export function readThemeFile(path: string, warnings: string[]): ThemeFile | undefined {
	let parsed: unknown;
	try {
		if (!statSync(path).isFile()) throw new Error("not a regular file");
		parsed = JSON.parse(readFileSync(path, "utf8"));
	} catch (error) {
		warnings.push(`Theme ${path}: ${error instanceof Error ? error.message : String(error)}; it is not loaded`);
		return undefined;
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
		warnings.push(`Theme ${path}: expected a JSON object; it is not loaded`);
		return undefined;
	}
	const raw = parsed as Record<string, unknown>;
	if (typeof raw.name !== "string" || raw.name.trim() === "") {
		warnings.push(`Theme ${path}: "name" must be a non-empty string; it is not loaded`);
		return undefined;
	}
	const name = raw.name.trim();
	// pi 1.4 reserves "system" and uses "/" for light/dark pairs in the `theme` setting.
	if (name === "system" || name.includes("/")) {
		warnings.push(`Theme ${path}: the name "${name}" is reserved (no "/", not "system"); it is not loaded`);
		return undefined;
	}
	if (isPi14Theme(raw)) return readPi14Theme(raw, path, warnings);
	const theme: ThemeFile = { name, path };
	if (raw.base !== undefined) {
		if (raw.base === "dark" || raw.base === "light") theme.base = raw.base;
		else warnings.push(`Theme ${path}: "base" must be "dark" or "light"; dark applies`);
	}
	for (const key of COLOUR_KEYS) {
		if (raw[key] === undefined) continue;
		const sgr = colourToSgr(raw[key], BACKGROUNDS.has(key));
		if (sgr === undefined) {
			warnings.push(
				`Theme ${path}: "${key}" must be ${COLOUR_HINT}, not ${JSON.stringify(raw[key])}; the base colour applies`,
			);
		} else {
			theme[key] = sgr;
		}
	}
	if (raw.levels !== undefined) {
		if (typeof raw.levels !== "object" || raw.levels === null || Array.isArray(raw.levels)) {
			warnings.push(`Theme ${path}: "levels" must be an object of thinking level → colour`);
		} else {
			const levels: Record<string, string> = {};
			for (const [level, value] of Object.entries(raw.levels)) {
				const sgr = (LEVEL_KEYS as readonly string[]).includes(level) ? colourToSgr(value, false) : undefined;
				if (sgr === undefined) {
					warnings.push(
						`Theme ${path}: "levels.${level}" must be a thinking level (${LEVEL_KEYS.join(", ")}) with ${COLOUR_HINT}`,
					);
				} else {
					levels[level] = sgr;
				}
			}
			theme.levels = levels;
		}
	}
	const unknown = Object.keys(raw).filter((key) => !KNOWN_KEYS.has(key));
	if (unknown.length > 0) warnings.push(`Theme ${path}: unknown keys ignored: ${unknown.join(", ")}`);
	return theme;
}
