// The options of `runInteractiveMode` (a file of their own so the app can import them without the mode).
import type { ImageContent } from "@pi/ai";
import type { Terminal } from "@pi/tui";

/** What `main()` hands the interactive mode (run-modes.md §7.5). */
export interface InteractiveModeOptions {
	/** The first prompt, assembled from `@file` arguments and the first positional message. */
	initialMessage?: string;
	initialImages?: ImageContent[];
	/** The remaining positional messages, sent one after the other at start-up. */
	messages: string[];
	/** `-r` / `--resume`: open the session picker first. */
	showResumePicker?: boolean;
	/** `--verbose`: show the full start-up header. */
	verbose?: boolean;
	/** Startup warnings (not errors: those stop `main()` first) to show in the header. */
	startupWarnings?: string[];
	/** The version shown in the header. */
	version?: string;
	/** The CHANGELOG.md text, asked for only after an update (`collapseChangelog`). */
	changelog?: () => string | undefined;
	/** `--theme <path>` (repeatable): theme files or folders loaded besides the discovered ones. */
	themePaths?: string[];
	/** `--no-themes`: no theme discovery (`--theme` paths still load). */
	noThemes?: boolean;
	/** `--use-theme`: the theme of this run (a name, or `light/dark`), over the `theme` setting; not saved. */
	theme?: string;
	/** `--tui-mode`: the terminal UI mode of this run, over the `tuiMode` setting; not saved. */
	tuiMode?: "regular" | "fullscreen";
	/** The terminal to draw on. Default: a ProcessTerminal on stdin/stdout. */
	terminal?: Terminal;
}
