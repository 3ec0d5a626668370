import { describe, expect, it } from "vitest";
import { Editor } from "../src/components/editor.js";
import { EditorHistory } from "../src/components/editor-history.js";

const UP = "\x1b[A";
const DOWN = "\x1b[B";

function typeText(editor: Editor, text: string): void {
	for (const char of text) editor.handleInput(char);
}

function editorWithHistory(...entries: string[]): Editor {
	const editor = new Editor();
	for (const entry of entries) editor.addToHistory(entry);
	editor.render(40);
	return editor;
}

describe("EditorHistory", () => {
	it("skips blank entries and repeats of the newest entry", () => {
		const history = new EditorHistory();
		history.add("a");
		history.add("a");
		history.add("   ");
		history.add("b");
		expect(history.size).toBe(2);
	});

	it("keeps at most its capacity, dropping the oldest", () => {
		const history = new EditorHistory(2);
		history.add("1");
		history.add("2");
		history.add("3");
		expect(history.older("")).toBe("3");
		expect(history.older("")).toBe("2");
		expect(history.older("")).toBeUndefined();
	});
});

describe("Editor history browsing", () => {
	it("shows older entries on Up and newer ones on Down, then the draft again", () => {
		const editor = editorWithHistory("first", "second");
		typeText(editor, "draft");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("second");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("first");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("first");
		editor.handleInput(DOWN);
		expect(editor.getText()).toBe("second");
		editor.handleInput(DOWN);
		expect(editor.getText()).toBe("draft");
	});

	it("moves inside a multi-line entry before browsing further", () => {
		const editor = editorWithHistory("old", "line one\nline two");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("line one\nline two");
		expect(editor.getCursor()).toEqual({ line: 1, col: 8 });
		editor.handleInput(UP);
		expect(editor.getCursor().line).toBe(0);
		expect(editor.getText()).toBe("line one\nline two");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("old");
	});

	it("moves the cursor to the start on Up with no history, and to the end on Down when not browsing", () => {
		const editor = new Editor();
		editor.setText("abc");
		editor.render(40);
		editor.handleInput(UP);
		expect(editor.getCursor()).toEqual({ line: 0, col: 0 });
		editor.handleInput(DOWN);
		expect(editor.getCursor()).toEqual({ line: 0, col: 3 });
	});

	it("stops browsing once the shown entry is edited", () => {
		const editor = editorWithHistory("one", "two");
		editor.handleInput(UP);
		typeText(editor, "!");
		editor.handleInput(DOWN);
		expect(editor.getText()).toBe("two!");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("two");
	});

	it("undoes back to the draft from before browsing", () => {
		const editor = editorWithHistory("entry");
		typeText(editor, "mine");
		editor.handleInput(UP);
		expect(editor.getText()).toBe("entry");
		editor.handleInput("\x1f");
		expect(editor.getText()).toBe("mine");
	});

	it("adds nothing to history on submit by itself", () => {
		const editor = new Editor();
		editor.onSubmit = (text) => editor.addToHistory(text);
		typeText(editor, "sent");
		editor.handleInput("\r");
		editor.render(40);
		editor.handleInput(UP);
		expect(editor.getText()).toBe("sent");
	});
});
