import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { Input } from "../src/components/input.js";
import { Text } from "../src/components/text.js";
import { CURSOR_MARKER } from "../src/cursor-marker.js";
import { layoutOverlay } from "../src/overlay.js";
import { createHarness, StaticLines } from "./support/harness.js";

beforeAll(() => {
	chalk.level = 3;
});

function background(rows: number, columns: number): string[] {
	return Array.from({ length: rows }, (_, row) => String.fromCharCode(97 + row).repeat(columns));
}

describe("TUI overlays", () => {
	it("draws a centered overlay over the base content, keeping the base on both sides", async () => {
		const { tui, settle, screen } = createHarness(12, 5);
		tui.addChild(new StaticLines(background(5, 12)));
		tui.showOverlay(new StaticLines(["XXXX", "YYYY"]), { width: 4 });
		await settle();
		expect(screen()).toEqual(["aaaaaaaaaaaa", "bbbbXXXXbbbb", "ccccYYYYcccc", "dddddddddddd", "eeeeeeeeeeee"]);
	});

	it("anchors, margins and percentages", async () => {
		const { tui, settle, screen } = createHarness(10, 4);
		tui.addChild(new StaticLines(background(4, 10)));
		tui.showOverlay(new StaticLines(["1", "2", "3"]), {
			anchor: "bottom-right",
			width: "20%",
			maxHeight: 2,
			margin: 1,
		});
		await settle();
		expect(screen()).toEqual(["aaaaaaaaaa", "bbbbbbb1 b", "ccccccc2 c", "dddddddddd"]);
	});

	it("keeps styles of the base line after the overlay", async () => {
		const { tui, settle, terminal } = createHarness(10, 3);
		tui.addChild(new StaticLines(["", chalk.red("rrrrrrrrrr"), ""]));
		tui.showOverlay(new StaticLines(["ov"]), { width: 2 });
		await settle();
		expect(terminal.getViewport()[1]).toBe("rrrrovrrrr");
		expect(terminal.getCell(1, 4)?.fg).toEqual({ mode: "default" });
		expect(terminal.getCell(1, 7)?.fg).toEqual({ mode: "palette", index: 1 });
	});

	it("covers content shorter than the screen and clears when hidden", async () => {
		const { tui, settle, screen } = createHarness(10, 5);
		tui.addChild(new Text("base"));
		const handle = tui.showOverlay(new StaticLines(["popup"]), { anchor: "bottom", width: 5 });
		await settle();
		expect(screen()).toEqual(["base", "", "", "", "  popup"]);
		handle.hide();
		await settle();
		expect(screen()).toEqual(["base", "", "", "", ""]);
		expect(handle.hidden).toBe(true);
	});

	it("takes focus and gives it back on hide; the overlay's cursor wins", async () => {
		const { tui, settle, terminal } = createHarness(20, 6);
		const editor = new Input();
		tui.addChild(editor);
		tui.setFocus(editor);
		const dialog = new Input({ prompt: "? " });
		const handle = tui.showOverlay(dialog, { anchor: "top-left", width: 10, margin: { top: 2 } });
		expect(tui.focused).toBe(dialog);
		expect(editor.focused).toBe(false);
		terminal.sendInput("y");
		await settle();
		expect(dialog.getValue()).toBe("y");
		expect(terminal.getCursor()).toMatchObject({ row: 2, column: 3, visible: true });
		handle.hide();
		expect(tui.focused).toBe(editor);
		terminal.sendInput("z");
		await settle();
		expect(editor.getValue()).toBe("z");
		expect(terminal.getCursor()).toMatchObject({ row: 0, column: 3 });
	});

	it("keeps a base cursor marker beside a non-focusing overlay and drops one under it", async () => {
		const layout = layoutOverlay({ component: new StaticLines(["x"]), options: { width: 1 } }, 10, 1);
		expect(layout).toMatchObject({ row: 0, column: 4, width: 1 });
		for (const [markerColumn, expected] of [
			[2, { column: 2, visible: true }],
			[7, { column: 7, visible: true }],
			[4, { visible: false }],
		] as const) {
			const { tui, settle, terminal } = createHarness(10, 1);
			const text = "abcdefghij";
			tui.addChild(new StaticLines([text.slice(0, markerColumn) + CURSOR_MARKER + text.slice(markerColumn)]));
			tui.showOverlay(new StaticLines(["x"]), { width: 1, focus: false });
			expect(tui.focused).toBeNull();
			await settle();
			expect(terminal.getViewport()[0]).toBe("abcdxfghij");
			expect(terminal.getCursor(), `marker at ${markerColumn}`).toMatchObject(expected);
		}
	});
});
