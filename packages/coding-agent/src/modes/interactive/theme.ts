import type { EditorTheme, MarkdownTheme, SelectListTheme, SyntaxTheme } from "@pi/tui";
import { systemPalette } from "./system-theme.js";
import { detectedTerminalAppearance, detectedTerminalColours } from "./terminal-background.js";
import type { Palette } from "./theme-palette.js";

/** A text style: plain text in, styled text out. */
export type Style = (text: string) => string;

/** The colour roles the interactive mode draws with (configuration.md §3.9 `theme`). */
export interface Theme {
	readonly name: string;
	accent: Style;
	muted: Style;
	dim: Style;
	bold: Style;
	italic: Style;
	success: Style;
	error: Style;
	warning: Style;
	/** Background of user messages (whole line). */
	userMessageBg: Style;
	/** Backgrounds of tool boxes by state (whole line). */
	toolPendingBg: Style;
	toolSuccessBg: Style;
	toolErrorBg: Style;
	toolTitle: Style;
	thinking: Style;
	diffAdded: Style;
	diffRemoved: Style;
	diffContext: Style;
	/** Editor border colour per thinking level ("off" … "xhigh"). */
	thinkingBorder: (level: string) => Style;
	syntax: SyntaxTheme;
	/** `outputPad`: blank columns left and right of the transcript's text (layout, kept across theme switches). */
	outputPad: number;
	/** `markdown.codeBlockIndent`: put before every line of a fenced code block. */
	codeBlockIndent: string;
}

const RESET_FG = "\x1b[39m";
const RESET_BG = "\x1b[49m";

function fg(code: string): Style {
	return (text) => `\x1b[${code}m${text}${RESET_FG}`;
}

