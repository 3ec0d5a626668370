// What the app's helpers (keys, built-in commands, selectors, ctx.ui) use of it. A type of its own
// so they need not import the app that constructs them.
import type { Component, Container, Editor, KeybindingsManager, TUI } from "@pi/tui";
import type { AgentSession } from "../../core/agent-session/agent-session.js";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import type { Settings } from "../../core/config/settings-types.js";
import type { ModeUIContext } from "../../core/extensions/extension-ui-context.js";
import type { LinesComponent } from "./components/lines-component.js";
import type { ScreenLayout } from "./components/screen-layout.js";
import type { Theme } from "./theme.js";
import type { Transcript } from "./transcript.js";
import type { TranscriptFind } from "./transcript-find.js";
import type { TuiSettings } from "./tui-settings.js";

/** `InteractiveApp` implements it. */
export interface InteractiveAppView {
	readonly tui: TUI;
	readonly theme: Theme;
	readonly editor: Editor;
	readonly transcript: Transcript;
	readonly keybindings: KeybindingsManager;
	readonly widgetsAbove: Container;
	readonly widgetsBelow: Container;
	/** One-line hint above the editor ("Press Ctrl+C again to quit"). */
	readonly hint: LinesComponent;
	readonly runtime: AgentSessionRuntime;
	readonly session: AgentSession;
	/** True while a prompt of the main loop (or a command) is running. */
	readonly isBusy: boolean;
	/** The TUI's `ctx.ui` (`TuiUIContext`). */
	readonly uiContext: ModeUIContext & {
		secret(title: string): Promise<string | undefined>;
		/** A one-line field holding `value` to edit. */
		editValue(title: string, value: string): Promise<string | undefined>;
		/** Offers raw input to extension listeners; true when one consumed it. */
		dispatchTerminalInput(data: string): boolean;
	};
	/** The built-in slash commands (`BuiltinCommands`). */
	readonly commands: { run(text: string): boolean; openExternalEditor(): void };
	/** The editor that has the user's input: an extension's or the built-in one. */
	readonly activeEditor: Component;
	/** Puts an extension's component in place of the header, editor or footer (undefined: the built-in one). */
	setExtensionSlot(slot: "header" | "editor" | "footer", component: Component | undefined): void;
	themeNames(): string[];
	setTheme(name: string): void;
	/** Shows a theme without saving it (undefined: back to the chosen one; `redraw` false only forgets it). */
	previewTheme(name: string | undefined, redraw?: boolean): void;
	/** The TUI settings in effect (configuration.md §3.9). */
	readonly tuiSettings: TuiSettings;
	/** Saves `patch` to the global settings and applies it at once. */
	updateTuiSettings(patch: Settings): void;
	/** `tuiMode: "fullscreen"`: scrolls the transcript window by screens (negative: up); false in regular mode. */
	scrollTranscript(pages: number | "end"): boolean;
	/** Fullscreen: scrolls the transcript window by lines (the mouse wheel). */
	scrollTranscriptLines(lines: number): void;
	/** The screen (fullscreen window, scrollbar, jumps). */
	readonly layout: ScreenLayout;
	/** Find in the fullscreen transcript. */
	readonly find: TranscriptFind;
	/** After leaving the alternate screen: the transcript into the shell (fullscreen only). */
	printPage(): void;
	/** Alt+Up: every queued message back into the editor, unqueued. */
	dequeueToEditor(): void;
	/** Ctrl+V: an image from the clipboard, saved to a file whose path goes into the editor. */
	pasteClipboardImage(): void;
	refreshEditorChrome(): void;
	refreshFooter(): void;
	setWorkingMessage(message: string | undefined): void;
	/** An extension's spinner frames for the working status (undefined: the default spinner). */
	setWorkingIndicator(indicator: { frames: readonly string[]; intervalMs?: number } | undefined): void;
	/** Hides or shows again the working status while a run works. */
	setWorkingVisible(visible: boolean): void;
	setStatus(key: string, text: string | undefined): void;
	showNotice(text: string): void;
	quit(code?: number): void;
	runAction(action: () => Promise<unknown>): Promise<void>;
	handleSubmit(text: string, behavior?: "steer" | "followUp"): void;
}
