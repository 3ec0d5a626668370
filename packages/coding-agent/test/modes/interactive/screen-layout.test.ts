import { KeybindingsManager, stripAnsi, visibleWidth } from "@pi/tui";
import { describe, expect, it, vi } from "vitest";
import { APP_KEYBINDINGS } from "../../../src/modes/interactive/app-keybindings.js";
import { FLASH_MS, SCROLLBAR_HIDE_MS, ScreenLayout } from "../../../src/modes/interactive/components/screen-layout.js";
import { SettingsPanel } from "../../../src/modes/interactive/components/settings-panel.js";
import { createTheme } from "../../../src/modes/interactive/theme.js";
import { cellAt, palette, renderAlone } from "./render-support.js";

class Lines {
	constructor(public lines: string[]) {}
	render(): string[] {
		return this.lines;
	}
	invalidate(): void {}
}

const numbered = (count: number) => Array.from({ length: count }, (_, index) => `line ${index}`);

describe("ScreenLayout", () => {
	const theme = createTheme("dark", { env: {} });

	it("regular mode draws the scrolling part, then the fixed part, whatever the height", () => {
		const layout = new ScreenLayout([new Lines(numbered(20))], [new Lines(["editor", "footer"])], () => 5, theme);
		const lines = layout.render(40);
		expect(lines).toHaveLength(22);
		expect(lines.slice(-3)).toEqual(["line 19", "editor", "footer"]);
	});

	const trim = (lines: string[]) => lines.map((line) => stripAnsi(line).trimEnd());

	it("fullscreen draws exactly one screen: the fixed part at the bottom, the newest lines above", () => {
		const layout = new ScreenLayout([new Lines(numbered(3))], [new Lines(["editor", "footer"])], () => 6, theme);
		layout.setFullscreen(true);
		// Short content: blank rows between the transcript and the pinned editor, no scrollbar.
		expect(trim(layout.render(40))).toEqual(["line 0", "line 1", "line 2", "", "editor", "footer"]);
		const long = new ScreenLayout([new Lines(numbered(20))], [new Lines(["editor", "footer"])], () => 6, theme);
		long.setFullscreen(true);
		const lines = long.render(40);
		expect(trim(lines).map((line) => line.replace(/\s*[│┃]$/, ""))).toEqual([
			"line 16",
			"line 17",
			"line 18",
			"line 19",
			"editor",
			"footer",
		]);
		// No scrollbar until the user scrolls (pi 1.4's "auto"); every line fills the width.
		expect(lines.slice(0, 4).map((line) => stripAnsi(line).at(-1))).toEqual([" ", " ", " ", " "]);
		expect(lines.slice(0, 4).every((line) => visibleWidth(line) === 40)).toBe(true);
	});

	it("flashes a message in reverse video at the top right for a second", () => {
		vi.useFakeTimers();
		try {
			let renders = 0;
			const layout = new ScreenLayout([new Lines(numbered(20))], [new Lines(["editor"])], () => 6, theme, {
				bottomKey: () => "Ctrl+End",
				promptLines: () => [],
				requestRender: () => renders++,
			});
			layout.setFullscreen(true);
			layout.flash("Copied!");
			const first = layout.render(40)[0] ?? "";
			expect(first).toContain("\x1b[7m Copied! \x1b[27m");
			expect(stripAnsi(first)).toMatch(/^line 15 +Copied! $/);
			expect(visibleWidth(first)).toBe(40);
			vi.advanceTimersByTime(FLASH_MS);
			expect(renders).toBe(1);
			expect(stripAnsi(layout.render(40)[0] ?? "")).not.toContain("Copied!");
		} finally {
			vi.useRealTimers();
		}
	});

	it("shows the scrollbar in the last column while scrolling and hides it a second after", () => {
		vi.useFakeTimers();
		try {
			let renders = 0;
			const layout = new ScreenLayout([new Lines(numbered(20))], [new Lines(["editor", "footer"])], () => 6, theme, {
				bottomKey: () => "Ctrl+End",
				promptLines: () => [],
				requestRender: () => renders++,
			});
			layout.setFullscreen(true);
			layout.render(40);
			layout.scrollLines(-1);
			layout.scrollToEnd();
			const lines = layout.render(40);
			// At the end its thumb is at the bottom.
			expect(lines.slice(0, 4).map((line) => stripAnsi(line).at(-1))).toEqual(["│", "│", "│", "┃"]);
			expect(lines.slice(0, 4).every((line) => visibleWidth(line) === 40)).toBe(true);
			vi.advanceTimersByTime(SCROLLBAR_HIDE_MS - 1);
			expect(layout.scrollbarVisible).toBe(true);
			vi.advanceTimersByTime(1);
			expect(layout.scrollbarVisible).toBe(false);
			expect(renders).toBe(1);
			expect(
				layout
					.render(40)
					.slice(0, 4)
					.map((line) => stripAnsi(line).at(-1)),
			).toEqual([" ", " ", " ", " "]);
		} finally {
			vi.useRealTimers();
		}
	});

	it('fullscreenScrollbar "always" keeps a column for it (the transcript one narrower); "hidden" never draws it', () => {
		const widths: number[] = [];
		const recorder = {
			render: (width: number) => {
				widths.push(width);
				return numbered(20);
			},
			invalidate: () => {},
		};
		const layout = new ScreenLayout([recorder], [new Lines(["editor", "footer"])], () => 6, theme);
		layout.setFullscreen(true);
		layout.setScrollbarMode("always");
		const lines = layout.render(40);
		expect(widths.at(-1)).toBe(39);
		expect(layout.scrollbarVisible).toBe(true);
		expect(lines.slice(0, 4).map((line) => stripAnsi(line).at(-1))).toEqual(["│", "│", "│", "┃"]);
		expect(lines.slice(0, 4).every((line) => visibleWidth(line) === 40)).toBe(true);
		// All fits: the thumb fills the track, as pi 1.4 draws it.
		const short = new ScreenLayout([new Lines(numbered(2))], [new Lines(["editor", "footer"])], () => 6, theme);
		short.setFullscreen(true);
		short.setScrollbarMode("always");
		expect(
			short
				.render(40)
				.slice(0, 4)
				.map((line) => stripAnsi(line).at(-1)),
		).toEqual(["┃", "┃", "┃", "┃"]);
		layout.setScrollbarMode("hidden");
		layout.scrollLines(-3);
		expect(layout.scrollbarVisible).toBe(false);
		const hidden = layout.render(40);
		expect(widths.at(-1)).toBe(40);
		expect(hidden.slice(0, 3).map((line) => stripAnsi(line).trimEnd())).toEqual(["line 14", "line 15", "line 16"]);
		// Regular mode never has one.
		layout.setFullscreen(false);
		expect(layout.scrollbarVisible).toBe(false);
	});

	it("scrolls by screens and lines, offers a jump to the latest, and stays put while new lines arrive", () => {
		const transcript = new Lines(numbered(30));
		const layout = new ScreenLayout([transcript], [new Lines(["editor"])], () => 6, theme);
		layout.setFullscreen(true);
		layout.render(60);
		layout.scrollPages(-1);
		const scrolled = trim(layout.render(60)).map((line) => line.replace(/\s*[│┃]$/, ""));
		expect(scrolled).toHaveLength(6);
		// A page is the window's height less four rows of overlap, at least one line (5 - 4 = 1 here).
		expect(scrolled.slice(0, 4)).toEqual(["line 25", "line 26", "line 27", "line 28"]);
		expect(scrolled[4]).toContain("↓ Jump to latest message · Ctrl+End");
		expect(scrolled[5]).toBe("editor");
		transcript.lines = numbered(35);
		expect(
			trim(layout.render(60))
				.slice(0, 4)
				.map((line) => line.replace(/\s*[│┃]$/, "")),
		).toEqual(["line 25", "line 26", "line 27", "line 28"]);
		expect(layout.linesBelow).toBe(6);
		layout.scrollLines(-2);
		expect(stripAnsi(layout.render(60)[0] ?? "")).toMatch(/^line 23/);
		// Half a page is half the window (two lines of five).
		layout.scrollPages(-0.5);
		expect(stripAnsi(layout.render(60)[0] ?? "")).toMatch(/^line 21/);
		layout.scrollToTop();
		const top = layout.render(60);
		expect(stripAnsi(top[0] ?? "")).toMatch(/^line 0\s+┃$/);
		layout.scrollToEnd();
		expect(
			trim(layout.render(60))
				.slice(0, 5)
				.map((line) => line.replace(/\s*[│┃]$/, "")),
		).toEqual(["line 30", "line 31", "line 32", "line 33", "line 34"]);
	});

	it("jumps between prompt lines and reveals a find match with a highlight", () => {
		const transcript = new Lines(numbered(50));
		const layout = new ScreenLayout([transcript], [new Lines(["editor"])], () => 6, theme, {
			bottomKey: () => "Ctrl+End",
			promptLines: () => [5, 20, 40],
		});
		layout.setFullscreen(true);
		layout.render(40);
		expect(layout.jumpToPrompt(-1)).toBe(true);
		expect(stripAnsi(layout.render(40)[0] ?? "")).toMatch(/^line 40/);
		layout.jumpToPrompt(-1);
		expect(stripAnsi(layout.render(40)[0] ?? "")).toMatch(/^line 20/);
		layout.jumpToPrompt(1);
		expect(stripAnsi(layout.render(40)[0] ?? "")).toMatch(/^line 40/);
		layout.jumpToPrompt(1);
		expect(layout.linesBelow).toBe(0);
		layout.setMatch({ line: 7, column: 5, width: 1 });
		layout.revealLine(7);
		const lines = layout.render(40);
		const row = lines.findIndex((line) => stripAnsi(line).startsWith("line 7 "));
		expect(row).toBeGreaterThanOrEqual(0);
		expect(lines[row]).toContain("\x1b[7m");
	});

	it("scrolling does nothing in regular mode", () => {
		const layout = new ScreenLayout([new Lines(numbered(30))], [], () => 6, theme);
		layout.scrollPages(-1);
		expect(layout.linesBelow).toBe(0);
	});
});

