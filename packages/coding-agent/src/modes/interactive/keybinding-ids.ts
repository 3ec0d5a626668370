/**
 * Action ids of keybindings.json across versions (CONVENTIONS §16: compatibility is one table read
 * where the file enters). Our ids are pi 1.4's; the ids earlier versions of ours used are read as
 * the ids they became.
 */

/** Our earlier action ids → the current (pi 1.4) ids. */
export const LEGACY_ACTION_IDS: Readonly<Record<string, string>> = {
	"editor.cursorUp": "tui.editor.cursorUp",
	"editor.cursorDown": "tui.editor.cursorDown",
	"editor.cursorLeft": "tui.editor.cursorLeft",
	"editor.cursorRight": "tui.editor.cursorRight",
	"editor.cursorWordLeft": "tui.editor.cursorWordLeft",
	"editor.cursorWordRight": "tui.editor.cursorWordRight",
	"editor.cursorLineStart": "tui.editor.cursorLineStart",
	"editor.cursorLineEnd": "tui.editor.cursorLineEnd",
	"editor.pageUp": "tui.editor.pageUp",
	"editor.pageDown": "tui.editor.pageDown",
	"editor.deleteCharBackward": "tui.editor.deleteCharBackward",
	"editor.deleteCharForward": "tui.editor.deleteCharForward",
	"editor.deleteWordBackward": "tui.editor.deleteWordBackward",
	"editor.deleteWordForward": "tui.editor.deleteWordForward",
	"editor.deleteToLineStart": "tui.editor.deleteToLineStart",
	"editor.deleteToLineEnd": "tui.editor.deleteToLineEnd",
	"editor.undo": "tui.editor.undo",
	"editor.redo": "tui.editor.redo",
	"editor.yank": "tui.editor.yank",
	"editor.yankPop": "tui.editor.yankPop",
	"editor.cancel": "tui.editor.cancel",
	"editor.newLine": "tui.input.newLine",
	"editor.submit": "tui.input.submit",
	"editor.tab": "tui.input.tab",
	"select.up": "tui.select.up",
	"select.down": "tui.select.down",
	"select.pageUp": "tui.select.pageUp",
	"select.pageDown": "tui.select.pageDown",
	"select.confirm": "tui.select.confirm",
	"select.cancel": "tui.select.cancel",
	"select.toggle": "tui.select.toggle",
	"loader.cancel": "tui.loader.cancel",
	"app.followUp": "app.message.followUp",
	"app.cycleModelForward": "app.model.cycleForward",
	"app.cycleModelBackward": "app.model.cycleBackward",
	"app.cycleThinkingLevel": "app.thinking.cycle",
	"app.selectModel": "app.model.select",
	"app.expandTools": "app.tools.expand",
	"app.toggleThinking": "app.thinking.toggle",
	"app.externalEditor": "app.editor.external",
	"app.scrollUp": "tui.altScreen.pageUp",
	"app.scrollDown": "tui.altScreen.pageDown",
};

/**
 * pi 1.4 action ids that have no action here (yet): a binding of one is accepted and kept, without
 * effect, rather than reported as unknown.
 */
export const UNSUPPORTED_ACTION_IDS: ReadonlySet<string> = new Set([
	"tui.editor.historyPrevious",
	"tui.editor.historyNext",
	"tui.editor.jumpForward",
	"tui.editor.jumpBackward",
	"tui.input.copy",
	"app.tree.foldOrUp",
	"app.tree.unfoldOrDown",
	"app.tree.editLabel",
	"app.tree.toggleLabelTimestamp",
	"app.tree.filter.default",
	"app.tree.filter.noTools",
	"app.tree.filter.userOnly",
	"app.tree.filter.labeledOnly",
	"app.tree.filter.all",
	"app.tree.filter.cycleForward",
	"app.tree.filter.cycleBackward",
]);
