import { type Component, sliceByColumn, truncateToWidth, visibleWidth } from "@pi/tui";
import type { FullscreenScrollbar } from "../../../core/config/settings-types.js";
import type { Theme } from "../theme.js";
import { highlightMatch, type TranscriptMatch } from "./transcript-search.js";

/** What the fullscreen window shows besides the lines: the jump line's key, marks of prompts. */
export interface FullscreenHooks {
	/** The key shown on the "jump to latest" line (e.g. "Ctrl+End"). */
	bottomKey(): string;
	/** Line numbers (in the scrolling part) where jumps stop (prompts, replies), ascending. */
	promptLines(): number[];
	/** Asks for a frame (the scrollbar hides itself a while after the last scroll). */
	requestRender?(): void;
}

/** Lines of the previous screen a PageUp / PageDown keeps in view. */
export const PAGE_OVERLAP = 4;

/** How long a flash (e.g. "Copied!") stays at the top right. */
export const FLASH_MS = 1000;

/** How long the scrollbar stays after the last scroll (pi 1.4's `fullscreenScrollbar` "auto"). */
export const SCROLLBAR_HIDE_MS = 1000;

/**
 * The app's screen: the scrolling part (header, transcript) above the fixed part (status, queue,
 * widgets, editor, footer). Regular mode (`tuiMode: "regular"`) draws both inline, one after the
 * other, and the terminal's scrollback holds what scrolled away. Fullscreen mode draws exactly one
 * screen: the fixed part at the bottom, above it a window on the scrolling part that follows the
 * end unless the user scrolled up (keys, mouse wheel, find, prompt jumps), with a "jump to latest"
 * line while scrolled up. The scrollbar follows pi 1.4's `fullscreenScrollbar`: "auto" (the
 * default) shows it in the last column while the user scrolls and for {@link SCROLLBAR_HIDE_MS}
 * after, over whatever the transcript drew there, so nothing re-wraps when it comes and goes;
 * "always" gives it a column of its own (the transcript one column narrower); "hidden" never draws it.
 */
export class ScreenLayout implements Component {
	private fullscreen = false;
	/** Lines of the scrolling part below the window (0: following the end). */
	private scrollOffset = 0;
	private lastScrollingLength = 0;
	private lastRoom = 1;
	/** The last frame's scrolling lines (for find and jumps; the same array the transcript returned). */
	private lastScrolling: readonly string[] = [];
	private match: TranscriptMatch | undefined;
	private flashText: string | undefined;
	private flashTimer: ReturnType<typeof setTimeout> | undefined;
	private scrollbarMode: FullscreenScrollbar = "auto";
	private scrollbarShown = false;
	private scrollbarTimer: ReturnType<typeof setTimeout> | undefined;
	/** Drawn over the window's top right (find's box); it renders nothing while closed. */
	private overlay: Component | undefined;

	constructor(
		private readonly scrolling: readonly Component[],
		private readonly fixed: readonly Component[],
		private readonly rows: () => number,
		private readonly theme: Theme,
		private readonly hooks: FullscreenHooks = { bottomKey: () => "Ctrl+End", promptLines: () => [] },
	) {}

	get isFullscreen(): boolean {
		return this.fullscreen;
	}

	get linesBelow(): number {
		return this.scrollOffset;
	}

	/** The scrolling part's lines as last drawn (plain lines with styles). */
	get scrollingLines(): readonly string[] {
		return this.lastScrolling;
	}

	/** The window's height in lines as last drawn. */
	get windowRows(): number {
		return this.lastRoom;
	}

	/** The first line of the scrolling part the window shows. */
	get windowTop(): number {
		return Math.max(0, this.lastScrollingLength - this.scrollOffset - this.visibleRows());
	}

	setFullscreen(fullscreen: boolean): void {
		this.fullscreen = fullscreen;
		this.scrollOffset = 0;
		this.match = undefined;
		this.hideScrollbar();
	}

	/** The `fullscreenScrollbar` setting. */
	setScrollbarMode(mode: FullscreenScrollbar): void {
		if (mode === this.scrollbarMode) return;
		this.scrollbarMode = mode;
		this.hideScrollbar();
	}

	/** True while the scrollbar is drawn ("auto": a scroll less than {@link SCROLLBAR_HIDE_MS} ago). */
	get scrollbarVisible(): boolean {
		return this.fullscreen && (this.scrollbarMode === "always" || this.scrollbarShown);
	}

	/** "auto": shows the scrollbar, and hides it again {@link SCROLLBAR_HIDE_MS} after the last call. */
	private scrolled(): void {
		if (!this.fullscreen || this.scrollbarMode !== "auto") return;
		this.scrollbarShown = true;
		if (this.scrollbarTimer) clearTimeout(this.scrollbarTimer);
		this.scrollbarTimer = setTimeout(() => {
			this.scrollbarTimer = undefined;
			this.scrollbarShown = false;
			this.hooks.requestRender?.();
		}, SCROLLBAR_HIDE_MS);
		// A pending hide never keeps the process alive.
		this.scrollbarTimer.unref?.();
	}

