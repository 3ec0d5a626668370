import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { Markdown } from "../src/components/markdown.js";
import { fitColumns } from "../src/components/markdown-table.js";
import { defaultMarkdownTheme } from "../src/components/markdown-theme.js";
import { visibleWidth } from "../src/text-width.js";

beforeAll(() => {
	chalk.level = 3;
});

function plain(text: string, width = 40): string[] {
	return new Markdown(text, 0, 0).render(width).map((line) => stripAnsi(line).trimEnd());
}

describe("Markdown code blocks", () => {
	it("draws fences with the language label and indents the code", () => {
		expect(plain("```ts\nconst a = 1;\n```")).toEqual(["```ts", "  const a = 1;", "```"]);
	});

	it("highlights code with the syntax theme", () => {
		const line = new Markdown("```ts\nconst a = 1;\n```", 0, 0).render(40)[1] ?? "";
		expect(line).toContain(chalk.magenta("const"));
		expect(line).toContain(chalk.yellow("1"));
	});

	it("uses a custom highlighter and indent from the theme", () => {
		const theme = {
			...defaultMarkdownTheme(),
			codeBlockIndent: "> ",
			highlightCode: (code: string) => [code.toUpperCase()],
		};
		const lines = new Markdown("```\nabc\n```", 0, 0, theme).render(20).map((line) => stripAnsi(line));
		expect(lines).toEqual(["```", "> ABC", "```"]);
	});

	it("highlights a streaming fence once per complete line, the line being written plain", () => {
		const calls: string[] = [];
		const theme = {
			...defaultMarkdownTheme(),
			codeBlockIndent: "",
			codeBlock: (text: string) => text,
			highlightCode: (code: string) => {
				calls.push(code);
				return code.split("\n").map((line) => line.toUpperCase());
			},
		};
		const markdown = new Markdown("```ts\nconst a", 0, 0, theme);
		const render = (): string[] => markdown.render(30).map((line) => stripAnsi(line));
		expect(render()).toEqual(["```ts", "const a"]);
		for (const text of [
			"```ts\nconst a = 1;\nlet b",
			"```ts\nconst a = 1;\nlet b =",
			"```ts\nconst a = 1;\nlet b = 2",
		]) {
			markdown.setText(text);
			render();
		}
		expect(render()).toEqual(["```ts", "CONST A = 1;", "let b = 2"]);
		expect(calls).toEqual(["const a = 1;"]);
		markdown.setText("```ts\nconst a = 1;\nlet b = 2\n```");
		expect(render()).toEqual(["```ts", "CONST A = 1;", "LET B = 2", "```"]);
	});

	it("renders an unclosed fence (mid-stream) without the closing fence", () => {
		expect(plain("Intro\n\n```python\ndef f():\n    return 1")).toEqual([
			"Intro",
			"",
			"```python",
			"  def f():",
			"      return 1",
		]);
	});

	it("renders a fence that is only opened", () => {
		expect(plain("```js")).toEqual(["```js"]);
	});

	it("wraps long code lines inside the indent", () => {
		const lines = plain("```\naaaa bbbb cccc\n```", 10);
		expect(lines).toEqual(["```", "  aaaa", "  bbbb", "  cccc", "```"]);
	});

	it("keeps every space where a code line wraps", () => {
		const source = 'call(alpha,    beta, "a  b")  // two  spaces';
		const lines = new Markdown(`\`\`\`\n${source}\n\`\`\`\n`, 0, 0).render(18).map((line) => stripAnsi(line));
		const rows = lines.slice(1, -1);
		for (const row of rows) {
			expect(row.startsWith("  ")).toBe(true);
			expect(visibleWidth(row)).toBeLessThanOrEqual(18);
		}
		expect(rows.map((row) => row.slice(2)).join("")).toBe(source);
		expect(rows[0]).toBe("  call(alpha,    ");
	});

	it("renders indented code blocks without fences", () => {
		expect(plain("para\n\n    indented code")).toEqual(["para", "", "  indented code"]);
	});
});

describe("Markdown tables", () => {
	const TABLE = "| Name | Qty |\n|:--|--:|\n| apple | 3 |\n| kiwi | 12 |";

	it("draws box borders with natural column widths and alignment", () => {
		expect(plain(TABLE)).toEqual([
			"┌───────┬─────┐",
			"│ Name  │ Qty │",
			"├───────┼─────┤",
			"│ apple │   3 │",
			"│ kiwi  │  12 │",
			"└───────┴─────┘",
		]);
	});

	it("makes header cells bold", () => {
		const header = new Markdown(TABLE, 0, 0).render(40)[1] ?? "";
		expect(header).toContain(chalk.bold("Name"));
	});

	it("narrows wide columns and wraps their cells at narrow widths", () => {
		const text = "| Key | Description |\n|---|---|\n| a | one two three four five six |";
		const lines = plain(text, 20);
		expect(lines).toEqual([
			"┌─────┬────────────┐",
			"│ Key │ Descriptio │",
			"│     │ n          │",
			"├─────┼────────────┤",
			"│ a   │ one two    │",
			"│     │ three four │",
			"│     │ five six   │",
			"└─────┴────────────┘",
		]);
		for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(20);
	});

	it("falls back to header: value lines when the columns cannot fit", () => {
		expect(plain("| a | b | c |\n|---|---|---|\n| 1 | 2 | 3 |\n| 4 | 5 | 6 |", 9)).toEqual([
			"a: 1",
			"b: 2",
			"c: 3",
			"─────────",
			"a: 4",
			"b: 5",
			"c: 6",
		]);
	});

	it("renders half a table (header row only, mid-stream) as text", () => {
		expect(plain("| a | b |\n|--")).toEqual(["| a | b |", "|--"]);
	});

	it("fits columns under a common cap, keeping narrow columns whole", () => {
		expect(fitColumns([3, 10, 20], 40)).toEqual([3, 10, 20]);
		expect(fitColumns([3, 10, 20], 20)).toEqual([3, 9, 8]);
		expect(fitColumns([3, 10, 20], 20).reduce((a, b) => a + b, 0)).toBe(20);
	});
});
