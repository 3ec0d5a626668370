// The TUI settings of configuration.md §3.9, read from the effective settings with their defaults.
// Wrong-typed or out-of-range values never get here: settings-schema.ts drops them with a warning.
import {
	DOUBLE_ESCAPE_ACTIONS,
	type DoubleEscapeAction,
	FULLSCREEN_EXIT_OUTPUTS,
	FULLSCREEN_SCROLLBARS,
	type FullscreenExitOutput,
	type FullscreenScrollbar,
	type Settings,
	TREE_FILTER_MODES,
	type TreeFilterMode,
	TUI_MODES,
	TUI_SETTING_RANGES,
	type TuiMode,
	WHEEL_SCROLL_LINES_RANGE,
} from "../../core/config/settings-types.js";

/** Every TUI setting, resolved. */
export interface TuiSettings {
	theme: string;
	quietStartup: boolean;
	/** `quietStartup: "header"` (pi 1.4): the name and key hints stay, the resource listing goes. */
	quietStartupHeaderOnly: boolean;
	collapseChangelog: boolean;
	doubleEscapeAction: DoubleEscapeAction;
	treeFilterMode: TreeFilterMode;
	editorPaddingX: number;
	/** Blank columns left (and right) of the transcript's text. */
	outputPad: number;
	autocompleteMaxVisible: number;
	showHardwareCursor: boolean;
	tuiMode: TuiMode;
	/** pi 1.4's `fullscreenExitOutput`: the transcript on exit from fullscreen, or only the resume command. */
	fullscreenExitOutput: FullscreenExitOutput;
	/** pi 1.4's `fullscreenScrollbar`. */
	fullscreenScrollbar: FullscreenScrollbar;
	/** pi 1.4's `fullscreenWheelScrollLines`: lines per wheel report, or "auto". */
	fullscreenWheelScrollLines: "auto" | number;
	/** Command for Ctrl+G; undefined = `$VISUAL`, then `$EDITOR`. */
	externalEditor: string | undefined;
	/** `markdown.codeBlockIndent`: put before every line of a fenced code block. */
	codeBlockIndent: string;
	showImages: boolean;
	imageWidthCells: number;
	clearOnShrink: boolean;
	/** `terminal.showTerminalProgress`: OSC 9;4 progress (tab/taskbar indicator) while the agent works. */
	showTerminalProgress: boolean;
	/** Thinking blocks in full rather than one line: only when `hideThinkingBlock` is explicitly false (decided). */
	showThinkingBlocks: boolean;
}

function record(value: unknown): Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function bool(value: unknown, fallback: boolean): boolean {
	return typeof value === "boolean" ? value : fallback;
}

function int(value: unknown, fallback: number, range: { min: number; max: number }): number {
	if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
	return Math.min(range.max, Math.max(range.min, Math.floor(value)));
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
	return values.includes(value as T) ? (value as T) : fallback;
}

/** A number of lines floored and clamped to 1–100 as pi 1.4 does; anything else is "auto". */
function wheelScrollLines(value: unknown): "auto" | number {
	if (typeof value !== "number" || !Number.isFinite(value)) return "auto";
	return int(value, 1, WHEEL_SCROLL_LINES_RANGE);
}

/** The TUI settings with their defaults (configuration.md §3.9). */
export function resolveTuiSettings(settings: Readonly<Settings>): TuiSettings {
	const terminal = record(settings.terminal);
	const markdown = record(settings.markdown);
	const indent = typeof markdown.codeBlockIndent === "string" ? markdown.codeBlockIndent : "  ";
	const editor = typeof settings.externalEditor === "string" ? settings.externalEditor.trim() : "";
	return {
		theme: typeof settings.theme === "string" && settings.theme !== "" ? settings.theme : "dark",
		quietStartup: bool(settings.quietStartup, false),
		quietStartupHeaderOnly: settings.quietStartup === "header",
		collapseChangelog: bool(settings.collapseChangelog, false),
		doubleEscapeAction: oneOf(DOUBLE_ESCAPE_ACTIONS, settings.doubleEscapeAction, "tree"),
		treeFilterMode: oneOf(TREE_FILTER_MODES, settings.treeFilterMode, "default"),
		editorPaddingX: int(settings.editorPaddingX, 0, TUI_SETTING_RANGES.editorPaddingX),
		outputPad: int(settings.outputPad, 1, TUI_SETTING_RANGES.outputPad),
		autocompleteMaxVisible: int(settings.autocompleteMaxVisible, 5, TUI_SETTING_RANGES.autocompleteMaxVisible),
		showHardwareCursor: bool(settings.showHardwareCursor, false),
		tuiMode: oneOf(TUI_MODES, settings.tuiMode, "regular"),
		fullscreenExitOutput: oneOf(FULLSCREEN_EXIT_OUTPUTS, settings.fullscreenExitOutput, "transcript"),
		fullscreenScrollbar: oneOf(FULLSCREEN_SCROLLBARS, settings.fullscreenScrollbar, "auto"),
		fullscreenWheelScrollLines: wheelScrollLines(settings.fullscreenWheelScrollLines),
		externalEditor: editor === "" ? undefined : editor,
		// A tab's width is up to the terminal; the renderer counts cells, so tabs become spaces.
		codeBlockIndent: [...indent.replaceAll("\t", "    ")].filter((char) => char >= " " && char !== "\u007f").join(""),
		showImages: bool(terminal.showImages, true),
		imageWidthCells: int(terminal.imageWidthCells, 60, TUI_SETTING_RANGES.imageWidthCells),
		clearOnShrink: bool(terminal.clearOnShrink, false),
		showTerminalProgress: bool(terminal.showTerminalProgress, false),
		showThinkingBlocks: settings.hideThinkingBlock === false,
	};
}
