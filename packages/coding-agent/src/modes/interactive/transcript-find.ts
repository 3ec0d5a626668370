import { type Component, truncateToWidth, visibleWidth } from "@pi/tui";
import type { ScreenLayout } from "./components/screen-layout.js";
import { TranscriptSearch } from "./components/transcript-search.js";
import type { Theme } from "./theme.js";

/** Key ids the find bar shows and answers to (from the keybindings). */
export interface FindKeys {
	matches(data: string, action: string): boolean;
	label(action: string): string;
}

/**
 * Find in the fullscreen transcript (`tui.altScreen.search`): a box at the window's top right, as
 * pi 1.4 draws it, with the query, a `current/total` counter and the step keys in its border.
 * Typing narrows (the current match is the first one at or below the window's top), Enter /
 * Shift+Enter (`searchNext`, `searchPrevious`) go down and up through the matches, wrapping,
 * Escape (`searchClose`) or the find key again closes it and leaves the window where it is. The
 * current match is highlighted and kept in view.
 */
export class TranscriptFind implements Component {
	private readonly search = new TranscriptSearch();
	private open = false;

	constructor(
		private readonly layout: ScreenLayout,
		private readonly theme: Theme,
		private readonly keys: FindKeys,
	) {}

	get isOpen(): boolean {
		return this.open;
	}

	get counter(): string {
		return this.search.counter;
	}

	/** Opens with an empty query (each find starts afresh, from the window's top). */
	start(): void {
		this.open = true;
		this.search.setQuery("", [], 0);
		this.layout.setMatch(undefined);
	}

	close(): void {
		this.open = false;
		this.layout.setMatch(undefined);
	}

	/** Handles a key while open; always consumes it (the editor does not get keys meanwhile). */
	handleKey(data: string): true {
		if (this.keys.matches(data, "tui.altScreen.searchClose") || this.keys.matches(data, "tui.altScreen.search")) {
			this.close();
		} else if (this.keys.matches(data, "tui.altScreen.searchPrevious")) {
			this.show(this.search.step(-1));
		} else if (this.keys.matches(data, "tui.altScreen.searchNext")) {
			this.show(this.search.step(1));
		} else if (data === "\x7f" || data === "\b") {
			this.update([...this.search.query].slice(0, -1).join(""));
		} else if (data === "\x15") {
			this.update("");
		} else if (isPrintable(data)) {
			this.update(this.search.query + data);
		}
		return true;
	}

	/** New output: matches are found again in the redrawn lines (called before a frame). */
	refresh(): void {
		if (!this.open) return;
		this.search.refresh(this.layout.scrollingLines);
		this.layout.setMatch(this.search.current);
	}

	private update(query: string): void {
		const lines = this.layout.scrollingLines;
		// From the current match while one is selected, else from the window's top line.
		const anchor = this.search.current?.line ?? this.layout.windowTop;
		this.search.setQuery(query, lines, anchor);
		this.show(this.search.current);
	}

	private show(match: ReturnType<TranscriptSearch["step"]>): void {
		this.layout.setMatch(match);
		if (match) this.layout.revealLine(match.line);
	}

	invalidate(): void {}

	/** The box: three lines of exactly `width` cells (`width` at least 12). */
	render(width: number): string[] {
		if (!this.open) return [];
		// The scrolling part was drawn just before in this frame: follow new output.
		this.refresh();
		const theme = this.theme;
		const inner = Math.max(1, width - 2);
		const counter = this.search.query === "" ? "" : ` ${this.search.counter} `;
		const room = Math.max(1, inner - 1 - visibleWidth(counter));
		const query = truncateToWidth(this.search.query, Math.max(0, room - 1), "");
		const field = `${query}\x1b[7m \x1b[27m`;
		const gap = " ".repeat(Math.max(0, room - visibleWidth(field)));
		const middle = ` ${field}${gap}${theme.dim(counter)}`;
		const hint = ` ↑ ${this.keys.label("tui.altScreen.searchPrevious")} · ↓ ${this.keys.label("tui.altScreen.searchNext")} `;
		const bottomHint = visibleWidth(hint) + 1 <= inner ? hint : "";
		return [
			`┌${"─".repeat(inner)}┐`,
			`│${middle}│`,
			`└${"─".repeat(inner - visibleWidth(bottomHint) - 1)}${bottomHint}─┘`,
		];
	}
}

function isPrintable(data: string): boolean {
	if (data.length === 0 || data.startsWith("\x1b")) return false;
	for (const char of data) {
		const code = char.codePointAt(0) ?? 0;
		if (code < 0x20 || code === 0x7f) return false;
	}
	return true;
}
