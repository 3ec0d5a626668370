import type { Component } from "@pi/tui";
import type { Theme } from "../theme.js";

/**
 * The app's screen: the scrolling part (header, transcript) above the fixed part (status, queue,
 * widgets, editor, footer). Regular mode (`tuiMode: "regular"`) draws both inline, one after the
 * other, and the terminal's scrollback holds what scrolled away. Fullscreen mode draws exactly one
 * screen: the fixed part at the bottom, above it a window on the scrolling part that follows the
 * end unless the user scrolled up (PageUp/PageDown), with a line saying what is below.
 */
export class ScreenLayout implements Component {
	private fullscreen = false;
	/** Lines of the scrolling part below the window (0: following the end). */
	private scrollOffset = 0;
	private lastScrollingLength = 0;
	private lastRoom = 1;

	constructor(
		private readonly scrolling: readonly Component[],
		private readonly fixed: readonly Component[],
		private readonly rows: () => number,
		private readonly theme: Theme,
	) {}

	get isFullscreen(): boolean {
		return this.fullscreen;
	}

	get linesBelow(): number {
		return this.scrollOffset;
	}

	setFullscreen(fullscreen: boolean): void {
		this.fullscreen = fullscreen;
		this.scrollOffset = 0;
	}

	/** Scrolls the window by `pages` screens (negative: up, towards older lines). */
	scrollPages(pages: number): void {
		if (!this.fullscreen) return;
		const step = Math.max(1, this.lastRoom - 2);
		this.scrollOffset = Math.max(0, this.scrollOffset - pages * step);
	}

	/** Back to following the end. */
	scrollToEnd(): void {
		this.scrollOffset = 0;
	}

	invalidate(): void {
		for (const child of [...this.scrolling, ...this.fixed]) child.invalidate?.();
	}

	render(width: number): string[] {
		const scrollingParts = this.scrolling.map((child) => child.render(width));
		const fixedParts = this.fixed.map((child) => child.render(width));
		// One copy of a long transcript per frame, as a plain container would make.
		if (!this.fullscreen) return ([] as string[]).concat(...scrollingParts, ...fixedParts);
		const scrolling = ([] as string[]).concat(...scrollingParts);
		const fixed = ([] as string[]).concat(...fixedParts);
		const room = Math.max(1, this.rows() - fixed.length);
		this.lastRoom = room;
		// Scrolled up, new lines at the end must not move what the user is reading.
		if (this.scrollOffset > 0 && scrolling.length > this.lastScrollingLength) {
			this.scrollOffset += scrolling.length - this.lastScrollingLength;
		}
		this.lastScrollingLength = scrolling.length;
		// Scrolled up, one row is the "more below" line: the top is reached at length - (room - 1).
		const maxOffset = scrolling.length > room ? scrolling.length - Math.max(1, room - 1) : 0;
		this.scrollOffset = Math.min(this.scrollOffset, maxOffset);
		const end = scrolling.length - this.scrollOffset;
		let window: string[];
		if (this.scrollOffset > 0) {
			window = scrolling.slice(Math.max(0, end - (room - 1)), end);
			window.push(this.theme.muted(`  ↓ ${this.scrollOffset} more lines · PageDown scrolls down`));
		} else {
			window = scrolling.slice(Math.max(0, end - room), end);
		}
		while (window.length < room) window.push("");
		return window.concat(fixed);
	}
}
