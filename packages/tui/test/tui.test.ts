import { describe, expect, it } from "vitest";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { TUI } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";
import { createHarness, StaticLines } from "./support/harness.js";

const SYNC_START = "\x1b[?2026h";
const SYNC_END = "\x1b[?2026l";

function numbered(count: number, prefix = "line"): string[] {
	return Array.from({ length: count }, (_, index) => `${prefix} ${index}`);
}

describe("TUI differential renderer", () => {
	it("writes every line on the first render", async () => {
		const { tui, settle, screen } = createHarness(20, 5);
		tui.addChild(new StaticLines(["hello", "world"]));
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toContain("hello\r\nworld");
		expect(screen().slice(0, 3)).toEqual(["hello", "world", ""]);
	});

	it("rewrites only the changed line, inside synchronized output", async () => {
		const { tui, settle, screen } = createHarness(20, 10);
		const content = new StaticLines(numbered(5));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = [...content.lines];
		content.lines[2] = "changed";
		tui.requestRender();
		const bytes = await settle();
		// From the last line (row 4) up two rows, erase it, write it. Nothing else.
		expect(bytes).toBe(`${SYNC_START}\x1b[2A\r\x1b[2Kchanged${SYNC_END}`);
		expect(screen().slice(0, 5)).toEqual(["line 0", "line 1", "changed", "line 3", "line 4"]);
	});

	it("skips unchanged lines between two changed ones", async () => {
		const { tui, settle, screen } = createHarness(20, 10);
		const content = new StaticLines(numbered(6));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = [...content.lines];
		content.lines[1] = "one";
		content.lines[4] = "four";
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toBe(`${SYNC_START}\x1b[4A\r\x1b[2Kone\x1b[3B\r\x1b[2Kfour${SYNC_END}`);
		expect(screen().slice(0, 6)).toEqual(["line 0", "one", "line 2", "line 3", "four", "line 5"]);
	});

	it("writes nothing when nothing changed", async () => {
		const { tui, settle } = createHarness(20, 10);
		tui.addChild(new StaticLines(["same"]));
		tui.requestRender();
		await settle();
		tui.requestRender();
		expect(await settle()).toBe("");
	});

	it("coalesces many render requests in one tick into one render", async () => {
		const terminal = new VirtualTerminal(20, 5);
		const tui = new TUI(terminal);
		const content = new StaticLines(["a"]);
		let renders = 0;
		tui.addChild({
			render: () => {
				renders++;
				return content.render();
			},
			invalidate: () => {},
		});
		tui.start();
		for (let index = 0; index < 50; index++) tui.requestRender();
		await new Promise<void>((resolve) => setImmediate(resolve));
		expect(renders).toBe(1);
		tui.stop();
	});

	it("appends new lines with CRLF", async () => {
		const { tui, settle, screen } = createHarness(20, 10);
		const content = new StaticLines(["a"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = ["a", "b", "c"];
		tui.requestRender();
		expect(await settle()).toBe(`${SYNC_START}\r\nb\r\nc${SYNC_END}`);
		expect(screen().slice(0, 4)).toEqual(["a", "b", "c", ""]);
	});

	it("clears leftover lines when content shrinks", async () => {
		const { tui, settle, screen } = createHarness(20, 10);
		const content = new StaticLines(numbered(6));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = ["line 0", "line 1"];
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toBe(`${SYNC_START}\x1b[3A\r\x1b[J${SYNC_END}`);
		expect(screen()).toEqual(["line 0", "line 1", "", "", "", "", "", "", "", ""]);
		content.lines = ["line 0", "line 1", "again"];
		tui.requestRender();
		await settle();
		expect(screen().slice(0, 4)).toEqual(["line 0", "line 1", "again", ""]);
	});

	it("truncates lines wider than the terminal instead of letting them wrap", async () => {
		const { tui, settle, screen } = createHarness(10, 5);
		tui.addChild(new StaticLines(["0123456789abcdef", "next"]));
		tui.requestRender();
		await settle();
		expect(screen().slice(0, 3)).toEqual(["0123456789", "next", ""]);
	});

	it("aligns wide characters and emoji by cell", async () => {
		const { tui, settle, terminal } = createHarness(20, 6);
		tui.addChild(new StaticLines(["日本語|", "😀👍🏽ab|", "👨‍👩‍👧❤️🇯🇵|", "abcdef|", "日本語日本語日本語日本語"]));
		tui.requestRender();
		await settle();
		for (let row = 0; row < 4; row++) expect(terminal.getCell(row, 6)?.char, `row ${row}`).toBe("|");
		expect(terminal.getViewport()[4]).toBe("日本語日本語日本語日");
		expect(terminal.getCell(0, 0)?.width).toBe(2);
	});

	it("keeps the scrollback intact when the transcript is taller than the screen", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		const content = new StaticLines(numbered(12));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = [...content.lines, "line 12"];
		content.lines[11] = "eleven";
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toBe(`${SYNC_START}\r\x1b[2Keleven\r\nline 12${SYNC_END}`);
		expect(terminal.getScrollback()).toEqual(numbered(8));
		expect(terminal.getViewport()).toEqual(["line 8", "line 9", "line 10", "eleven", "line 12"]);
	});

	it("redraws everything when a line above the screen changes", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		const content = new StaticLines(numbered(12));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = [...content.lines];
		content.lines[1] = "scrolled away";
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toContain("\x1b[3J");
		expect(tui.fullRedrawCount).toBe(2);
		expect(terminal.getAllLines()).toEqual(content.lines);
	});

	it("redraws everything on resize, with one copy of the transcript in scrollback", async () => {
		const { tui, settle, terminal } = createHarness(30, 5);
		const content = new StaticLines(numbered(8, "a long line number"));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		terminal.resize(12, 5);
		await settle();
		expect(tui.fullRedrawCount).toBe(2);
		expect(terminal.getAllLines()).toEqual(content.lines.map((line) => line.slice(0, 12).trimEnd()));
		terminal.resize(40, 8);
		await settle();
		expect(terminal.getAllLines()).toEqual(content.lines);
	});

	it("places the hardware cursor at the cursor marker and shows it", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		const content = new StaticLines(["title", `> ab${CURSOR_MARKER}c`, "footer"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		expect(terminal.getCursor()).toEqual({ row: 1, column: 4, visible: true });
		expect(terminal.getViewport()[1]).toBe("> abc");
		content.lines = ["title", "> abc", "footer"];
		tui.requestRender();
		await settle();
		expect(terminal.getCursor().visible).toBe(false);
	});

	it("measures the cursor column in cells", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		tui.addChild(new StaticLines([`日本${CURSOR_MARKER}語`]));
		tui.requestRender();
		await settle();
		expect(terminal.getCursor()).toMatchObject({ row: 0, column: 4 });
	});

	it("parks the cursor below the content on stop", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		tui.addChild(new StaticLines(["one", "two"]));
		tui.requestRender();
		await settle();
		tui.stop();
		await terminal.flush();
		expect(terminal.getCursor()).toEqual({ row: 2, column: 0, visible: true });
	});

	it("works relative to where it started when shell output sits above", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		terminal.write("$ pi\r\n");
		const content = new StaticLines(["a", "b"]);
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = ["A", "b", "c", "d", "e", "f"];
		tui.requestRender();
		await settle();
		expect(terminal.getAllLines()).toEqual(["$ pi", "A", "b", "c", "d", "e", "f"]);
		content.lines = ["A", "b", "c", "d", "E", "f"];
		tui.requestRender();
		await settle();
		expect(terminal.getViewport()).toEqual(["b", "c", "d", "E", "f"]);
	});

	it("redraws from scratch when a tall transcript shrinks into its scrollback", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		const content = new StaticLines(numbered(12));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = numbered(3);
		tui.requestRender();
		await settle();
		expect(terminal.getScrollback()).toEqual([]);
		expect(terminal.getViewport()).toEqual(["line 0", "line 1", "line 2", "", ""]);
	});

	it("shrinks in place while the new last line is still on screen, keeping what scrolled away", async () => {
		const { tui, settle, terminal } = createHarness(20, 5);
		terminal.write("$ pi\r\n");
		const content = new StaticLines(numbered(12));
		tui.addChild(content);
		tui.requestRender();
		await settle();
		content.lines = numbered(9);
		tui.requestRender();
		const bytes = await settle();
		expect(bytes).toBe(`${SYNC_START}\x1b[2A\r\x1b[J${SYNC_END}`);
		expect(terminal.getAllLines()).toEqual(["$ pi", ...numbered(9)]);
		expect(terminal.getViewport()).toEqual(["line 7", "line 8", "", "", ""]);
		content.lines = [...numbered(9), "again"];
		tui.requestRender();
		await settle();
		expect(terminal.getAllLines()).toEqual(["$ pi", ...numbered(9), "again"]);
		expect(tui.fullRedrawCount).toBe(1);
	});

	it("re-truncates wide characters on resize without splitting them", async () => {
		const { tui, settle, terminal } = createHarness(20, 4);
		tui.addChild(new StaticLines(["日本語のテキスト", "ab😀cd"]));
		tui.requestRender();
		await settle();
		terminal.resize(5, 4);
		await settle();
		expect(terminal.getViewport().slice(0, 2)).toEqual(["日本", "ab😀c"]);
		expect(terminal.getCell(1, 2)).toMatchObject({ char: "😀", width: 2 });
	});

	it("routes input through listeners first and hides key releases from components that do not ask", async () => {
		const { tui, terminal } = createHarness(20, 3);
		const seen: string[] = [];
		const plain = { render: () => [], invalidate: () => {}, handleInput: (data: string) => seen.push(`plain:${data}`) };
		const releases = { ...plain, wantsKeyRelease: true, handleInput: (data: string) => seen.push(`release:${data}`) };
		const stop = tui.addInputListener((data) => data === "q" || undefined);
		tui.setFocus(plain);
		terminal.sendInput("q");
		terminal.sendInput("a");
		terminal.sendInput("\x1b[97;1:3u");
		tui.setFocus(releases);
		terminal.sendInput("\x1b[97;1:3u");
		stop();
		terminal.sendInput("q");
		expect(seen).toEqual(["plain:a", "release:\x1b[97;1:3u", "release:q"]);
	});
});
