/**
 * The keybinding actions the editor handles, and the plain cursor moves and edits among them
 * expressed over an {@link EditorModel}.
 */
import type { TextPosition } from "./editor-buffer.js";
import type { EditorModel } from "./editor-model.js";

/** Actions the editor looks up, in matching order. */
export const EDITOR_ACTIONS = [
	"tui.input.submit",
	"tui.input.newLine",
	"tui.input.tab",
	"tui.editor.undo",
	"tui.editor.redo",
	"tui.editor.cursorUp",
	"tui.editor.cursorDown",
	"tui.editor.cursorLeft",
	"tui.editor.cursorRight",
	"tui.editor.cursorWordLeft",
	"tui.editor.cursorWordRight",
	"tui.editor.cursorLineStart",
	"tui.editor.cursorLineEnd",
	"tui.editor.pageUp",
	"tui.editor.pageDown",
	"tui.editor.deleteCharBackward",
	"tui.editor.deleteCharForward",
	"tui.editor.deleteWordBackward",
	"tui.editor.deleteWordForward",
	"tui.editor.deleteToLineStart",
	"tui.editor.deleteToLineEnd",
	"tui.editor.yank",
	"tui.editor.yankPop",
] as const;

/** An action the editor handles. */
export type EditorAction = (typeof EDITOR_ACTIONS)[number];

/** Vertical moves keep the preferred column; every other action resets it. */
export function isVerticalAction(action: EditorAction): boolean {
	return (
		action === "tui.editor.cursorUp" ||
		action === "tui.editor.cursorDown" ||
		action === "tui.editor.pageUp" ||
		action === "tui.editor.pageDown"
	);
}

/** Where a horizontal cursor action moves to, or `undefined` when `action` is not one. */
export function cursorTarget(model: EditorModel, action: EditorAction): TextPosition | undefined {
	const buffer = model.buffer;
	switch (action) {
		case "tui.editor.cursorLeft":
			return model.charLeftPosition();
		case "tui.editor.cursorRight":
			return model.charRightPosition();
		case "tui.editor.cursorWordLeft":
			return model.wordLeftPosition();
		case "tui.editor.cursorWordRight":
			return model.wordRightPosition();
		case "tui.editor.cursorLineStart":
			return { line: buffer.cursorLine, col: 0 };
		case "tui.editor.cursorLineEnd":
			return { line: buffer.cursorLine, col: buffer.currentLine.length };
		default:
			return undefined;
	}
}

/** Runs a deletion / kill / yank action; returns false when `action` is not one. */
export function runEdit(model: EditorModel, action: EditorAction): boolean {
	switch (action) {
		case "tui.editor.deleteCharBackward":
			model.deleteCharBackward();
			return true;
		case "tui.editor.deleteCharForward":
			model.deleteCharForward();
			return true;
		case "tui.editor.deleteWordBackward":
			model.killWordBackward();
			return true;
		case "tui.editor.deleteWordForward":
			model.killWordForward();
			return true;
		case "tui.editor.deleteToLineStart":
			model.killToLineStart();
			return true;
		case "tui.editor.deleteToLineEnd":
			model.killToLineEnd();
			return true;
		case "tui.editor.yank":
			model.yank();
			return true;
		case "tui.editor.yankPop":
			model.yankPop();
			return true;
		default:
			return false;
	}
}
