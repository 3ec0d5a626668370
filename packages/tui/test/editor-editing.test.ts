import { describe, expect, it } from "vitest";
import { Editor } from "../src/components/editor.js";

const KEY = {
	enter: "\r",
	shiftEnter: "\x1b[13;2u",
	altEnter: "\x1b\r",
	ctrlJ: "\n",
	left: "\x1b[D",
	right: "\x1b[C",
	up: "\x1b[A",
	down: "\x1b[B",
	home: "\x1b[H",
	end: "\x1b[F",
	ctrlA: "\x01",
	ctrlE: "\x05",
	ctrlLeft: "\x1b[1;5D",
	ctrlRight: "\x1b[1;5C",
	altLeft: "\x1b[1;3D",
	altRight: "\x1b[1;3C",
	backspace: "\x7f",
	delete: "\x1b[3~",
} as const;

function typeText(editor: Editor, text: string): void {
	for (const char of text) editor.handleInput(char);
}

function editorWith(text: string): Editor {
	const editor = new Editor();
	editor.setText(text);
	return editor;
}

/** The text with a "|" at the cursor. */
function withCursor(editor: Editor): string {
	const { line, col } = editor.getCursor();
	const lines = [...editor.getLines()];
	const current = lines[line] ?? "";
	lines[line] = `${current.slice(0, col)}|${current.slice(col)}`;
	return lines.join("\n");
}

describe("Editor typing and submit", () => {
	it("inserts typed characters at the cursor", () => {
		const editor = new Editor();
		typeText(editor, "helo");
		editor.handleInput(KEY.left);
		typeText(editor, "l");
		expect(withCursor(editor)).toBe("hell|o");
	});

	it("submits the trimmed text on Enter and clears the editor", () => {
		const editor = new Editor();
		const submitted: string[] = [];
		editor.onSubmit = (text) => submitted.push(text);
		typeText(editor, "  hello  ");
		editor.handleInput(KEY.enter);
		expect(submitted).toEqual(["hello"]);
		expect(editor.getText()).toBe("");
	});

	it("inserts a line break on Shift+Enter, Alt+Enter and Ctrl+J", () => {
		const editor = new Editor();
		typeText(editor, "a");
		editor.handleInput(KEY.shiftEnter);
		typeText(editor, "b");
		editor.handleInput(KEY.altEnter);
		typeText(editor, "c");
		editor.handleInput(KEY.ctrlJ);
		typeText(editor, "d");
		expect(editor.getText()).toBe("a\nb\nc\nd");
	});

	it("turns a backslash before Enter into a line break instead of submitting", () => {
		const editor = new Editor();
		const submitted: string[] = [];
		editor.onSubmit = (text) => submitted.push(text);
		typeText(editor, "one\\");
		editor.handleInput(KEY.enter);
		typeText(editor, "two");
		expect(submitted).toEqual([]);
		expect(editor.getText()).toBe("one\ntwo");
	});

	it("does not submit while disableSubmit is set", () => {
		const editor = new Editor();
		const submitted: string[] = [];
		editor.onSubmit = (text) => submitted.push(text);
		editor.disableSubmit = true;
		typeText(editor, "x");
		editor.handleInput(KEY.enter);
		expect(submitted).toEqual([]);
		expect(editor.getText()).toBe("x");
	});

	it("calls onChange once per input that changes the text", () => {
		const editor = new Editor();
		const changes: string[] = [];
		editor.onChange = (text) => changes.push(text);
		typeText(editor, "ab");
		editor.handleInput(KEY.left);
		editor.handleInput(KEY.backspace);
		expect(changes).toEqual(["a", "ab", "b"]);
	});

	it("calls onChange for setText, insertTextAtCursor and paste, but not for no-ops", () => {
		const editor = new Editor();
		const changes: string[] = [];
		editor.onChange = (text) => changes.push(text);
		editor.setText("a");
		editor.setText("a");
		editor.insertTextAtCursor("b");
		editor.paste("c");
		editor.handleInput(KEY.right);
		expect(changes).toEqual(["a", "ab", "abc"]);
	});

	it("inserts text at the cursor with insertTextAtCursor", () => {
		const editor = editorWith("ac");
		editor.handleInput(KEY.left);
		editor.insertTextAtCursor("b\r\nB");
		expect(withCursor(editor)).toBe("ab\nB|c");
	});

	it("inserts multi-character input without bracketed paste as text", () => {
		const editor = new Editor();
		editor.handleInput("héllo wörld");
		expect(editor.getText()).toBe("héllo wörld");
	});
});

