import { converter, toGamut } from "culori";
import type { ThemeFile } from "./theme.js";

/**
 * pi 1.4's theme files (as its themes reference documents them): `{ name, appearance?, vars?, colors, export? }`. A
 * colour is `"#rgb"`/`"#rrggbb"`, `"oklch(L% C H)"`, `"okhsl(H S% L%)"`, a 256-colour index, the
 * name of a `vars` entry (chained), or `""` (the terminal's default colour). The roles our palette
 * has are taken from `colors`; the other roles of 1.4 are accepted and have no use here. Colour
 * conversion is culori's (OKLCH is gamut-mapped to sRGB).
 */

/** pi 1.4 colour roles → our palette keys (one table; CONVENTIONS §16). */
const ROLE_TO_PALETTE: Readonly<Record<string, keyof ThemeFile>> = {
	accent: "accent",
	muted: "muted",
	dim: "dim",
	success: "success",
	error: "error",
	warning: "warning",
	userMessageBg: "userBg",
	toolPendingBg: "pendingBg",
	toolSuccessBg: "successBg",
	toolErrorBg: "errorBg",
	thinkingText: "thinking",
	syntaxKeyword: "keyword",
	syntaxString: "string",
	syntaxNumber: "number",
	syntaxComment: "comment",
	syntaxFunction: "fn",
	syntaxType: "type",
};

/** pi 1.4 roles for the editor border per thinking level → our level names. */
const LEVEL_ROLES: Readonly<Record<string, string>> = {
	thinkingOff: "off",
	thinkingMinimal: "minimal",
	thinkingLow: "low",
	thinkingMedium: "medium",
	thinkingHigh: "high",
	thinkingXhigh: "xhigh",
};

/** Every other role 1.4 defines: read, not drawn by this version. */
const OTHER_ROLES = new Set([
	"border",
	"borderAccent",
	"borderMuted",
	"text",
	"selectedBg",
	"scrollbarTrack",
	"scrollbarThumb",
	"searchMatchBg",
	"searchMatchText",
	"userMessageText",
	"customMessageBg",
	"customMessageText",
	"customMessageLabel",
	"toolTitle",
	"toolOutput",
	"mdHeading",
	"mdLink",
	"mdLinkUrl",
	"mdCode",
	"mdCodeBlock",
	"mdCodeBlockBorder",
	"mdQuote",
	"mdQuoteBorder",
	"mdHr",
	"mdListBullet",
	"toolDiffAdded",
	"toolDiffRemoved",
	"toolDiffContext",
	"syntaxVariable",
	"syntaxOperator",
	"syntaxPunctuation",
	"thinkingMax",
	"bashMode",
]);

const BACKGROUND_PALETTE_KEYS = new Set(["userBg", "pendingBg", "successBg", "errorBg"]);
const TOP_LEVEL_KEYS = new Set(["$schema", "name", "appearance", "vars", "colors", "export"]);
const EXPORT_KEYS = new Set(["pageBg", "cardBg", "infoBg"]);

const toRgb = converter("rgb");
const intoGamut = toGamut("rgb", "oklch");

/** True when a parsed theme object is in pi 1.4's format (it has a `colors` object). */
export function isPi14Theme(raw: Record<string, unknown>): boolean {
	return typeof raw.colors === "object" && raw.colors !== null && !Array.isArray(raw.colors);
}

type Rgb = { r: number; g: number; b: number };

function percentOrNumber(text: string): number {
	return text.endsWith("%") ? Number(text.slice(0, -1)) / 100 : Number(text);
}

