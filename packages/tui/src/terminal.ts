/**
 * Everything the TUI needs from a terminal. All terminal I/O goes through this interface, so
 * tests can render into a virtual terminal (see `@pi/tui/testing`).
 */
export interface Terminal {
	/**
	 * Takes over the terminal (raw mode, bracketed paste, keyboard protocol).
	 * `onInput` receives one complete input sequence per call (a key, an escape sequence or a
	 * whole bracketed paste as `ESC[200~…ESC[201~`); `onResize` is called after a size change.
	 */
	start(onInput: (data: string) => void, onResize: () => void): void;
	/** Restores everything `start` changed. Safe to call twice. */
	stop(): void;
	/** Writes raw output. */
	write(data: string): void;
	/** Width in cells. */
	readonly columns: number;
	/** Height in rows. */
	readonly rows: number;
	/** True once the terminal confirmed the kitty keyboard protocol and it was enabled. */
	readonly kittyProtocolActive: boolean;
	/** Hides the hardware cursor. */
	hideCursor(): void;
	/** Shows the hardware cursor. */
	showCursor(): void;
	/** Sets the window title (OSC 0). */
	setTitle(title: string): void;
}

function removeControlCharacters(text: string): string {
	let result = "";
	for (const char of text) {
		const code = char.codePointAt(0) ?? 0;
		if (code >= 0x20 && code !== 0x7f) result += char;
	}
	return result;
}

/** Escape sequences shared by terminal implementations and the renderer. */
export const TerminalSequences = {
	hideCursor: "\x1b[?25l",
	showCursor: "\x1b[?25h",
	bracketedPasteOn: "\x1b[?2004h",
	bracketedPasteOff: "\x1b[?2004l",
	/** Kitty keyboard protocol: query the current flags (reply `CSI ? flags u`). */
	kittyQuery: "\x1b[?u",
	/** Kitty keyboard protocol: push flags 1 (disambiguate escape codes). */
	kittyPushDisambiguate: "\x1b[>1u",
	/** Kitty keyboard protocol: pop the pushed flags. */
	kittyPop: "\x1b[<u",
	/** Primary device attributes; every terminal answers, so it ends a capability probe. */
	primaryDeviceAttributes: "\x1b[c",
	/** xterm modifyOtherKeys level 1: fallback that distinguishes e.g. shift+enter. */
	modifyOtherKeysOn: "\x1b[>4;1m",
	modifyOtherKeysOff: "\x1b[>4;0m",
	syncStart: "\x1b[?2026h",
	syncEnd: "\x1b[?2026l",
	/** Sets the window title (OSC 0). Control characters in `title` are removed. */
	title: (title: string): string => `\x1b]0;${removeControlCharacters(title)}\x07`,
} as const;