function bg(code: string): Style {
	// Re-apply the background after every full reset inside the text, so styled runs keep it.
	return (text) => `\x1b[${code}m${text.replaceAll("\x1b[0m", `\x1b[0m\x1b[${code}m`)}${RESET_BG}`;
}

const identity: Style = (text) => text;

export type { Palette } from "./theme-palette.js";

const DARK: Palette = {
	name: "dark",
	accent: "38;5;75",
	muted: "38;5;245",
	dim: "38;5;240",
	success: "38;5;114",
	error: "38;5;203",
	warning: "38;5;221",
	userBg: "48;5;236",
	pendingBg: "48;5;235",
	successBg: "48;5;22",
	errorBg: "48;5;52",
	thinking: "38;5;244",
	levels: {
		off: "38;5;240",
		minimal: "38;5;67",
		low: "38;5;74",
		medium: "38;5;80",
		high: "38;5;141",
		xhigh: "38;5;207",
	},
	keyword: "38;5;176",
	string: "38;5;114",
	number: "38;5;215",
	comment: "38;5;243",
	fn: "38;5;75",
	type: "38;5;80",
};

const LIGHT: Palette = {
	name: "light",
	accent: "38;5;26",
	muted: "38;5;242",
	dim: "38;5;248",
	success: "38;5;28",
	error: "38;5;160",
	warning: "38;5;130",
	userBg: "48;5;254",
	pendingBg: "48;5;255",
	successBg: "48;5;194",
	errorBg: "48;5;224",
	thinking: "38;5;244",
	levels: {
		off: "38;5;250",
		minimal: "38;5;67",
		low: "38;5;31",
		medium: "38;5;30",
		high: "38;5;91",
		xhigh: "38;5;163",
	},
	keyword: "38;5;90",
	string: "38;5;28",
	number: "38;5;130",
	comment: "38;5;245",
	fn: "38;5;26",
	type: "38;5;30",
};

/** Palette keys that are backgrounds (a colour given for them becomes a `48;…` code). */
export const BACKGROUND_KEYS = ["userBg", "pendingBg", "successBg", "errorBg"] as const;

/** Palette keys that hold one colour (all but `name` and `levels`). */
export const COLOUR_KEYS = [
	"accent",
	"muted",
	"dim",
	"success",
	"error",
	"warning",
	...BACKGROUND_KEYS,
	"thinking",
	"keyword",
	"string",
	"number",
	"comment",
	"fn",
	"type",
] as const satisfies readonly (keyof Palette)[];

/** The thinking levels whose editor border colour a theme may set (`levels`). */
export const LEVEL_KEYS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;

/** The built-in theme names; `system` is dark or light as the terminal's background is. */
export const BUILTIN_THEMES = ["system", "dark", "light"] as const;

/**
 * Whether the terminal's background is light, in pi 1.4's order: the background the terminal
 * reported (terminal-background.ts), then `COLORFGBG` (`"fg;bg"`, set by many terminals) with the
 * background 7 or 15 (white) light, then dark.
 */
export function terminalAppearance(env: NodeJS.ProcessEnv): "dark" | "light" {
	const reported = detectedTerminalAppearance();
	if (reported) return reported;
	const background = env.COLORFGBG?.split(";").at(-1);
	return background === "7" || background === "15" ? "light" : "dark";
}

/**
 * The theme name a `theme` value stands for: `light/dark` pairs pick by the terminal's background
 * (the light theme comes first). `system` stays `system` when the terminal reported its background
 * (its palette is built from the terminal's colours, system-theme.ts); otherwise it is the built-in
 * theme of the terminal's appearance.
 */
export function resolveThemeName(name: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
	if (name === undefined) return undefined;
	const pair = name.split("/");
	const appearance = terminalAppearance(env);
	const chosen = pair.length === 2 ? (appearance === "light" ? pair[0]! : pair[1]!) : name;
	if (chosen !== "system") return chosen;
	return detectedTerminalColours().background ? "system" : appearance;
}

/** Layout values that travel with the theme object (not colours; a theme file cannot set them). */
export interface ThemeLayout {
	outputPad?: number;
	codeBlockIndent?: string;
}

function fromPalette(palette: Palette, colour: boolean, layout: ThemeLayout): Theme {
	const f = (code: string): Style => (colour ? fg(code) : identity);
	const b = (code: string): Style => (colour ? bg(code) : identity);
	const bold: Style = (text) => `\x1b[1m${text}\x1b[22m`;
	const italic: Style = (text) => `\x1b[3m${text}\x1b[23m`;
	return {
		name: palette.name,
		accent: f(palette.accent),
		muted: f(palette.muted),
		dim: f(palette.dim),
		bold,
		italic,
		success: f(palette.success),
		error: f(palette.error),
		warning: f(palette.warning),
		userMessageBg: b(palette.userBg),
		toolPendingBg: b(palette.pendingBg),
		toolSuccessBg: b(palette.successBg),
		toolErrorBg: b(palette.errorBg),
		toolTitle: (text) => bold(text),
		thinking: (text) => italic(f(palette.thinking)(text)),
		diffAdded: f(palette.success),
		diffRemoved: f(palette.error),
		diffContext: f(palette.muted),
		thinkingBorder: (level) => f(palette.levels[level] ?? palette.levels.off ?? palette.dim),
		outputPad: layout.outputPad ?? 1,
		codeBlockIndent: layout.codeBlockIndent ?? "  ",
		syntax: colour
			? {
					keyword: fg(palette.keyword),
					literal: fg(palette.number),
					string: fg(palette.string),
					number: fg(palette.number),
					comment: fg(palette.comment),
					function: fg(palette.fn),
					type: fg(palette.type),
					property: fg(palette.type),
					meta: fg(palette.comment),
					inserted: fg(palette.success),
					deleted: fg(palette.error),
				}
			: {},
	};
}

/** A loaded custom theme (theme-files.ts): a name, a base, and the colours it overrides (SGR codes). */
export type ThemeFile = { name: string; base?: "dark" | "light"; path?: string } & Partial<Omit<Palette, "name">>;

/**
 * The theme called `name`: a built-in, or one of `custom` (a base palette with overrides).
 * `NO_COLOR` (any non-empty value) turns every colour off; bold and italic stay.
 */
export function createTheme(
	name: string | undefined,
	options: { env?: NodeJS.ProcessEnv; custom?: readonly ThemeFile[]; layout?: ThemeLayout } = {},
): Theme {
	const env = options.env ?? process.env;
	const colour = !env.NO_COLOR;
	const layout = options.layout ?? {};
	name = resolveThemeName(name, env);
	const custom = options.custom?.find((file) => file.name === name);
	if (custom) {
		const base = custom.base === "light" ? LIGHT : DARK;
		const { path: _path, base: _base, ...colours } = custom;
		return fromPalette({ ...base, ...colours, levels: { ...base.levels, ...custom.levels } }, colour, layout);
	}
	const system = name === "system" ? systemPalette(detectedTerminalColours()) : undefined;
	return fromPalette(system ?? (name === "light" ? LIGHT : DARK), colour, layout);
}

/** True when `name` is a built-in theme or one of `custom`. */
export function hasTheme(name: string, custom: readonly ThemeFile[]): boolean {
	const parts = name.split("/");
	if (parts.length === 2) return parts.every((part) => hasTheme(part, custom));
	return (BUILTIN_THEMES as readonly string[]).includes(name) || custom.some((file) => file.name === name);
}

/** The Markdown styles for assistant text. */
export function markdownThemeFor(theme: Theme): MarkdownTheme {
	return {
		heading: (text) => theme.bold(theme.accent(text)),
		bold: theme.bold,
		italic: theme.italic,
		strikethrough: (text) => `\x1b[9m${text}\x1b[29m`,
		underline: (text) => `\x1b[4m${text}\x1b[24m`,
		code: theme.warning,
		link: (text) => `\x1b[4m${theme.accent(text)}\x1b[24m`,
		linkUrl: theme.muted,
		codeBlock: identity,
		codeBlockBorder: theme.muted,
		quote: theme.italic,
		quoteBorder: theme.muted,
		hr: theme.muted,
		listBullet: theme.accent,
		taskBox: (text, checked) => (checked ? theme.success(text) : theme.muted(text)),
		tableBorder: theme.muted,
		codeBlockIndent: theme.codeBlockIndent,
		syntax: theme.syntax,
	};
}

/** The editor styles; `border` follows the thinking level. */
export function editorThemeFor(theme: Theme): EditorTheme {
	return {
		border: theme.thinkingBorder("off"),
		pasteMarker: theme.accent,
		autocomplete: { selected: theme.accent, description: theme.muted, scrollInfo: theme.muted },
	};
}

/** The styles of selectors and dialogs. */
export function selectListThemeFor(theme: Theme): SelectListTheme {
	return {
		selected: (text) => theme.bold(theme.accent(text)),
		description: theme.muted,
		scrollInfo: theme.muted,
		noMatch: theme.muted,
	};
}