/** One literal colour (no variable names) as 0–255 RGB, a palette index, `""`, or undefined. */
function literalColour(value: string | number): Rgb | number | "" | undefined {
	if (typeof value === "number") return Number.isInteger(value) && value >= 0 && value <= 255 ? value : undefined;
	const text = value.trim();
	if (text === "") return "";
	const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text);
	if (hex) {
		const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join("") : hex[1]!;
		const [r, g, b] = [0, 2, 4].map((offset) => Number.parseInt(digits.slice(offset, offset + 2), 16));
		return { r: r!, g: g!, b: b! };
	}
	const functional = /^(oklch|okhsl)\(\s*([\d.]+%?)\s+([\d.]+%?)\s+([\d.]+%?)\s*\)$/i.exec(text);
	if (!functional) return undefined;
	const [, kind, first, second, third] = functional;
	const colour =
		kind!.toLowerCase() === "oklch"
			? intoGamut({ mode: "oklch", l: percentOrNumber(first!), c: Number(second), h: Number(third) })
			: toRgb({ mode: "okhsl", h: Number(first), s: percentOrNumber(second!), l: percentOrNumber(third!) });
	if (!colour || [colour.r, colour.g, colour.b].some((channel) => !Number.isFinite(channel))) return undefined;
	const channel = (unit: number) => Math.round(Math.min(1, Math.max(0, unit)) * 255);
	return { r: channel(colour.r), g: channel(colour.g), b: channel(colour.b) };
}

/** `value` with `vars` references followed; an error text for a missing or circular reference. */
function resolveColour(
	value: unknown,
	vars: Record<string, unknown>,
	seen: readonly string[] = [],
): Rgb | number | "" | string {
	if (typeof value !== "string" && typeof value !== "number") return "must be a colour string or a 0–255 index";
	if (typeof value === "string" && /^[A-Za-z_][\w-]*$/.test(value.trim())) {
		const name = value.trim();
		if (seen.includes(name)) return `circular variable reference ${[...seen, name].join(" → ")}`;
		if (!(name in vars)) return `unknown variable "${name}"`;
		return resolveColour(vars[name], vars, [...seen, name]);
	}
	const literal = literalColour(value);
	return literal ?? `is not a colour: ${JSON.stringify(value)}`;
}

/** SGR parameters of a resolved colour for a foreground or background. */
function toSgr(colour: Rgb | number | "", background: boolean): string {
	if (colour === "") return background ? "49" : "39";
	const layer = background ? 48 : 38;
	if (typeof colour === "number") return `${layer};5;${colour}`;
	return `${layer};2;${colour.r};${colour.g};${colour.b}`;
}

/**
 * A pi 1.4 theme as our ThemeFile. A bad value costs that colour (the base theme's applies) with a
 * warning naming the file and the role; unknown roles and keys are named in one warning.
 */
export function readPi14Theme(raw: Record<string, unknown>, path: string, warnings: string[]): ThemeFile {
	const theme: ThemeFile = { name: String(raw.name).trim(), path };
	if (raw.appearance === "dark" || raw.appearance === "light") theme.base = raw.appearance;
	else if (raw.appearance !== undefined) warnings.push(`Theme ${path}: "appearance" must be "dark" or "light"`);
	const vars = typeof raw.vars === "object" && raw.vars !== null ? (raw.vars as Record<string, unknown>) : {};
	const colours = raw.colors as Record<string, unknown>;
	const unknown = Object.keys(raw).filter((key) => !TOP_LEVEL_KEYS.has(key));
	const levels: Record<string, string> = {};
	for (const [role, value] of Object.entries(colours)) {
		const target = ROLE_TO_PALETTE[role];
		const level = LEVEL_ROLES[role];
		if (target === undefined && level === undefined) {
			if (!OTHER_ROLES.has(role)) unknown.push(`colors.${role}`);
			continue;
		}
		const resolved = resolveColour(value, vars);
		if (typeof resolved === "string" && resolved !== "") {
			warnings.push(`Theme ${path}: "colors.${role}" ${resolved}; the base colour applies`);
			continue;
		}
		const colour = resolved as Rgb | number | "";
		if (level !== undefined) levels[level] = toSgr(colour, false);
		else (theme as Record<string, unknown>)[target!] = toSgr(colour, BACKGROUND_PALETTE_KEYS.has(target!));
	}
	if (Object.keys(levels).length > 0) theme.levels = levels;
	if (typeof raw.export === "object" && raw.export !== null) {
		for (const key of Object.keys(raw.export)) if (!EXPORT_KEYS.has(key)) unknown.push(`export.${key}`);
	}
	if (unknown.length > 0) warnings.push(`Theme ${path}: unknown keys ignored: ${unknown.join(", ")}`);
	return theme;
}