describe("SettingsPanel", () => {
	it("draws the settings with their values in the theme's colours inside an accent border", async () => {
		const theme = createTheme("dark", { env: {} });
		const keybindings = new KeybindingsManager(
			Object.fromEntries(Object.entries(APP_KEYBINDINGS).map(([action, keys]) => [action, [...keys]])),
		);
		const changes: string[] = [];
		const panel = new SettingsPanel(
			"Settings",
			[
				{ id: "a", label: "Output padding", currentValue: "1", values: ["0", "1", "2"], description: "Columns." },
				{ id: "b", label: "TUI mode", currentValue: "regular", values: ["regular", "fullscreen"] },
			],
			theme,
			keybindings,
			{ onChange: (id, value) => changes.push(`${id}=${value}`), onCancel: () => changes.push("cancel") },
		);
		const terminal = await renderAlone(panel, 50, 14);
		const screen = terminal.getViewport().join("\n");
		expect(screen).toMatch(/→ Output padding\s+1/);
		expect(screen).toMatch(/ TUI mode\s+regular/);
		expect(screen).toContain("Columns.");
		expect(cellAt(terminal, "╭")?.fg).toEqual(palette(75));
		expect(cellAt(terminal, "Output padding")).toMatchObject({ fg: palette(75), bold: true });
		expect(cellAt(terminal, "regular")?.fg).toEqual(palette(221));
		panel.handleInput("\r");
		panel.handleInput("\x1b[B");
		panel.handleInput(" ");
		expect(changes).toEqual(["a=2", "b=fullscreen"]);
	});
});