describe("Editor cursor movement", () => {
	it("moves by grapheme, treating emoji and combining marks as one step", () => {
		const editor = editorWith("a👍🏽e\u0301");
		editor.handleInput(KEY.left);
		expect(withCursor(editor)).toBe("a👍🏽|e\u0301");
		editor.handleInput(KEY.left);
		expect(withCursor(editor)).toBe("a|👍🏽e\u0301");
	});

	it("moves to line start and end with Home/End and Ctrl+A/Ctrl+E", () => {
		const editor = editorWith("first\nsecond line");
		editor.handleInput(KEY.home);
		expect(withCursor(editor)).toBe("first\n|second line");
		editor.handleInput(KEY.end);
		expect(withCursor(editor)).toBe("first\nsecond line|");
		editor.handleInput(KEY.ctrlA);
		expect(withCursor(editor)).toBe("first\n|second line");
		editor.handleInput(KEY.ctrlE);
		expect(withCursor(editor)).toBe("first\nsecond line|");
	});

	it("wraps left and right across line breaks", () => {
		const editor = editorWith("ab\ncd");
		editor.handleInput(KEY.home);
		editor.handleInput(KEY.left);
		expect(withCursor(editor)).toBe("ab|\ncd");
		editor.handleInput(KEY.right);
		expect(withCursor(editor)).toBe("ab\n|cd");
	});

	it("jumps by word with Ctrl+Left/Right and Alt+Left/Right", () => {
		const editor = editorWith("foo.bar  baz");
		editor.handleInput(KEY.ctrlLeft);
		expect(withCursor(editor)).toBe("foo.bar  |baz");
		editor.handleInput(KEY.ctrlLeft);
		expect(withCursor(editor)).toBe("foo.|bar  baz");
		editor.handleInput(KEY.altLeft);
		expect(withCursor(editor)).toBe("foo|.bar  baz");
		editor.handleInput(KEY.altLeft);
		expect(withCursor(editor)).toBe("|foo.bar  baz");
		editor.handleInput(KEY.ctrlRight);
		expect(withCursor(editor)).toBe("foo|.bar  baz");
		editor.handleInput(KEY.altRight);
		editor.handleInput(KEY.altRight);
		expect(withCursor(editor)).toBe("foo.bar|  baz");
	});

	it("treats runs of CJK characters and emoji as words", () => {
		const editor = editorWith("hello 世界 😀😀 foo");
		const stops: string[] = [];
		for (let i = 0; i < 4; i++) {
			editor.handleInput(KEY.ctrlLeft);
			stops.push(withCursor(editor));
		}
		expect(stops).toEqual([
			"hello 世界 😀😀 |foo",
			"hello 世界 |😀😀 foo",
			"hello |世界 😀😀 foo",
			"|hello 世界 😀😀 foo",
		]);
		editor.handleInput(KEY.ctrlRight);
		editor.handleInput(KEY.ctrlRight);
		expect(withCursor(editor)).toBe("hello 世界| 😀😀 foo");
	});

	it("moves up and down across wrapped rows keeping the preferred column", () => {
		const editor = new Editor();
		editor.focused = true;
		editor.setText("abcdefghij\nxy\n0123456789");
		editor.render(30);
		editor.handleInput(KEY.up);
		expect(withCursor(editor)).toBe("abcdefghij\nxy|\n0123456789");
		editor.handleInput(KEY.up);
		expect(withCursor(editor)).toBe("abcdefghij|\nxy\n0123456789");
		editor.handleInput(KEY.down);
		editor.handleInput(KEY.down);
		expect(withCursor(editor)).toBe("abcdefghij\nxy\n0123456789|");
	});

	it("moves between visual rows of one wrapped line", () => {
		const editor = new Editor();
		editor.setText("aaaa bbbb cccc");
		editor.render(7); // layout width 6: "aaaa ", "bbbb ", "cccc"
		editor.handleInput(KEY.up);
		expect(withCursor(editor)).toBe("aaaa bbbb| cccc");
		editor.handleInput(KEY.up);
		expect(withCursor(editor)).toBe("aaaa| bbbb cccc");
	});

	it("keeps the column in cells when moving through wide characters", () => {
		const editor = editorWith("世界世界\nabcdef");
		editor.render(40);
		editor.handleInput(KEY.left);
		editor.handleInput(KEY.left);
		expect(withCursor(editor)).toBe("世界世界\nabcd|ef");
		editor.handleInput(KEY.up);
		expect(withCursor(editor)).toBe("世界|世界\nabcdef");
		editor.handleInput(KEY.down);
		expect(withCursor(editor)).toBe("世界世界\nabcd|ef");
	});
});

describe("Editor deletion", () => {
	it("deletes graphemes backward and forward and joins lines", () => {
		const editor = editorWith("ab👍🏽\ncd");
		editor.handleInput(KEY.home);
		editor.handleInput(KEY.backspace);
		expect(withCursor(editor)).toBe("ab👍🏽|cd");
		editor.handleInput(KEY.backspace);
		expect(withCursor(editor)).toBe("ab|cd");
		editor.handleInput(KEY.delete);
		expect(withCursor(editor)).toBe("ab|d");
	});

	it("does nothing at the edges of the text", () => {
		const editor = editorWith("x");
		editor.handleInput(KEY.delete);
		editor.handleInput(KEY.home);
		editor.handleInput(KEY.backspace);
		expect(withCursor(editor)).toBe("|x");
	});

	it("deletes words backward with Ctrl+W and Alt+Backspace and forward with Alt+D", () => {
		const editor = editorWith("one two three");
		editor.handleInput("\x17");
		expect(withCursor(editor)).toBe("one two |");
		editor.handleInput("\x1b\x7f");
		expect(withCursor(editor)).toBe("one |");
		editor.handleInput(KEY.home);
		editor.handleInput("\x1bd");
		expect(withCursor(editor)).toBe("| ");
	});

	it("deletes to the line start with Ctrl+U and to the line end with Ctrl+K", () => {
		const editor = editorWith("first\nsecond line");
		editor.handleInput(KEY.ctrlLeft);
		editor.handleInput("\x15");
		expect(withCursor(editor)).toBe("first\n|line");
		editor.handleInput("\x15");
		expect(withCursor(editor)).toBe("first|line");
		editor.handleInput("\x0b");
		expect(withCursor(editor)).toBe("first|");
	});
});
