import type { Editor, TUI } from "@pi/tui";
import type { Settings } from "../../core/config/settings-types.js";
import type { ScreenLayout } from "./components/screen-layout.js";
import type { TerminalProgress } from "./terminal-progress.js";
import type { Transcript } from "./transcript.js";
import type { TuiSettings } from "./tui-settings.js";

/** What applying the TUI settings touches (the app). */
export interface TuiSettingsTarget {
	readonly tui: TUI;
	readonly editor: Editor;
	readonly transcript: Transcript;
	readonly layout: ScreenLayout;
	readonly progress: TerminalProgress;
	/** Rebuilds the theme object from the current settings and redraws every component. */
	rebuildTheme(): void;
}

/** `patch` over `base`: objects merge key by key, everything else replaces (as settings files merge). */
export function mergeRunSettings(base: Readonly<Settings>, patch: Readonly<Settings>): Settings {
	const merged: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(patch)) {
		const previous = merged[key];
		const isObject = (candidate: unknown): candidate is Record<string, unknown> =>
			typeof candidate === "object" && candidate !== null && !Array.isArray(candidate);
		merged[key] = isObject(previous) && isObject(value) ? mergeRunSettings(previous, value) : value;
	}
	return merged as Settings;
}

/**
 * Applies changed TUI settings to a running app, so a change in /settings shows at once. The
 * few that only matter at start-up (`quietStartup`, `collapseChangelog`) and those read when used
 * (`doubleEscapeAction`, `treeFilterMode`, `externalEditor`, `fullscreenExitOutput`,
 * `fullscreenWheelScrollLines`) need nothing here.
 */
export function applyTuiSettings(app: TuiSettingsTarget, previous: TuiSettings, next: TuiSettings): void {
	if (previous.showHardwareCursor !== next.showHardwareCursor) app.tui.setShowHardwareCursor(next.showHardwareCursor);
	app.tui.setClearOnShrink(next.clearOnShrink);
	app.editor.setPaddingX(next.editorPaddingX);
	app.editor.setAutocompleteMaxVisible(next.autocompleteMaxVisible);
	app.progress.setEnabled(next.showTerminalProgress);
	if (previous.showThinkingBlocks !== next.showThinkingBlocks) app.transcript.setShowThinking(next.showThinkingBlocks);
	app.layout.setScrollbarMode(next.fullscreenScrollbar);
	if (previous.tuiMode !== next.tuiMode) {
		const fullscreen = next.tuiMode === "fullscreen";
		app.layout.setFullscreen(fullscreen);
		app.tui.setAlternateScreen(fullscreen);
	}
	const imagesChanged = previous.showImages !== next.showImages || previous.imageWidthCells !== next.imageWidthCells;
	if (imagesChanged)
		app.transcript.setImageOptions({ showImages: next.showImages, imageWidthCells: next.imageWidthCells });
	if (
		imagesChanged ||
		previous.theme !== next.theme ||
		previous.outputPad !== next.outputPad ||
		previous.codeBlockIndent !== next.codeBlockIndent
	) {
		app.rebuildTheme();
	}
	app.tui.requestRender();
}