	private hideScrollbar(): void {
		this.scrollbarShown = false;
		if (this.scrollbarTimer) clearTimeout(this.scrollbarTimer);
		this.scrollbarTimer = undefined;
	}

	/**
	 * Scrolls the window by `pages` screens (negative: up, towards older lines): a page keeps
	 * {@link PAGE_OVERLAP} lines of the last one in view, a half page is half the window, as in pi 1.4.
	 */
	scrollPages(pages: number): void {
		const size = Math.abs(pages);
		const lines = size < 1 ? Math.floor(this.lastRoom * size) : size * (this.lastRoom - PAGE_OVERLAP);
		this.scrollLines(Math.sign(pages) * Math.max(1, lines));
	}

	/** Scrolls the window by `lines` (negative: up). */
	scrollLines(lines: number): void {
		if (!this.fullscreen) return;
		this.scrollOffset = this.clampOffset(this.scrollOffset - lines);
		this.scrolled();
	}

	/** Back to following the end. */
	scrollToEnd(): void {
		if (this.scrollOffset > 0) this.scrolled();
		this.scrollOffset = 0;
	}

	/** To the first line. */
	scrollToTop(): void {
		if (!this.fullscreen) return;
		this.scrollOffset = this.maxOffset();
		this.scrolled();
	}

	/** Puts `line` of the scrolling part at the top of the window (as far as it can go). */
	scrollLineToTop(line: number): void {
		if (!this.fullscreen) return;
		const room = this.roomWhenScrolled();
		this.scrollOffset = this.clampOffset(this.lastScrollingLength - line - room);
		this.scrolled();
	}

	/** Makes `line` visible, a third from the top when the window has to move. */
	revealLine(line: number): void {
		if (!this.fullscreen) return;
		const top = this.windowTop;
		const room = this.visibleRows();
		if (line >= top && line < top + room && this.scrollOffset > 0) return;
		this.scrollLineToTop(Math.max(0, line - Math.floor(this.roomWhenScrolled() / 3)));
	}

	/** Shows `message` in reverse video at the screen's top right for {@link FLASH_MS} (fullscreen). */
	flash(message: string): void {
		this.flashText = message;
		if (this.flashTimer) clearTimeout(this.flashTimer);
		this.flashTimer = setTimeout(() => {
			this.flashTimer = undefined;
			this.flashText = undefined;
			this.hooks.requestRender?.();
		}, FLASH_MS);
		this.flashTimer.unref?.();
	}

	/** A component drawn over the window's top right, one row and one column in (undefined: none). */
	setOverlay(overlay: Component | undefined): void {
		this.overlay = overlay;
	}

	/** Highlights a find match (undefined: none). */
	setMatch(match: TranscriptMatch | undefined): void {
		this.match = match;
	}

	/** The prompt start above (-1) or below (+1) the window's top; false when there is none. */
	jumpToPrompt(direction: -1 | 1): boolean {
		if (!this.fullscreen) return false;
		const top = this.windowTop;
		const prompts = this.hooks.promptLines();
		const target =
			direction < 0
				? [...prompts].reverse().find((line) => line < top)
				: prompts.find((line) => line > top && this.scrollOffset > 0);
		if (target === undefined) {
			if (direction > 0) this.scrollToEnd();
			return direction > 0;
		}
		this.scrollLineToTop(target);
		return true;
	}

	/** Everything as one long page (the transcript, then the fixed part), for the shell on exit. */
	pageLines(width: number): string[] {
		return [...this.scrolling, ...this.fixed].flatMap((child) => child.render(width));
	}

	invalidate(): void {
		for (const child of [...this.scrolling, ...this.fixed]) child.invalidate?.();
	}

	private maxOffset(): number {
		const room = this.roomWhenScrolled();
		return this.lastScrollingLength > room ? this.lastScrollingLength - room : 0;
	}

	private clampOffset(offset: number): number {
		return Math.max(0, Math.min(offset, this.maxOffset()));
	}

	/** Scrolled up, one row of the window is the "jump to latest" line. */
	private roomWhenScrolled(): number {
		return Math.max(1, this.lastRoom - 1);
	}

	private visibleRows(): number {
		return this.scrollOffset > 0 ? this.roomWhenScrolled() : this.lastRoom;
	}

