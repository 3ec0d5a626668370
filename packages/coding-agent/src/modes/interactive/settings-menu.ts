import type { SettingItem } from "@pi/tui";
import type { Settings } from "../../core/config/settings-types.js";
import {
	DOUBLE_ESCAPE_ACTIONS,
	FULLSCREEN_EXIT_OUTPUTS,
	FULLSCREEN_SCROLLBARS,
	TREE_FILTER_MODES,
	TUI_MODES,
} from "../../core/config/settings-types.js";
import { pickerSubmenu, SettingsPanel, textSubmenu } from "./components/settings-panel.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import type { TuiSettings } from "./tui-settings.js";

const ON_OFF = ["on", "off"];
const on = (value: boolean): string => (value ? "on" : "off");
const numbers = (...values: number[]): string[] => values.map(String);

/** `markdown.codeBlockIndent` as the menu shows it: a count of spaces, else the string quoted. */
function describeIndent(indent: string): string {
	return /^ *$/.test(indent) ? `${indent.length} spaces` : JSON.stringify(indent);
}

/** The value list with `current` added in order when it is not one of the presets (a value from the file). */
function withCurrent(values: string[], current: string): string[] {
	if (values.includes(current)) return values;
	// By the leading number ("60", "3 spaces"); anything else (a quoted indent) goes last.
	const rank = (value: string): number => {
		const number = Number.parseInt(value, 10);
		return Number.isNaN(number) ? Number.POSITIVE_INFINITY : number;
	};
	return [...values, current].sort((a, b) => rank(a) - rank(b));
}

/** "auto", then pi 1.4's presets (1, 2, 3, 5, 10) with a number from the file in its place. */
function wheelLineChoices(current: "auto" | number): string[] {
	const presets = numbers(1, 2, 3, 5, 10);
	return ["auto", ...(current === "auto" ? presets : withCurrent(presets, String(current)))];
}

/**
 * The `/settings` overlay: the session's switches (thinking, compaction, retry, queue modes) and
 * every TUI preference of configuration.md §3.9. A change applies at once and is saved to the
 * global settings file (the session's switches through their own setters).
 */
