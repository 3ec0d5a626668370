import { type Component, truncateToWidth } from "@pi/tui";
import type { ScreenLayout } from "./components/screen-layout.js";
import { TranscriptSearch } from "./components/transcript-search.js";
import type { Theme } from "./theme.js";

/** Key ids the find bar shows and answers to (from the keybindings). */
export interface FindKeys {
	matches(data: string, action: string): boolean;
	label(action: string): string;
}

/**
 * Find in the fullscreen transcript (`tui.altScreen.search`): a bar above the editor with the
 * query and a `current/total` counter. Typing narrows, Enter / Shift+Enter (`searchNext`,
 * `searchPrevious`) go down and up through the matches, wrapping, Escape (`searchClose`) closes
 * it and leaves the window where it is. The current match is highlighted and kept in view.
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

	start(): void {
		this.open = true;
		this.update(this.search.query);
	}

	close(): void {
		this.open = false;
		this.layout.setMatch(undefined);
	}

	/** Handles a key while open; always consumes it (the editor does not get keys meanwhile). */
	handleKey(data: string): true {
		if (this.keys.matches(data, "tui.altScreen.searchClose")) {
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
		const bottom = this.layout.windowTop + this.layout.windowRows - 1;
		this.search.setQuery(query, lines, bottom);
		this.show(this.search.current);
	}

	private show(match: ReturnType<TranscriptSearch["step"]>): void {
		this.layout.setMatch(match);
		if (match) this.layout.revealLine(match.line);
	}

	invalidate(): void {}

	render(width: number): string[] {
		if (!this.open) return [];
		// The scrolling part was drawn just before in this frame: follow new output.
		this.refresh();
		const theme = this.theme;
		const hint = `↑ ${this.keys.label("tui.altScreen.searchPrevious")} · ↓ ${this.keys.label("tui.altScreen.searchNext")} · ${this.keys.label("tui.altScreen.searchClose")} close`;
		const counter = this.search.query === "" ? "" : `  ${this.search.counter}`;
		const line = `${theme.accent("Find:")} ${this.search.query}${theme.accent("▏")}${theme.bold(counter)}  ${theme.muted(hint)}`;
		return [truncateToWidth(line, width)];
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