	render(width: number): string[] {
		if (!this.fullscreen) {
			const parts = [...this.scrolling, ...this.fixed].map((child) => child.render(width));
			// One copy of a long transcript per frame, as a plain container would make.
			return ([] as string[]).concat(...parts);
		}
		const always = this.scrollbarMode === "always" && width > 1;
		const contentWidth = always ? width - 1 : width;
		const scrollingParts = this.scrolling.map((child) => child.render(contentWidth));
		const fixed = ([] as string[]).concat(...this.fixed.map((child) => child.render(width)));
		const scrolling =
			scrollingParts.length === 1 ? (scrollingParts[0] ?? []) : ([] as string[]).concat(...scrollingParts);
		this.lastScrolling = scrolling;
		const room = Math.max(1, this.rows() - fixed.length);
		this.lastRoom = room;
		// Scrolled up, new lines at the end must not move what the user is reading.
		if (this.scrollOffset > 0 && scrolling.length > this.lastScrollingLength) {
			this.scrollOffset += scrolling.length - this.lastScrollingLength;
		}
		this.lastScrollingLength = scrolling.length;
		this.scrollOffset = this.clampOffset(this.scrollOffset);
		const shown = this.visibleRows();
		const end = scrolling.length - this.scrollOffset;
		const start = Math.max(0, end - shown);
		const window: string[] = [];
		for (let line = start; line < end; line++) {
			const text = scrolling[line] ?? "";
			window.push(this.match?.line === line ? highlightMatch(text, this.match, this.theme) : text);
		}
		while (window.length < shown) window.push("");
		if (this.scrollOffset > 0) window.push(this.jumpLine(contentWidth));
		if (this.overlay) this.drawOverlay(window, this.overlay, width, contentWidth);
		if (this.flashText !== undefined && window.length > 0) window[0] = this.flashOver(window[0] ?? "", width);
		if (!always && !this.scrollbarShown) return window.map((line) => fitToWidth(line, width)).concat(fixed);
		const bar = this.scrollbar(scrolling.length, start, room, always);
		const framed = window.map((line, row) => {
			const cell = bar[row];
			return cell === undefined ? fitToWidth(line, width) : `${fitToWidth(line, width - 1)}\x1b[0m${cell}`;
		});
		return framed.concat(fixed);
	}

	/** Paints the overlay's lines into the window: 40% of the width (at least 32), a margin of one. */
	private drawOverlay(window: string[], overlay: Component, width: number, contentWidth: number): void {
		const boxWidth = Math.min(contentWidth - 1, Math.max(32, Math.floor(width * 0.4)));
		const column = width - 1 - boxWidth;
		if (boxWidth < 12 || column < 0) return;
		const lines = overlay.render(boxWidth);
		for (let index = 0; index < lines.length && index + 1 < window.length; index++) {
			const row = index + 1;
			const under = window[row] ?? "";
			const left = sliceByColumn(under, 0, column);
			const leftWidth = visibleWidth(left);
			const right = sliceByColumn(under, column + boxWidth, Number.MAX_SAFE_INTEGER);
			window[row] = `${left}\x1b[0m${" ".repeat(Math.max(0, column - leftWidth))}${lines[index] ?? ""}\x1b[0m${right}`;
		}
	}

	private flashOver(line: string, width: number): string {
		const text = truncateToWidth(` ${this.flashText} `, width, "");
		const column = width - visibleWidth(text);
		const left = sliceByColumn(line, 0, column);
		return `${left}\x1b[0m${" ".repeat(Math.max(0, column - visibleWidth(left)))}\x1b[7m${text}\x1b[27m`;
	}

	private jumpLine(width: number): string {
		const text = `↓ Jump to latest message · ${this.hooks.bottomKey()}`;
		const left = Math.max(0, Math.floor((width - visibleWidth(text)) / 2));
		return `${" ".repeat(left)}${this.theme.accent(text)}`;
	}

	/**
	 * One cell per window row: the track, and the thumb where the window is. When all fits, blank
	 * ("auto") or all thumb ("always", as pi 1.4 draws it).
	 */
	private scrollbar(total: number, top: number, room: number, always: boolean): string[] {
		if (total <= room && !always) return [];
		const thumb = Math.min(room, Math.max(1, Math.round((room * room) / Math.max(1, total))));
		const maxTop = Math.max(1, total - room);
		const thumbStart = Math.min(room - thumb, Math.round((Math.min(top, maxTop) / maxTop) * (room - thumb)));
		const cells: string[] = [];
		for (let row = 0; row < room; row++) {
			cells.push(row >= thumbStart && row < thumbStart + thumb ? this.theme.accent("┃") : this.theme.muted("│"));
		}
		return cells;
	}
}

/** `line` padded to exactly `width` cells; components' lines already fit, so one measure per line. */
function fitToWidth(line: string, width: number): string {
	const used = visibleWidth(line);
	if (used === width) return line;
	return used < width ? `${line}${" ".repeat(width - used)}` : truncateToWidth(line, width);
}
