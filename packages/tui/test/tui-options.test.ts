import { describe, expect, it } from "vitest";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { TUI, type TUIOptions } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";
import { StaticLines } from "./support/harness.js";

function start(options: TUIOptions, columns = 30, rows = 6) {
	const terminal = new VirtualTerminal(columns, rows);
	const queue: Array<() => void> = [];
	const tui = new TUI(terminal, { ...options, scheduleRender: (callback) => queue.push(callback) });
	const content = new StaticLines([]);
	tui.addChild(content);
	tui.start();
	const settle = async (): Promise<string> => {
		while (queue.length > 0) queue.shift()?.();
		await terminal.flush();
		return terminal.takeWrites();
	};
	return { terminal, tui, content, settle };
}

describe("TUI options", () => {
	it("moves the hidden hardware cursor to the marker unless showHardwareCursor is set; the setter shows it", async () => {
		const { terminal, tui, content, settle } = start({ showHardwareCursor: false });
		content.lines = ["first", `ab${CURSOR_MARKER}c`];
		tui.requestRender();
		await settle();
		expect(terminal.getCursor()).toEqual({ row: 1, column: 2, visible: false });
		tui.setShowHardwareCursor(true);
		await settle();
		expect(terminal.getCursor()).toEqual({ row: 1, column: 2, visible: true });
		tui.setShowHardwareCursor(false);
		await settle();
		expect(terminal.getCursor().visible).toBe(false);
		tui.stop();
		await terminal.flush();
		// Leaving the app always gives the user their cursor back.
		expect(terminal.getCursor().visible).toBe(true);
	});

	it("shows the hardware cursor by default (the library's behaviour before the option)", async () => {
		const { terminal, tui, content, settle } = start({});
		content.lines = [`x${CURSOR_MARKER}y`];
		tui.requestRender();
		await settle();
		expect(terminal.getCursor()).toEqual({ row: 0, column: 1, visible: true });
	});

	it("clearOnShrink keeps the last line at the bottom of a full screen when the content gets shorter", async () => {
		const lines = Array.from({ length: 10 }, (_, index) => `line ${index}`);
		for (const clearOnShrink of [false, true]) {
			const { terminal, tui, content, settle } = start({ clearOnShrink }, 30, 6);
			content.lines = [...lines, "tall editor 1", "tall editor 2"];
			tui.requestRender();
			await settle();
			content.lines = [...lines];
			tui.requestRender();
			const bytes = await settle();
			const screen = terminal.getViewport();
			if (clearOnShrink) {
				expect(bytes).toContain("\x1b[2J");
				expect(screen).toEqual(["line 4", "line 5", "line 6", "line 7", "line 8", "line 9"]);
			} else {
				expect(bytes).not.toContain("\x1b[2J");
				expect(screen.slice(4)).toEqual(["", ""]);
			}
			tui.stop();
		}
	});

	it("clearOnShrink does nothing while the content is shorter than the screen", async () => {
		const { terminal, tui, content, settle } = start({ clearOnShrink: true }, 30, 6);
		content.lines = ["a", "b", "c"];
		tui.requestRender();
		await settle();
		content.lines = ["a"];
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).not.toContain("\x1b[2J");
		expect(terminal.getViewport().slice(0, 3)).toEqual(["a", "", ""]);
	});

	it("alternateScreen draws on the alternate screen and gives the shell's screen back on stop", async () => {
		const terminal = new VirtualTerminal(30, 6);
		terminal.write("shell prompt $ ls\r\n");
		const queue: Array<() => void> = [];
		const tui = new TUI(terminal, { alternateScreen: true, scheduleRender: (callback) => queue.push(callback) });
		const content = new StaticLines(["app line"]);
		tui.addChild(content);
		tui.start();
		while (queue.length > 0) queue.shift()?.();
		await terminal.flush();
		expect(terminal.getViewport()[0]).toBe("app line");
		expect(terminal.getViewport().join("\n")).not.toContain("shell prompt");
		// A redraw on the alternate screen must not erase the shell's scrollback (no ED3).
		tui.requestRender(true);
		while (queue.length > 0) queue.shift()?.();
		expect(terminal.takeWrites()).not.toContain("\x1b[3J");
		tui.stop();
		await terminal.flush();
		expect(terminal.getViewport()[0]).toBe("shell prompt $ ls");
		expect(terminal.getViewport().join("\n")).not.toContain("app line");
	});

	it("setAlternateScreen switches screens while running and redraws", async () => {
		const { terminal, tui, content, settle } = start({}, 30, 6);
		content.lines = ["inline"];
		tui.requestRender();
		await settle();
		tui.setAlternateScreen(true);
		content.lines = ["fullscreen"];
		const bytes = await settle();
		expect(bytes).toContain("\x1b[?1049h");
		expect(terminal.getViewport()[0]).toBe("fullscreen");
		tui.setAlternateScreen(false);
		content.lines = ["inline again"];
		const back = await settle();
		expect(back).toContain("\x1b[?1049l");
		expect(terminal.getViewport()[0]).toBe("inline again");
		expect(tui.usesAlternateScreen).toBe(false);
	});
});
