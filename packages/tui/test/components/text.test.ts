import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { Box } from "../../src/components/box.js";
import { Spacer } from "../../src/components/spacer.js";
import { Text } from "../../src/components/text.js";
import { TruncatedText } from "../../src/components/truncated-text.js";
import { renderAlone } from "../support/harness.js";

beforeAll(() => {
	chalk.level = 3;
});

describe("Text", () => {
	it("word-wraps to the terminal width", async () => {
		const { screen } = await renderAlone(new Text("the quick brown fox jumps over the lazy dog"), 16, 5);
		expect(screen().slice(0, 4)).toEqual(["the quick brown", "fox jumps over", "the lazy dog", ""]);
	});

	it("keeps styles across wrapped lines", async () => {
		const { terminal } = await renderAlone(new Text(chalk.bold("bold text that wraps around")), 10, 5);
		expect(terminal.getViewport().slice(0, 3)).toEqual(["bold text", "that wraps", "around"]);
		expect(terminal.getCell(2, 0)?.bold).toBe(true);
		expect(terminal.getCell(2, 5)?.bold).toBe(true);
		expect(terminal.getCell(2, 7)?.bold).toBe(false);
	});

	it("pads and paints the background across the full width", async () => {
		const text = new Text("hi", { paddingX: 2, paddingY: 1, background: (line) => chalk.bgBlue(line) });
		const { terminal } = await renderAlone(text, 12, 5);
		expect(terminal.getViewport().slice(0, 4)).toEqual(["", "  hi", "", ""]);
		for (const row of [0, 1, 2]) expect(terminal.getCell(row, 11)?.bg).toEqual({ mode: "palette", index: 4 });
		expect(terminal.getCell(3, 0)?.bg).toEqual({ mode: "default" });
	});

	it("renders nothing for empty text and updates with setText", async () => {
		const text = new Text("");
		expect(text.render(10)).toEqual([]);
		text.setText("a\nb");
		expect(text.render(10)).toEqual(["a", "b"]);
	});

	it("lays out CJK text by cells", async () => {
		const { screen } = await renderAlone(new Text("日本語のテキストです"), 8, 4);
		expect(screen().slice(0, 3)).toEqual(["日本語の", "テキスト", "です"]);
	});
});

describe("TruncatedText", () => {
	it("shows the first line cut to the width with an ellipsis", async () => {
		const { screen } = await renderAlone(new TruncatedText("a status line that is too long\nsecond"), 12, 3);
		expect(screen()).toEqual(["a status li…", "", ""]);
	});

	it("keeps the text's styles up to the cut", async () => {
		const text = new TruncatedText(`${chalk.bold("bold")} ${chalk.red("red words that go on")}`);
		const { terminal } = await renderAlone(text, 12, 2);
		expect(terminal.getViewport()[0]).toBe("bold red wo…");
		expect(terminal.getCell(0, 0)).toMatchObject({ char: "b", bold: true });
		expect(terminal.getCell(0, 5)).toMatchObject({ char: "r", bold: false, fg: { mode: "palette", index: 1 } });
		expect(terminal.getCell(0, 11)?.char).toBe("…");
	});

	it("applies padding", () => {
		expect(new TruncatedText("abc", { paddingX: 1, paddingY: 1 }).render(10)).toEqual(["", " abc", ""]);
	});
});

describe("Box", () => {
	it("pads its children and paints a solid background", async () => {
		const box = new Box({ paddingX: 1, paddingY: 1, background: (line) => chalk.bgRgb(10, 20, 30)(line) });
		box.addChild(new Text(`${chalk.red("red")} plain words`));
		const { terminal } = await renderAlone(box, 12, 6);
		expect(terminal.getViewport().slice(0, 5)).toEqual(["", " red plain", " words", "", ""]);
		const background = { mode: "rgb", value: (10 << 16) | (20 << 8) | 30 };
		for (let row = 0; row < 4; row++) {
			for (const column of [0, 5, 11])
				expect(terminal.getCell(row, column)?.bg, `${row},${column}`).toEqual(background);
		}
		expect(terminal.getCell(1, 1)?.fg).toEqual({ mode: "palette", index: 1 });
		expect(terminal.getCell(4, 0)?.bg).toEqual({ mode: "default" });
	});

	it("keeps the background after a full reset inside a child line", async () => {
		const box = new Box({ paddingX: 0, paddingY: 0, background: (line) => chalk.bgGreen(line) });
		box.addChild(new Text("ab\x1b[0mcd"));
		const { terminal } = await renderAlone(box, 6, 2);
		expect(terminal.getCell(0, 3)?.bg).toEqual({ mode: "palette", index: 2 });
		expect(terminal.getCell(0, 5)?.bg).toEqual({ mode: "palette", index: 2 });
	});
});

describe("Spacer", () => {
	it("renders the given number of empty lines", async () => {
		const box = new Box({ paddingX: 0, paddingY: 0 });
		box.addChild(new Text("top"));
		box.addChild(new Spacer(2));
		box.addChild(new Text("bottom"));
		const { screen } = await renderAlone(box, 10, 5);
		expect(screen()).toEqual(["top", "", "", "bottom", ""]);
	});

	it("takes the background of the box it sits in", async () => {
		const box = new Box({ paddingX: 0, paddingY: 0, background: (line) => chalk.bgBlue(line) });
		box.addChild(new Text("top"));
		box.addChild(new Spacer(1));
		box.addChild(new Text("bottom"));
		const { terminal } = await renderAlone(box, 10, 4);
		expect(terminal.getViewport()).toEqual(["top", "", "bottom", ""]);
		for (const column of [0, 9]) expect(terminal.getCell(1, column)?.bg).toEqual({ mode: "palette", index: 4 });
		expect(terminal.getCell(3, 0)?.bg).toEqual({ mode: "default" });
	});
});
