import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { Markdown } from "../src/components/markdown.js";
import { defaultMarkdownTheme } from "../src/components/markdown-theme.js";
import { visibleWidth } from "../src/text-width.js";
import { TUI } from "../src/tui.js";
import { VirtualTerminal } from "../src/virtual-terminal.js";

beforeAll(() => {
	chalk.level = 3;
});

function plain(text: string, width = 40): string[] {
	return new Markdown(text, 0, 0).render(width).map((line) => stripAnsi(line).trimEnd());
}

async function screen(text: string, columns = 40, rows = 20): Promise<VirtualTerminal> {
	const terminal = new VirtualTerminal(columns, rows);
	const tui = new TUI(terminal, { scheduleRender: (callback) => callback() });
	tui.addChild(new Markdown(text, 0, 0));
	tui.start();
	await terminal.flush();
	return terminal;
}

describe("Markdown blocks", () => {
	it("renders headings bold, h1 underlined, with a level marker from h3", async () => {
		expect(plain("# One\n\n## Two\n\n### Three\n\n#### Four")).toEqual([
			"One",
			"",
			"Two",
			"",
			"### Three",
			"",
			"#### Four",
		]);
		const terminal = await screen("# One\n\n## Two");
		expect(terminal.getCell(0, 0)).toMatchObject({ char: "O", bold: true, underline: true });
		expect(terminal.getCell(2, 0)).toMatchObject({ char: "T", bold: true, underline: false });
	});

	it("wraps paragraphs at the width and separates blocks with one blank line", () => {
		const lines = plain("alpha beta gamma delta epsilon\n\nsecond", 12);
		expect(lines).toEqual(["alpha beta", "gamma delta", "epsilon", "", "second"]);
	});

	it("keeps soft line breaks and decodes entities", () => {
		expect(plain("one\ntwo &amp; &lt;three&gt; &#x2014;")).toEqual(["one", "two & <three> —"]);
	});

	it("renders a horizontal rule across the width", () => {
		expect(plain("a\n\n---\n\nb", 10)).toEqual(["a", "", "─".repeat(10), "", "b"]);
	});

	it("renders block quotes with a bar, wrapping inside it", () => {
		expect(plain("> quoted words that wrap\n>\n> second", 14)).toEqual([
			"│ quoted words",
			"│ that wrap",
			"│",
			"│ second",
		]);
	});

	it("renders bullet lists with hanging indentation and nested bullets", () => {
		const text = "- first item wraps here\n- second\n  - nested one\n  - nested two";
		expect(plain(text, 16)).toEqual(["• first item", "  wraps here", "• second", "  ◦ nested one", "  ◦ nested two"]);
	});

	it("numbers ordered lists from their start and aligns wide numbers", () => {
		const items = Array.from({ length: 10 }, (_, i) => `${i + 1}. item`).join("\n");
		const lines = plain(items);
		expect(lines[0]).toBe("1.  item");
		expect(lines[9]).toBe("10. item");
		expect(plain("3. c\n4. d")).toEqual(["3. c", "4. d"]);
	});

	it("renders task lists with boxes", () => {
		expect(plain("- [ ] open\n- [x] done")).toEqual(["☐ open", "☑ done"]);
		expect(plain("1. [x] first")).toEqual(["1. ☑ first"]);
	});

	it("separates items of a loose list with blank lines", () => {
		expect(plain("- a\n\n- b")).toEqual(["• a", "", "• b"]);
	});
});