export function openSettingsMenu(app: InteractiveAppView): void {
	const session = app.session;
	const tui: TuiSettings = app.tuiSettings;
	const save = (patch: Settings): void => app.updateTuiSettings(patch);
	const items: SettingItem[] = [
		{
			id: "thinking",
			label: "Thinking level",
			currentValue: session.thinkingLevel,
			description: "Reasoning effort of the model (Shift+Tab cycles it).",
			submenu: (current, done) =>
				pickerSubmenu(
					session.getAvailableThinkingLevels().map((level) => ({ value: level })),
					current,
					app.theme,
					app.keybindings,
					done,
				),
		},
		{
			id: "theme",
			label: "Theme",
			currentValue: app.theme.name,
			description: "Built-in dark and light, plus custom themes from themes/ folders and the themes setting.",
			// The highlighted theme is shown at once; Enter keeps it, Escape goes back.
			submenu: (current, done) =>
				pickerSubmenu(
					app.themeNames().map((name) => ({ value: name })),
					current,
					app.theme,
					app.keybindings,
					(value) => {
						// Picked: the screen already shows it (no redraw); Escape: back to the chosen one.
						app.previewTheme(undefined, value === undefined);
						done(value);
					},
					(value) => app.previewTheme(value),
				),
		},
		{ id: "compaction", label: "Auto-compaction", currentValue: on(session.autoCompactionEnabled), values: ON_OFF },
		{ id: "retry", label: "Auto-retry", currentValue: on(session.autoRetryEnabled), values: ON_OFF },
		{ id: "steering", label: "Steering mode", currentValue: session.steeringMode, values: ["one-at-a-time", "all"] },
		{ id: "followUp", label: "Follow-up mode", currentValue: session.followUpMode, values: ["one-at-a-time", "all"] },
		{
			id: "thinkingBlocks",
			label: "Show thinking blocks",
			currentValue: on(app.transcript.thinkingVisible),
			values: ON_OFF,
			description: "Thinking in full, or collapsed to one line (Ctrl+T toggles it for this session).",
		},
		{
			id: "tools",
			label: "Expand tool output",
			currentValue: on(app.transcript.expanded),
			values: ON_OFF,
			description: "This session only (Ctrl+O).",
		},
		{
			id: "quietStartup",
			label: "Quiet start-up",
			currentValue: on(tui.quietStartup),
			values: ON_OFF,
			description: "Start-up header with only warnings and diagnostics (from the next start).",
		},
		{
			id: "doubleEscape",
			label: "Double Escape",
			currentValue: tui.doubleEscapeAction,
			values: [...DOUBLE_ESCAPE_ACTIONS],
			description: "What Escape twice on an empty editor opens.",
		},
		{
			id: "treeFilter",
			label: "Tree filter",
			currentValue: tui.treeFilterMode,
			values: [...TREE_FILTER_MODES],
			description: "The filter /tree starts with (Tab cycles it there).",
		},
		{
			id: "tuiMode",
			label: "TUI mode",
			currentValue: tui.tuiMode,
			values: [...TUI_MODES],
			description:
				"regular: inline, the transcript goes into the terminal's scrollback. fullscreen: the alternate screen, PageUp/PageDown scroll the transcript, the shell's screen comes back on exit.",
		},
		{
			id: "fullscreenExitOutput",
			label: "Fullscreen exit output",
			currentValue: tui.fullscreenExitOutput,
			values: [...FULLSCREEN_EXIT_OUTPUTS],
			description:
				"What the shell gets when fullscreen mode exits: the transcript, or only the command that resumes the session.",
		},
		{
			id: "fullscreenScrollbar",
			label: "Fullscreen scrollbar",
			currentValue: tui.fullscreenScrollbar,
			values: [...FULLSCREEN_SCROLLBARS],
			description:
				"auto: shown while you scroll. always: a column of its own. hidden: never. No effect in regular mode.",
		},
		{
			id: "fullscreenWheelScrollLines",
			label: "Fullscreen wheel scrolling",
			currentValue: String(tui.fullscreenWheelScrollLines),
			values: wheelLineChoices(tui.fullscreenWheelScrollLines),
			description:
				"Lines per mouse-wheel step in fullscreen mode; auto speeds up fast spins where the terminal does not.",
		},
		{
			id: "showHardwareCursor",
			label: "Hardware cursor",
			currentValue: on(tui.showHardwareCursor),
			values: ON_OFF,
			description: "Show the terminal's own cursor in the editor (it is placed there for IMEs either way).",
		},
		{
			id: "editorPaddingX",
			label: "Editor padding",
			currentValue: String(tui.editorPaddingX),
			values: numbers(0, 1, 2, 3),
			description: "Blank columns left and right of the prompt text.",
		},
		{
			id: "outputPad",
			label: "Output padding",
			currentValue: String(tui.outputPad),
			values: numbers(0, 1, 2, 3, 4),
			description: "Blank columns left and right of the transcript text.",
		},
		{
			id: "autocompleteMaxVisible",
			label: "Autocomplete items",
			currentValue: String(tui.autocompleteMaxVisible),
			values: withCurrent(numbers(3, 5, 8, 10, 15, 20), String(tui.autocompleteMaxVisible)),
			description: "Most suggestions shown at once.",
		},
		{
			id: "codeBlockIndent",
			label: "Code block indent",
			currentValue: describeIndent(tui.codeBlockIndent),
			values: withCurrent(["0 spaces", "2 spaces", "4 spaces"], describeIndent(tui.codeBlockIndent)),
			description: "Indentation of fenced code blocks in answers.",
		},
		{
			id: "showImages",
			label: "Show images",
			currentValue: on(tui.showImages),
			values: ON_OFF,
			description: "Images inline where the terminal can draw them (kitty, iTerm2), else a placeholder.",
		},
		{
			id: "imageWidthCells",
			label: "Image width",
			currentValue: String(tui.imageWidthCells),
			values: withCurrent(numbers(40, 60, 80, 100, 120), String(tui.imageWidthCells)),
			description: "Widest inline image, in terminal cells.",
		},
		{
			id: "clearOnShrink",
			label: "Clear on shrink",
			currentValue: on(tui.clearOnShrink),
			values: ON_OFF,
			description: "Redraw when the screen content gets shorter, so no blank rows stay below the footer (may flicker).",
		},
		{
			id: "showTerminalProgress",
			label: "Terminal progress",
			currentValue: on(tui.showTerminalProgress),
			values: ON_OFF,
			description: "Progress indicator (OSC 9;4) in the terminal's tab or taskbar while the agent works.",
		},
		{
			id: "collapseChangelog",
			label: "Collapse changelog",
			currentValue: on(tui.collapseChangelog),
			values: ON_OFF,
			description: "After an update, one line instead of the list of changes.",
		},
		{
			id: "externalEditor",
			label: "External editor",
			currentValue: tui.externalEditor ?? "$VISUAL / $EDITOR",
			description: "The command Ctrl+G opens the prompt in (the file path is appended).",
			submenu: (current, done) =>
				textSubmenu(
					"Command: ",
					current === "$VISUAL / $EDITOR" ? "" : current,
					"Enter saves (empty: $VISUAL, then $EDITOR) · Esc keeps the value",
					app.theme,
					app.keybindings,
					done,
				),
		},
	];
	let handle: { hide(): void } | undefined;
	const close = (): void => {
		handle?.hide();
		app.tui.setFocus(app.editor);
		app.tui.requestRender();
	};
	// The overlay must fit the screen: about 12 rows of border, title, description and hints.
	const maxVisible = Math.max(3, Math.min(14, app.tui.terminal.rows - 13));
	const panel = new SettingsPanel(
		"Settings",
		items,
		app.theme,
		app.keybindings,
		{
			onCancel: close,
			onChange: (id, value) => {
				const flag = value === "on";
				switch (id) {
					case "thinking":
						session.setThinkingLevel(value as Parameters<typeof session.setThinkingLevel>[0]);
						app.refreshEditorChrome();
						return;
					case "theme":
						app.setTheme(value);
						return;
					case "compaction":
						session.setAutoCompactionEnabled(flag);
						return;
					case "retry":
						session.setAutoRetryEnabled(flag);
						return;
					case "steering":
						session.setSteeringMode(value as "all" | "one-at-a-time");
						return;
					case "followUp":
						session.setFollowUpMode(value as "all" | "one-at-a-time");
						return;
					case "thinkingBlocks":
						app.transcript.setShowThinking(flag);
						save({ hideThinkingBlock: !flag });
						return;
					case "tools":
						app.transcript.setToolsExpanded(flag);
						return;
					case "quietStartup":
					case "showHardwareCursor":
					case "collapseChangelog":
						save({ [id]: flag });
						return;
					case "doubleEscape":
						save({ doubleEscapeAction: value as TuiSettings["doubleEscapeAction"] });
						return;
					case "treeFilter":
						save({ treeFilterMode: value as TuiSettings["treeFilterMode"] });
						return;
					case "tuiMode":
						// The other screen starts clean: close the panel and draw the frame without it first
						// (the main screen keeps that frame while the alternate screen is shown).
						close();
						app.tui.renderNow();
						save({ tuiMode: value as TuiSettings["tuiMode"] });
						return;
					case "fullscreenExitOutput":
						save({ fullscreenExitOutput: value as TuiSettings["fullscreenExitOutput"] });
						return;
					case "fullscreenScrollbar":
						save({ fullscreenScrollbar: value as TuiSettings["fullscreenScrollbar"] });
						return;
					case "fullscreenWheelScrollLines":
						save({ fullscreenWheelScrollLines: value === "auto" ? "auto" : Number(value) });
						return;
					case "editorPaddingX":
					case "outputPad":
					case "autocompleteMaxVisible":
						save({ [id]: Number(value) });
						return;
					case "codeBlockIndent": {
						const spaces = /^(\d+) spaces$/.exec(value);
						if (spaces) save({ markdown: { codeBlockIndent: " ".repeat(Number(spaces[1])) } });
						return;
					}
					case "showImages":
					case "clearOnShrink":
					case "showTerminalProgress":
						save({ terminal: { [id]: flag } });
						return;
					case "imageWidthCells":
						save({ terminal: { imageWidthCells: Number(value) } });
						return;
					case "externalEditor": {
						const command = value.trim();
						save({ externalEditor: command });
						panel.updateValue(id, command === "" ? "$VISUAL / $EDITOR" : command);
						return;
					}
				}
			},
		},
		maxVisible,
	);
	handle = app.tui.showOverlay(panel, { anchor: "center", width: "90%", margin: 1 });
}
