/**
 * The keybinding actions the editor handles, and the plain cursor moves and edits among them
 * expressed over an {@link EditorModel}.
 */
import type { TextPosition } from "./editor-buffer.js";
import type { EditorModel } from "./editor-model.js";

/** Actions the editor looks up, in matching order. */
export const EDITOR_ACTIONS = [
	"editor.submit",
	"editor.newLine",
	"editor.tab",
	"editor.undo",
	"editor.redo",
	"editor.cursorUp",
	"editor.cursorDown",
	"editor.cursorLeft",
	"editor.cursorRight",
	"editor.cursorWordLeft",
	"editor.cursorWordRight",
	"editor.cursorLineStart",
	"editor.cursorLineEnd",
	"editor.pageUp",
	"editor.pageDown",
	"editor.deleteCharBackward",
	"editor.deleteCharForward",
	"editor.deleteWordBackward",
	"editor.deleteWordForward",
	"editor.deleteToLineStart",
	"editor.deleteToLineEnd",
	"editor.yank",
	"editor.yankPop",
] as const;

/** An action the editor handles. */
export type EditorAction = (typeof EDITOR_ACTIONS)[number];

/** Vertical moves keep the preferred column; every other action resets it. */
export function isVerticalAction(action: EditorAction): boolean {
	return (
		action === "editor.cursorUp" ||
		action === "editor.cursorDown" ||
		action === "editor.pageUp" ||
		action === "editor.pageDown"
	);
}

/** Where a horizontal cursor action moves to, or `undefined` when `action` is not one. */
export function cursorTarget(model: EditorModel, action: EditorAction): TextPosition | undefined {
	const buffer = model.buffer;
	switch (action) {
		case "editor.cursorLeft":
			return model.charLeftPosition();
		case "editor.cursorRight":
			return model.charRightPosition();
		case "editor.cursorWordLeft":
			return model.wordLeftPosition();
		case "editor.cursorWordRight":
			return model.wordRightPosition();
		case "editor.cursorLineStart":
			return { line: buffer.cursorLine, col: 0 };
		case "editor.cursorLineEnd":
			return { line: buffer.cursorLine, col: buffer.currentLine.length };
		default:
			return undefined;
	}
}

/** Runs a deletion / kill / yank action; returns false when `action` is not one. */
export function runEdit(model: EditorModel, action: EditorAction): boolean {
	switch (action) {
		case "editor.deleteCharBackward":
			model.deleteCharBackward();
			return true;
		case "editor.deleteCharForward":
			model.deleteCharForward();
			return true;
		case "editor.deleteWordBackward":
			model.killWordBackward();
			return true;
		case "editor.deleteWordForward":
			model.killWordForward();
			return true;
		case "editor.deleteToLineStart":
			model.killToLineStart();
			return true;
		case "editor.deleteToLineEnd":
			model.killToLineEnd();
			return true;
		case "editor.yank":
			model.yank();
			return true;
		case "editor.yankPop":
			model.yankPop();
			return true;
		default:
			return false;
	}
}
