// The theme as extensions see it (`ctx.ui.theme`, render callbacks): our colour roles plus the
// released pi's `fg(colour, text)` / `bg(colour, text)` lookups by colour name, so renderers
// written for it draw with our palette. Unknown names draw the text unstyled rather than throw:
// a renderer must never break the screen over a colour name.
import type { MarkdownTheme, SelectListTheme, SettingsListTheme } from "@pi/tui";
import { createTheme, markdownThemeFor, type Style, selectListThemeFor, type Theme } from "./theme.js";

/** What an extension draws with: the theme's roles, and colours by name. */
export interface ExtensionTheme extends Theme {
	/** Foreground colour by name (`"accent"`, `"muted"`, `"error"`, `"toolTitle"`, …). */
	fg(colour: string, text: string): string;
	/** Background colour by name (`"userMessageBg"`, `"toolSuccessBg"`, `"selectedBg"`, …). */
	bg(colour: string, text: string): string;
	underline: Style;
	strikethrough: Style;
	inverse: Style;
}

const identity: Style = (text) => text;

function foregrounds(theme: Theme): Record<string, Style> {
	return {
		accent: theme.accent,
		border: theme.muted,
		borderAccent: theme.accent,
		borderMuted: theme.dim,
		success: theme.success,
		error: theme.error,
		warning: theme.warning,
		muted: theme.muted,
		dim: theme.dim,
		text: identity,
		thinkingText: theme.thinking,
		userMessageText: identity,
		customMessageText: identity,
		customMessageLabel: theme.accent,
		toolTitle: theme.toolTitle,
		toolOutput: theme.muted,
		mdHeading: (text) => theme.bold(theme.accent(text)),
		mdLink: theme.accent,
		mdLinkUrl: theme.muted,
		mdCode: theme.warning,
		mdCodeBlock: identity,
		mdCodeBlockBorder: theme.muted,
		mdQuote: theme.italic,
		mdQuoteBorder: theme.muted,
		mdHr: theme.muted,
		mdListBullet: theme.accent,
		toolDiffAdded: theme.diffAdded,
		toolDiffRemoved: theme.diffRemoved,
		toolDiffContext: theme.diffContext,
		thinkingOff: theme.thinkingBorder("off"),
		thinkingMinimal: theme.thinkingBorder("minimal"),
		thinkingLow: theme.thinkingBorder("low"),
		thinkingMedium: theme.thinkingBorder("medium"),
		thinkingHigh: theme.thinkingBorder("high"),
		thinkingXhigh: theme.thinkingBorder("xhigh"),
		bashMode: theme.accent,
	};
}

function backgrounds(theme: Theme): Record<string, Style> {
	return {
		userMessageBg: theme.userMessageBg,
		customMessageBg: theme.toolPendingBg,
		selectedBg: theme.toolPendingBg,
		toolPendingBg: theme.toolPendingBg,
		toolSuccessBg: theme.toolSuccessBg,
		toolErrorBg: theme.toolErrorBg,
	};
}

/** `theme` with the by-name lookups added. Reads the roles at call time, so a theme switch applies. */
export function extensionThemeOf(theme: Theme): ExtensionTheme {
	if (isExtensionTheme(theme)) return theme;
	const extended = Object.create(theme) as ExtensionTheme;
	Object.assign(extended, {
		fg: (colour: string, text: string) => (foregrounds(theme)[colour] ?? identity)(text),
		bg: (colour: string, text: string) => (backgrounds(theme)[colour] ?? identity)(text),
		underline: (text: string) => `\x1b[4m${text}\x1b[24m`,
		strikethrough: (text: string) => `\x1b[9m${text}\x1b[29m`,
		inverse: (text: string) => `\x1b[7m${text}\x1b[27m`,
	});
	return extended;
}

function isExtensionTheme(theme: Theme): theme is ExtensionTheme {
	return typeof (theme as Partial<ExtensionTheme>).fg === "function";
}

let current: ExtensionTheme | undefined;

/** The theme extension helpers draw with: the TUI's once it runs, the default theme before and elsewhere. */
export function getExtensionTheme(): ExtensionTheme {
	current ??= extensionThemeOf(createTheme(undefined));
	return current;
}

/** Called by the TUI whenever its theme changes. */
export function setExtensionTheme(theme: Theme): void {
	current = extensionThemeOf(theme);
}

/** Markdown styles of the current theme (for an extension's own `Markdown` component). */
export function getMarkdownTheme(): MarkdownTheme {
	return markdownThemeFor(getExtensionTheme());
}

/** Select-list styles of the current theme. */
export function getSelectListTheme(): SelectListTheme {
	return selectListThemeFor(getExtensionTheme());
}

/** Settings-list styles of the current theme. */
export function getSettingsListTheme(): SettingsListTheme {
	const theme = getExtensionTheme();
	return { selected: (text) => theme.bold(theme.accent(text)), value: theme.warning, description: theme.muted };
}
