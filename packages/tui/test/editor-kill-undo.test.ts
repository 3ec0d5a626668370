import { describe, expect, it } from "vitest";
import { Editor } from "../src/components/editor.js";
import { KillRing } from "../src/components/kill-ring.js";
import { UndoStack } from "../src/components/undo-stack.js";

const KEY = {
	left: "\x1b[D",
	home: "\x1b[H",
	end: "\x1b[F",
	ctrlW: "\x17",
	ctrlK: "\x0b",
	ctrlU: "\x15",
	altD: "\x1bd",
	ctrlY: "\x19",
	altY: "\x1by",
	undo: "\x1f",
	ctrlZ: "\x1a",
	redo: "\x1b[122;6u",
	backspace: "\x7f",
} as const;

function typeText(editor: Editor, text: string): void {
	for (const char of text) editor.handleInput(char);
}

describe("KillRing", () => {
	it("accumulates consecutive kills in document order", () => {
		const ring = new KillRing();
		ring.push("world", "backward", false);
		ring.push("hello ", "backward", true);
		ring.push("!", "forward", true);
		expect(ring.yank()).toBe("hello world!");
		expect(ring.size).toBe(1);
	});

	it("cycles older entries with yankPop and drops entries past capacity", () => {
		const ring = new KillRing(2);
		ring.push("a", "forward", false);
		ring.push("b", "forward", false);
		ring.push("c", "forward", false);
		expect(ring.yank()).toBe("c");
		expect(ring.yankPop()).toBe("b");
		expect(ring.yankPop()).toBe("c");
	});
});

describe("UndoStack", () => {
	it("undoes and redoes snapshots, and a new push clears redo", () => {
		const stack = new UndoStack<number>();
		stack.push(1);
		stack.push(2);
		expect(stack.undo(3)).toBe(2);
		expect(stack.redo(2)).toBe(3);
		expect(stack.undo(3)).toBe(2);
		stack.push(5);
		expect(stack.canRedo).toBe(false);
	});
});

describe("Editor kill ring", () => {
	it("yanks the last kill with Ctrl+Y", () => {
		const editor = new Editor();
		editor.setText("hello world");
		editor.handleInput(KEY.ctrlW);
		expect(editor.getText()).toBe("hello ");
		editor.handleInput(KEY.home);
		editor.handleInput(KEY.ctrlY);
		expect(editor.getText()).toBe("worldhello ");
	});

	it("joins consecutive kills into one entry", () => {
		const editor = new Editor();
		editor.setText("one two three");
		editor.handleInput(KEY.ctrlW);
		editor.handleInput(KEY.ctrlW);
		expect(editor.getText()).toBe("one ");
		editor.handleInput(KEY.ctrlY);
		expect(editor.getText()).toBe("one two three");
	});

	it("starts a new entry after any other command", () => {
		const editor = new Editor();
		editor.setText("one two three");
		editor.handleInput(KEY.ctrlW);
		editor.handleInput(KEY.left);
		editor.handleInput(KEY.ctrlW);
		expect(editor.getText()).toBe("one  ");
		editor.handleInput(KEY.end);
		editor.handleInput(KEY.ctrlY);
		expect(editor.getText()).toBe("one  two");
	});

	it("accumulates forward kills (Ctrl+K on consecutive lines) into one entry", () => {
		const editor = new Editor();
		editor.setText("a\nb\nc");
		editor.handleInput("\x1b[A");
		editor.handleInput("\x1b[A");
		editor.handleInput(KEY.home);
		editor.handleInput(KEY.ctrlK); // "a"
		editor.handleInput(KEY.ctrlK); // "\n"
		editor.handleInput(KEY.ctrlK); // "b"
		expect(editor.getText()).toBe("\nc");
		editor.handleInput(KEY.end);
		editor.handleInput("\x1b[B");
		editor.handleInput(KEY.end);
		editor.handleInput(KEY.ctrlY);
		expect(editor.getText()).toBe("\nca\nb");
	});

	it("replaces the yanked text with older kills on Alt+Y", () => {
		const editor = new Editor();
		editor.setText("first second");
		editor.handleInput(KEY.ctrlW); // kill "second"
		editor.handleInput(KEY.left);
		editor.handleInput(KEY.ctrlW); // kill "first"
		expect(editor.getText()).toBe(" ");
		editor.handleInput(KEY.end);
		editor.handleInput(KEY.ctrlY);
		expect(editor.getText()).toBe(" first");
		editor.handleInput(KEY.altY);
		expect(editor.getText()).toBe(" second");
		editor.handleInput(KEY.altY);
		expect(editor.getText()).toBe(" first");
	});

	it("ignores Alt+Y when the previous command was not a yank", () => {
		const editor = new Editor();
		editor.setText("abc def");
		editor.handleInput(KEY.ctrlW);
		editor.handleInput(KEY.altY);
		expect(editor.getText()).toBe("abc ");
	});
});

describe("Editor undo and redo", () => {
	it("undoes a run of typing one word at a time", () => {
		const editor = new Editor();
		typeText(editor, "hello world");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("hello ");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("");
	});

	it("leaves Ctrl+Z to the app (pi suspends with it)", () => {
		const editor = new Editor();
		typeText(editor, "hello");
		editor.handleInput(KEY.ctrlZ);
		expect(editor.getText()).toBe("hello");
	});

	it("starts a new undo step after the cursor moves", () => {
		const editor = new Editor();
		typeText(editor, "ab");
		editor.handleInput(KEY.left);
		typeText(editor, "X");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("ab");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("");
	});

	it("undoes deletions and kills one command at a time", () => {
		const editor = new Editor();
		editor.setText("one two");
		editor.handleInput(KEY.backspace);
		editor.handleInput(KEY.ctrlW);
		expect(editor.getText()).toBe("one ");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("one tw");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("one two");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("");
	});

	it("redoes with Ctrl+Shift+Z and restores the cursor", () => {
		const editor = new Editor();
		typeText(editor, "abc");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("");
		editor.handleInput(KEY.redo);
		expect(editor.getText()).toBe("abc");
		expect(editor.getCursor()).toEqual({ line: 0, col: 3 });
	});

	it("clears redo when new text is typed after an undo", () => {
		const editor = new Editor();
		typeText(editor, "abc");
		editor.handleInput(KEY.undo);
		typeText(editor, "x");
		editor.handleInput(KEY.redo);
		expect(editor.getText()).toBe("x");
	});

	it("undoes a yank", () => {
		const editor = new Editor();
		editor.setText("word");
		editor.handleInput(KEY.ctrlU);
		editor.handleInput(KEY.ctrlY);
		editor.handleInput(KEY.ctrlY);
		expect(editor.getText()).toBe("wordword");
		editor.handleInput(KEY.undo);
		expect(editor.getText()).toBe("word");
	});
});
