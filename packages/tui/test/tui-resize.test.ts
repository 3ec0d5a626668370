import { describe, expect, it } from "vitest";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { createHarness, StaticLines } from "./support/harness.js";

const SYNC_START = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";
const CLEAR_SCROLLBACK = "\x1b[3J";
const HISTORY = ["$ ls", "notes.txt", "$ pi"];

function numbered(count: number, prefix = "line"): string[] {
	return Array.from({ length: count }, (_, index) => `${prefix} ${index}`);
}

/** A harness whose terminal already shows some shell output, as when an app is launched. */
function withHistory(columns: number, rows: number) {
	const harness = createHarness(columns, rows);
	harness.terminal.write(`${HISTORY.join("\r\n")}\r\n`);
	return harness;
}

describe("TUI renderer on resize", () => {
	it("keeps the shell history and the transcript when only the height changes", async () => {
		const { tui, settle, terminal } = withHistory(20, 5);
		const content = new StaticLines(numbered(12));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		for (const rows of [8, 3, 6]) {
			terminal.resize(20, rows);
			const bytes = await settle();
			expect(bytes).not.toContain(CLEAR_SCROLLBACK);
			expect(terminal.getAllLines(), `rows ${rows}`).toEqual([...HISTORY, ...content.lines]);
		}
		content.lines = [...content.lines, "line 12"];
		tui.requestRender();
		expect(await settle()).toBe(`${SYNC_START}\r\nline 12${SYNC_END}`);
		expect(terminal.getAllLines()).toEqual([...HISTORY, ...content.lines]);
		expect(tui.fullRedrawCount).toBe(1);
	});

	it("redraws the rows below the cursor that a shorter screen dropped", async () => {
		const { tui, settle, terminal } = withHistory(20, 8);
		// An editor row with the cursor, and a footer below it, as in a chat app.
		const content = new StaticLines(["answer", `> draft${CURSOR_MARKER}`, "footer 1", "footer 2"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		expect(terminal.getCursor()).toEqual({ row: 4, column: 7, visible: true });
		// xterm.js removes rows below the cursor first when the screen gets shorter.
		terminal.resize(20, 5);
		const bytes = await settle();
		expect(bytes).toBe(
			`${SYNC_START}\x1b[?25l\r\x1b[J> draft\r\nfooter 1\r\nfooter 2\x1b[2A\x1b[8G\x1b[?25h${SYNC_END}`,
		);
		expect(terminal.getAllLines()).toEqual([...HISTORY, "answer", "> draft", "footer 1", "footer 2"]);
		expect(terminal.getCursor()).toEqual({ row: 2, column: 7, visible: true });
		expect(tui.fullRedrawCount).toBe(1);
	});

	it("repairs the screen after resizes that end at the old size before a render", async () => {
		const { tui, settle, terminal } = withHistory(20, 8);
		const content = new StaticLines(["answer", `> draft${CURSOR_MARKER}`, "footer 1", "footer 2"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		terminal.resize(20, 4);
		terminal.resize(20, 8);
		await settle();
		expect(terminal.getAllLines()).toEqual([
			...HISTORY,
			...content.lines.map((line) => line.replace(CURSOR_MARKER, "")),
		]);
		expect(tui.fullRedrawCount).toBe(1);
	});

	it("keeps the screen when the terminal gets wider and re-renders only what changed", async () => {
		const { tui, settle, terminal } = withHistory(12, 8);
		const content = new StaticLines(["short", "a long line that is cut", "end"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		expect(terminal.getAllLines()).toEqual([...HISTORY, "short", "a long line", "end"]);
		terminal.resize(30, 8);
		const bytes = await settle();
		expect(bytes).not.toContain(CLEAR_SCROLLBACK);
		expect(bytes).not.toContain("short");
		expect(terminal.getAllLines()).toEqual([...HISTORY, ...content.lines]);
		expect(tui.fullRedrawCount).toBe(1);
	});

	it("redraws everything, history included, when a change is out of reach after the screen shrank", async () => {
		const { tui, settle, terminal } = withHistory(20, 6);
		const content = new StaticLines(numbered(5));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		terminal.resize(20, 3);
		await settle();
		content.lines = [...content.lines];
		content.lines[0] = "changed";
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toContain(CLEAR_SCROLLBACK);
		expect(tui.fullRedrawCount).toBe(2);
		expect(terminal.getAllLines()).toEqual(content.lines);
	});

	it("clears and redraws when the terminal gets narrower (what was on screen was re-wrapped)", async () => {
		const { tui, settle, terminal } = withHistory(20, 6);
		const content = new StaticLines(["a line of eighteen.", "two"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		terminal.resize(10, 6);
		const bytes = await settle();
		expect(bytes).toContain(CLEAR_SCROLLBACK);
		expect(terminal.getAllLines()).toEqual(["a line of", "two"]);
	});

	it("never lets a line wider than the terminal wrap, in updates and after resizes", async () => {
		const { tui, settle, terminal } = createHarness(10, 4);
		const content = new StaticLines(["first"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = ["first", "\x1b[1m0123456789abcdef\x1b[22m", "日本語日本語日本語", "last"];
		tui.requestRender();
		await settle();
		expect(terminal.getAllLines()).toEqual(["first", "0123456789", "日本語日本", "last"]);
		expect(terminal.getCell(1, 9)).toMatchObject({ char: "9", bold: true });
		terminal.resize(13, 3);
		await settle();
		expect(terminal.getAllLines()).toEqual(["first", "0123456789abc", "日本語日本語", "last"]);
		terminal.resize(5, 3);
		await settle();
		expect(terminal.getAllLines()).toEqual(["first", "01234", "日本", "last"]);
	});
});
