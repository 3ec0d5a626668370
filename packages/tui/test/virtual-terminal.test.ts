import { describe, expect, it } from "vitest";
import { VirtualTerminal } from "../src/virtual-terminal.js";

describe("VirtualTerminal", () => {
	it("reports text, cursor and cell attributes", async () => {
		const terminal = new VirtualTerminal(20, 3);
		terminal.write("\x1b[1mB\x1b[22m\x1b[3mI\x1b[23m\x1b[4mU\x1b[24m\x1b[38;5;208mO\x1b[38;2;1;2;3mR\x1b[0m日");
		await terminal.flush();
		expect(terminal.getViewport()).toEqual(["BIUOR日", "", ""]);
		expect(terminal.getCell(0, 0)?.bold).toBe(true);
		expect(terminal.getCell(0, 1)?.italic).toBe(true);
		expect(terminal.getCell(0, 2)?.underline).toBe(true);
		expect(terminal.getCell(0, 3)?.fg).toEqual({ mode: "palette", index: 208 });
		expect(terminal.getCell(0, 4)?.fg).toEqual({ mode: "rgb", value: 0x010203 });
		expect(terminal.getCell(0, 5)).toMatchObject({ char: "日", width: 2 });
		expect(terminal.getCursor()).toMatchObject({ row: 0, column: 7 });
	});

	it("keeps lines that scroll off in the scrollback", async () => {
		const terminal = new VirtualTerminal(10, 2);
		terminal.write("1\r\n2\r\n3\r\n4");
		await terminal.flush();
		expect(terminal.getScrollback()).toEqual(["1", "2"]);
		expect(terminal.getViewport()).toEqual(["3", "4"]);
		expect(terminal.getAllLines()).toEqual(["1", "2", "3", "4"]);
	});

	it("records writes and the title", async () => {
		const terminal = new VirtualTerminal(10, 2);
		terminal.setTitle("hello");
		terminal.write("x");
		expect(terminal.takeWrites()).toBe("\x1b]0;hello\x07x");
		expect(terminal.takeWrites()).toBe("");
		expect(terminal.title).toBe("hello");
	});

	it("refuses input before start", () => {
		expect(() => new VirtualTerminal().sendInput("x")).toThrow(/before start/);
	});
});