describe("Markdown inline styles", () => {
	it("applies bold, italic, strikethrough and inline code styles", async () => {
		const terminal = await screen("**B** *I* ~~S~~ `C`");
		expect(terminal.getViewport()[0]?.trimEnd()).toBe("B I S C");
		expect(terminal.getCell(0, 0)).toMatchObject({ bold: true });
		expect(terminal.getCell(0, 2)).toMatchObject({ italic: true, bold: false });
		expect(terminal.getCell(0, 4)).toMatchObject({ strikethrough: true });
		expect(terminal.getCell(0, 6)?.fg).not.toEqual({ mode: "default" });
		expect(terminal.getCell(0, 1)).toMatchObject({ bold: false, italic: false });
	});

	it("shows a link's URL after its text only when they differ", () => {
		expect(plain("[docs](https://x.dev) and <https://y.dev>", 60)).toEqual(["docs (https://x.dev) and https://y.dev"]);
	});

	it("emits OSC 8 hyperlinks when the theme asks for them", () => {
		const theme = { ...defaultMarkdownTheme(), hyperlinks: true };
		const line = new Markdown("[docs](https://x.dev)", 0, 0, theme).render(40)[0] ?? "";
		expect(line).toContain("\x1b]8;;https://x.dev\x07");
	});

	it("closes and reopens a hyperlink that wraps onto the next line", () => {
		const theme = { ...defaultMarkdownTheme(), hyperlinks: true };
		const lines = new Markdown("[one two three](https://x.dev)", 0, 0, theme).render(8);
		expect(lines.map((line) => stripAnsi(line).trimEnd())).toEqual(["one two", "three", "(https:/", "/x.dev)"]);
		expect(lines[0]?.endsWith("\x1b]8;;\x07")).toBe(true);
		expect(lines[1]?.startsWith("\x1b]8;;https://x.dev\x07")).toBe(true);
		expect(lines[2]?.startsWith("\x1b]8;;https://x.dev")).toBe(false);
	});

	it("shows images as their alt text and URL", () => {
		expect(plain("![logo](l.png)")).toEqual(["[logo] (l.png)"]);
	});
});

describe("Markdown on screen", () => {
	it("renders lists, quotes, highlighted code, tables and links with their styles", async () => {
		const doc = [
			"- item one",
			"- item two",
			"",
			"> quoted",
			"",
			"```ts",
			"const x = 1;",
			"```",
			"",
			"| a | b |",
			"|---|---|",
			"| 1 | 2 |",
			"",
			"see [docs](https://x.dev) now",
		].join("\n");
		const terminal = await screen(doc, 40, 20);
		expect(terminal.getViewport().slice(0, 16)).toEqual([
			"• item one",
			"• item two",
			"",
			"│ quoted",
			"",
			"```ts",
			"  const x = 1;",
			"```",
			"",
			"┌───┬───┐",
			"│ a │ b │",
			"├───┼───┤",
			"│ 1 │ 2 │",
			"└───┴───┘",
			"",
			"see docs (https://x.dev) now",
		]);
		const gray = { mode: "palette", index: 8 };
		expect(terminal.getCell(0, 0)).toMatchObject({ char: "•", fg: { mode: "palette", index: 6 } });
		expect(terminal.getCell(0, 2)).toMatchObject({ char: "i", fg: { mode: "default" } });
		expect(terminal.getCell(3, 0)).toMatchObject({ char: "│", fg: gray });
		expect(terminal.getCell(3, 2)).toMatchObject({ char: "q", italic: true });
		expect(terminal.getCell(5, 0)).toMatchObject({ char: "`", fg: gray });
		expect(terminal.getCell(6, 2)).toMatchObject({ char: "c", fg: { mode: "palette", index: 5 } });
		expect(terminal.getCell(6, 12)).toMatchObject({ char: "1", fg: { mode: "palette", index: 3 } });
		expect(terminal.getCell(9, 0)).toMatchObject({ char: "┌", fg: gray });
		expect(terminal.getCell(15, 4)).toMatchObject({ char: "d", underline: true, fg: { mode: "palette", index: 4 } });
		expect(terminal.getCell(15, 10)).toMatchObject({ char: "h", underline: false, fg: gray });
		expect(terminal.getCell(15, 25)).toMatchObject({ char: "n", underline: false, fg: { mode: "default" } });
	});
});

describe("Markdown component", () => {
	it("applies padding and renders nothing for blank text", () => {
		const markdown = new Markdown("hi", 2, 1);
		expect(markdown.render(10)).toEqual(["", "  hi", ""]);
		markdown.setText("  \n ");
		expect(markdown.render(10)).toEqual([]);
	});

	it("keeps every line within the width, including wide characters", () => {
		const text =
			"# 标题标题标题标题\n\n这是一个很长的中文段落，需要在给定的宽度处正确换行。😀😀😀\n\n| 名字 | 值 |\n|---|---|\n| 很长很长的名字 | 值值值值值值 |";
		for (const width of [8, 13, 20, 31]) {
			for (const line of new Markdown(text, 1, 0).render(width)) expect(visibleWidth(line)).toBeLessThanOrEqual(width);
		}
	});

	it("applies the default text style to plain text and the background to whole lines", () => {
		const style = { color: (text: string) => `<${text}>`, bgColor: (text: string) => `[${text}]` };
		const lines = new Markdown("a **b**", 0, 0, defaultMarkdownTheme(), style).render(8);
		expect(lines.map((line) => stripAnsi(line))).toEqual(["[<a ><b> ]"]);
	});
});
