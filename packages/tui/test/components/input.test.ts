import { describe, expect, it } from "vitest";
import { Input } from "../../src/components/input.js";
import { createHarness } from "../support/harness.js";

async function focusedInput(columns = 20, rows = 3, options: ConstructorParameters<typeof Input>[0] = {}) {
	const harness = createHarness(columns, rows);
	const input = new Input(options);
	harness.tui.addChild(input);
	harness.tui.setFocus(input);
	await harness.settle();
	const type = async (...chunks: string[]): Promise<void> => {
		for (const chunk of chunks) harness.terminal.sendInput(chunk);
		await harness.settle();
	};
	return { ...harness, input, type };
}

describe("Input", () => {
	it("shows typed text with the terminal cursor on an inverse cursor cell", async () => {
		const { type, terminal, input } = await focusedInput();
		await type("hello");
		expect(terminal.getViewport()[0]).toBe("> hello");
		expect(terminal.getCursor()).toEqual({ row: 0, column: 7, visible: true });
		expect(terminal.getCell(0, 7)?.inverse).toBe(true);
		await type("\x1b[D", "\x1b[D");
		expect(terminal.getCursor().column).toBe(5);
		expect(terminal.getCell(0, 5)).toMatchObject({ char: "l", inverse: true });
		expect(terminal.getCell(0, 4)?.inverse).toBe(false);
		expect(input.getCursor()).toBe(3);
	});

	it("edits with readline keys", async () => {
		const { type, input } = await focusedInput(40);
		await type("foo bar baz");
		await type("\x17");
		expect(input.getValue()).toBe("foo bar ");
		await type("\x01", "X");
		expect(input.getValue()).toBe("Xfoo bar ");
		await type("\x05", "!");
		expect(input.getValue()).toBe("Xfoo bar !");
		await type("\x1bb", "\x0b");
		expect(input.getValue()).toBe("Xfoo ");
		await type("\x15");
		expect(input.getValue()).toBe("");
		await type("one two", "\x1b[1;5D", "\x1b[3~");
		expect(input.getValue()).toBe("one wo");
		await type("\x7f");
		expect(input.getValue()).toBe("onewo");
		await type("\x1b[H", "\x1bd");
		expect(input.getValue()).toBe("");
	});

	it("deletes whole graphemes (emoji, combining marks)", async () => {
		const { type, input } = await focusedInput();
		await type("a👨‍👩‍👧e\u0301");
		await type("\x7f");
		expect(input.getValue()).toBe("a👨‍👩‍👧");
		await type("\x7f");
		expect(input.getValue()).toBe("a");
	});

	it("scrolls horizontally to keep the cursor visible", async () => {
		const { type, terminal } = await focusedInput(12);
		await type("abcdefghijklmnop");
		expect(terminal.getViewport()[0]).toBe("> hijklmnop");
		expect(terminal.getCursor().column).toBe(11);
		await type("\x1b[H");
		expect(terminal.getViewport()[0]).toBe("> abcdefghij");
		expect(terminal.getCursor().column).toBe(2);
	});

	it("scrolls by cells with wide characters", async () => {
		const { type, terminal } = await focusedInput(10);
		await type("日本語テキスト");
		const line = terminal.getViewport()[0] ?? "";
		expect(line.startsWith("> ")).toBe(true);
		// 8 cells of room: the cursor cell plus three wide characters; half a character is never shown.
		expect(line).toBe("> キスト");
		expect(terminal.getCursor().column).toBe(8);
	});

	it("kills into a kill ring and yanks back, cycling older kills with alt+y", async () => {
		const { type, input, terminal } = await focusedInput(40);
		await type("alpha beta gamma");
		await type("\x17", "\x17");
		// Consecutive kills join into one entry, in document order.
		expect(input.getValue()).toBe("alpha ");
		await type("\x01", "\x0b");
		expect(input.getValue()).toBe("");
		await type("\x19");
		expect(input.getValue()).toBe("alpha ");
		await type("\x1by");
		expect(input.getValue()).toBe("beta gamma");
		expect(terminal.getViewport()[0]).toBe("> beta gamma");
		expect(terminal.getCursor().column).toBe(12);
	});

	it("undoes typing a word at a time, and kills, pastes and yanks one step each", async () => {
		const changes: string[] = [];
		const { type, input } = await focusedInput(40, 3, { onChange: (value) => changes.push(value) });
		await type(..."one two");
		await type("\x1b[200~ pasted\nline\x1b[201~");
		expect(input.getValue()).toBe("one two pasted line");
		await type("\x17");
		expect(input.getValue()).toBe("one two pasted ");
		await type("\x1f");
		expect(input.getValue()).toBe("one two pasted line");
		await type("\x1f");
		expect(input.getValue()).toBe("one two");
		await type("\x1f");
		expect(input.getValue()).toBe("one ");
		await type("\x1f", "\x1f");
		expect(input.getValue()).toBe("");
		// Redo is ctrl+shift+z (kitty / modifyOtherKeys encodings).
		await type("\x1b[122;6u");
		expect(input.getValue()).toBe("one ");
		expect(input.getCursor()).toBe(4);
		await type("!");
		await type("\x1b[122;6u");
		expect(input.getValue()).toBe("one !");
		expect(changes.at(-1)).toBe("one !");
	});

	it("undoes setValue and moving the cursor ends a typing group", async () => {
		const { type, input } = await focusedInput(40);
		input.setValue("draft");
		await type("ab", "\x1b[D", "c");
		expect(input.getValue()).toBe("draftacb");
		await type("\x1f");
		expect(input.getValue()).toBe("draftab");
		await type("\x1f", "\x1f");
		expect(input.getValue()).toBe("");
	});

	it("calls onSubmit and onEscape", async () => {
		const submitted: string[] = [];
		let escaped = 0;
		const { type } = await focusedInput(20, 3, {
			onSubmit: (value) => submitted.push(value),
			onEscape: () => escaped++,
		});
		await type("query", "\r");
		await type("\x1b[27u");
		expect(submitted).toEqual(["query"]);
		expect(escaped).toBe(1);
	});

	it("hides the cursor cell and marker when not focused, showing the placeholder", async () => {
		const harness = createHarness(20, 3);
		const input = new Input({ placeholder: "Search…" });
		harness.tui.addChild(input);
		harness.tui.requestRender();
		await harness.settle();
		expect(harness.terminal.getViewport()[0]).toBe("> Search…");
		expect(harness.terminal.getCell(0, 2)?.dim).toBe(true);
		expect(harness.terminal.getCursor().visible).toBe(false);
	});

	it("takes a 10,000-line bracketed paste through the stdin buffer as one edit", async () => {
		const changes: string[] = [];
		const { terminal, input, settle } = await focusedInput(30, 3, { onChange: (value) => changes.push(value) });
		const lines = Array.from({ length: 10_000 }, (_, index) => `line${index}`);
		const stream = `\x1b[200~${lines.join("\r")}\x1b[201~`;
		for (let offset = 0; offset < stream.length; offset += 1000)
			terminal.sendInput(stream.slice(offset, offset + 1000));
		await settle();
		expect(changes).toHaveLength(1);
		expect(input.getValue()).toBe(lines.join(" "));
		expect(terminal.getViewport()[0]).toBe(">  line9997 line9998 line9999");
		expect(terminal.getCursor().column).toBe(29);
	});
});
