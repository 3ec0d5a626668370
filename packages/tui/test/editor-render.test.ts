import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { Editor } from "../src/components/editor.js";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { visibleWidth } from "../src/text-width.js";
import { TUI } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";

beforeAll(() => {
	chalk.level = 3;
});

function mount(
	columns: number,
	rows: number,
	editor = new Editor(),
): { terminal: VirtualTerminal; tui: TUI; editor: Editor } {
	const terminal = new VirtualTerminal(columns, rows);
	const tui = new TUI(terminal, { scheduleRender: (callback) => callback() });
	tui.addChild(editor);
	tui.setFocus(editor);
	tui.start();
	return { terminal, tui, editor };
}

function viewport(terminal: VirtualTerminal, count: number): string[] {
	return terminal
		.getViewport()
		.slice(0, count)
		.map((line) => line.trimEnd());
}

function plain(lines: string[]): string[] {
	return lines.map((line) => stripAnsi(line));
}

describe("Editor rendering", () => {
	it("draws the text between two border lines, every line exactly the width", () => {
		const editor = new Editor();
		editor.setText("hello");
		const lines = editor.render(20);
		expect(plain(lines)).toEqual(["─".repeat(20), `hello${" ".repeat(15)}`, "─".repeat(20)]);
		for (const line of lines) expect(visibleWidth(line)).toBe(20);
	});

	it("shows a reverse-video cursor cell and the hardware cursor marker only when focused", () => {
		const editor = new Editor();
		editor.setText("ab");
		expect(editor.render(10).join("")).not.toContain(CURSOR_MARKER);
		editor.focused = true;
		const row = editor.render(10)[1] ?? "";
		expect(row).toContain(`ab${CURSOR_MARKER}\x1b[7m \x1b[27m`);
	});

	it("puts the terminal cursor on the editor cursor and inverts that cell", async () => {
		const { terminal, editor } = mount(20, 6);
		terminal.sendInput("abc");
		terminal.sendInput("\x1b[D");
		await terminal.flush();
		expect(viewport(terminal, 3)).toEqual(["─".repeat(20), "abc", "─".repeat(20)]);
		expect(terminal.getCell(1, 2)).toMatchObject({ char: "c", inverse: true });
		expect(terminal.getCell(1, 1)).toMatchObject({ char: "b", inverse: false });
		expect(terminal.getCursor()).toMatchObject({ row: 1, column: 2 });
		expect(editor.getText()).toBe("abc");
	});

	it("soft-wraps at word boundaries with wide characters counted as two cells", async () => {
		const { terminal } = mount(11, 8);
		terminal.sendInput("hello world 世界世界世");
		await terminal.flush();
		expect(viewport(terminal, 5)).toEqual(["─".repeat(11), "hello", "world", "世界世界世", "─".repeat(11)]);
		expect(terminal.getCursor()).toMatchObject({ row: 3, column: 0 + 10 });
	});

	it("covers a whole wide character with the cursor cell", () => {
		const editor = new Editor();
		editor.focused = true;
		editor.setText("世界");
		editor.handleInput("\x1b[D");
		expect(editor.render(10)[1]).toContain(`世${CURSOR_MARKER}\x1b[7m界\x1b[27m`);
	});

	it("scrolls past the maximum height with ↑/↓ more indicators", () => {
		const editor = new Editor(undefined, { maxVisibleLines: 3 });
		editor.focused = true;
		editor.setText(["l1", "l2", "l3", "l4", "l5", "l6"].join("\n"));
		let lines = plain(editor.render(20));
		expect(lines).toHaveLength(5);
		expect(lines[0]).toBe(`─── ↑ 3 more ${"─".repeat(7)}`);
		expect(lines.slice(1, 4).map((line) => line.trim())).toEqual(["l4", "l5", "l6"]);
		expect(lines[4]).toBe("─".repeat(20));
		for (let i = 0; i < 4; i++) editor.handleInput("\x1b[A");
		lines = plain(editor.render(20));
		expect(lines[0]).toBe(`─── ↑ 1 more ${"─".repeat(7)}`);
		expect(lines.slice(1, 4).map((line) => line.trim())).toEqual(["l2", "l3", "l4"]);
		expect(lines[4]).toBe(`─── ↓ 2 more ${"─".repeat(7)}`);
	});

	it("pages through long text with PageUp/PageDown", () => {
		const editor = new Editor(undefined, { maxVisibleLines: 3 });
		editor.setText(Array.from({ length: 10 }, (_, i) => `line${i}`).join("\n"));
		editor.render(20);
		editor.handleInput("\x1b[5~");
		expect(editor.getCursor().line).toBe(6);
		editor.handleInput("\x1b[6~");
		expect(editor.getCursor().line).toBe(9);
	});

	it("applies left and right padding", () => {
		const editor = new Editor(undefined, { paddingX: 2 });
		editor.setText("x");
		expect(plain(editor.render(10))[1]).toBe("  x       ");
	});

	it("draws a border status after two border cells; a narrow border keeps only its spinner", () => {
		const editor = new Editor();
		const status = { renderInBorder: (max: number) => "⠋ Working".slice(0, max), renderSpinner: () => "⠋" };
		editor.borderStatus = status;
		let lines = plain(editor.render(30));
		expect(lines[0]).toBe(`── ⠋ Working ${"─".repeat(17)}`);
		expect(lines.every((line) => visibleWidth(line) === 30)).toBe(true);
		// Narrow: the status is cut to the room left, then only the spinner is drawn.
		expect(plain(editor.render(6))[0]).toBe("── ⠋ ─");
		expect(plain(editor.render(5))[0]).toBe("───⠋─");
		// The border style colours the rule, not the status.
		editor.borderStyle = (text) => `<${text}>`;
		expect(editor.render(16)[0]).toBe("<── >⠋ Working< ───>");
		editor.borderStyle = (text) => text;
		// An empty status draws the plain border.
		editor.borderStatus = { renderInBorder: () => "", renderSpinner: () => "" };
		expect(plain(editor.render(10))[0]).toBe("─".repeat(10));
		editor.borderStatus = undefined;
		expect(plain(editor.render(10))[0]).toBe("─".repeat(10));
		// With rows hidden above, the ↑ label sits centred when both fit, else the spinner stays alone.
		const scrolled = new Editor(undefined, { maxVisibleLines: 2 });
		scrolled.borderStatus = status;
		scrolled.setText(["a", "b", "c", "d"].join("\n"));
		lines = plain(scrolled.render(40));
		expect(lines[0]).toBe(`── ⠋ Working ${"─".repeat(2)} ↑ 2 more ${"─".repeat(15)}`);
		expect(visibleWidth(lines[0] ?? "")).toBe(40);
		expect(plain(scrolled.render(26))[0]).toBe(`── ⠋ ─── ↑ 2 more ${"─".repeat(8)}`);
		expect(plain(scrolled.render(20))[0]).toBe(`── ⠋ ${"─".repeat(15)}`);
	});

	it("uses the replaceable border style", () => {
		const editor = new Editor();
		editor.borderStyle = (text) => `<${text}>`;
		expect(editor.render(4)[0]).toBe("<────>");
	});
});
