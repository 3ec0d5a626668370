import chalk from "chalk";
import { beforeAll, describe, expect, it } from "vitest";
import { stripAnsi } from "../src/ansi.js";
import { visibleWidth } from "../src/text-width.js";
import { wrapCodeLine } from "../src/wrap-code.js";

beforeAll(() => {
	chalk.level = 3;
});

describe("wrapCodeLine", () => {
	it("breaks after the last space that fits, keeping the spaces on the row", () => {
		expect(wrapCodeLine("let total =    first + second;", 14)).toEqual(["let total =   ", " first + ", "second;"]);
	});

	it("keeps the indentation and cuts a word longer than the width", () => {
		expect(wrapCodeLine("    averyveryverylongidentifier()", 12)).toEqual([
			"    averyver",
			"yverylongide",
			"ntifier()",
		]);
	});

	it("never splits a wide character and gives back the line when joined", () => {
		const line = "x = '日本語のテキスト' + 😀😀";
		for (const width of [3, 5, 8, 13]) {
			const rows = wrapCodeLine(line, width);
			for (const row of rows) expect(visibleWidth(row), `${width}: ${row}`).toBeLessThanOrEqual(width);
			expect(rows.join("")).toBe(line);
		}
	});

	it("re-opens the active styles on each continuation row", () => {
		const rows = wrapCodeLine(`${chalk.green('"a long string literal"')} end`, 10);
		expect(rows.map((row) => stripAnsi(row)).join("")).toBe('"a long string literal" end');
		expect(rows[1]?.startsWith("\x1b[32m")).toBe(true);
		expect(rows).toEqual(['\x1b[32m"a long ', "\x1b[32mstring ", '\x1b[32mliteral"\x1b[39m ', "end"]);
	});
});
