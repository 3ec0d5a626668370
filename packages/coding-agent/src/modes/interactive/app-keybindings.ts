import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type KeybindingsConfig, KeybindingsManager, type KeyId } from "@pi/tui";

/** The interactive mode's own actions (namespaced `app.*`; the editor's are `editor.*`). */
export const APP_KEYBINDINGS = {
	"app.interrupt": ["escape"],
	"app.clear": ["ctrl+c"],
	"app.exit": ["ctrl+d"],
	"app.followUp": ["alt+enter"],
	"app.cycleModelForward": ["ctrl+p"],
	"app.cycleModelBackward": ["ctrl+shift+p"],
	"app.cycleThinkingLevel": ["shift+tab"],
	"app.selectModel": ["ctrl+l"],
	"app.expandTools": ["ctrl+o"],
	"app.toggleThinking": ["ctrl+t"],
	"app.externalEditor": ["ctrl+g"],
	"app.scrollUp": ["pageup"],
	"app.scrollDown": ["pagedown"],
	"app.suspend": ["ctrl+z"],
	"app.message.copy": ["ctrl+x"],
	"app.message.dequeue": ["alt+up"],
	"app.clipboard.pasteImage": ["ctrl+v"],
	"app.session.new": [],
	"app.session.tree": [],
	"app.session.fork": [],
	"app.session.resume": [],
	// Inside the pickers (/thinking, /scoped-models, /resume): the same key may mean something else
	// in each, as in the reference.
	"app.thinking.save": ["ctrl+s"],
	"app.models.save": ["ctrl+s"],
	"app.models.enableAll": ["ctrl+a"],
	"app.models.clearAll": ["ctrl+x"],
	"app.models.toggleProvider": ["ctrl+p"],
	"app.models.reorderUp": ["alt+up"],
	"app.models.reorderDown": ["alt+down"],
	"app.session.togglePath": ["ctrl+p"],
	"app.session.toggleSort": ["ctrl+s"],
	"app.session.toggleNamedFilter": ["ctrl+n"],
	"app.session.rename": ["ctrl+r"],
	"app.session.delete": ["ctrl+d"],
	"app.session.deleteNoninvasive": ["ctrl+backspace"],
	// Fullscreen transcript (tuiMode "fullscreen"); they win over the editor's use of a key.
	"tui.altScreen.halfPageUp": [],
	"tui.altScreen.halfPageDown": [],
	"tui.altScreen.lineUp": [],
	"tui.altScreen.lineDown": [],
	"tui.altScreen.previousPrompt": ["ctrl+shift+up"],
	"tui.altScreen.nextPrompt": ["ctrl+shift+down"],
	"tui.altScreen.search": ["ctrl+shift+f"],
	"tui.altScreen.searchNext": ["enter", "ctrl+g"],
	"tui.altScreen.searchPrevious": ["shift+enter", "ctrl+shift+g"],
	"tui.altScreen.searchClose": ["escape"],
	"tui.altScreen.top": ["ctrl+home"],
	"tui.altScreen.bottom": ["ctrl+end"],
} as const satisfies Record<string, readonly KeyId[]>;

export type AppAction = keyof typeof APP_KEYBINDINGS;

/** What each app action does, for `/hotkeys`. */
export const APP_ACTION_DESCRIPTIONS: Record<AppAction, string> = {
	"app.interrupt": "Abort the run, retry or compaction; close dialogs",
	"app.clear": "Clear the editor; twice quits",
	"app.exit": "Quit (on an empty editor)",
	"app.followUp": "Queue a follow-up while streaming",
	"app.cycleModelForward": "Next model",
	"app.cycleModelBackward": "Previous model",
	"app.cycleThinkingLevel": "Next thinking level",
	"app.selectModel": "Open the model selector",
	"app.expandTools": "Expand or collapse tool output",
	"app.toggleThinking": "Show or hide thinking blocks",
	"app.externalEditor": "Edit the prompt in externalEditor / $VISUAL / $EDITOR",
	"app.scrollUp": "Scroll the transcript up (tuiMode fullscreen)",
	"app.scrollDown": "Scroll the transcript down (tuiMode fullscreen)",
	"app.suspend": "Suspend pi to the shell (fg resumes)",
	"app.message.copy": "Copy the last answer to the clipboard",
	"app.message.dequeue": "Take every queued message back into the editor",
	"app.clipboard.pasteImage": "Paste an image from the clipboard",
	"app.session.new": "Start a new session (/new)",
	"app.session.tree": "Open the session tree (/tree)",
	"app.session.fork": "Fork the session (/fork)",
	"app.session.resume": "Open the session picker (/resume)",
	"app.thinking.save": "/thinking: save the level as the default",
	"app.models.save": "/scoped-models: save the selection to settings",
	"app.models.enableAll": "/scoped-models: enable all (matching) models",
	"app.models.clearAll": "/scoped-models: clear all (matching) models",
	"app.models.toggleProvider": "/scoped-models: toggle the provider's models",
	"app.models.reorderUp": "/scoped-models: move the model up",
	"app.models.reorderDown": "/scoped-models: move the model down",
	"app.session.togglePath": "/resume: show or hide session paths",
	"app.session.toggleSort": "/resume: sort threaded, recent, fuzzy",
	"app.session.toggleNamedFilter": "/resume: named sessions only",
	"app.session.rename": "/resume: rename the session",
	"app.session.delete": "/resume: delete the session (asks first)",
	"app.session.deleteNoninvasive": "/resume: delete the session when the search is empty",
	"tui.altScreen.halfPageUp": "Fullscreen: half a page up",
	"tui.altScreen.halfPageDown": "Fullscreen: half a page down",
	"tui.altScreen.lineUp": "Fullscreen: one line up",
	"tui.altScreen.lineDown": "Fullscreen: one line down",
	"tui.altScreen.previousPrompt": "Fullscreen: jump to the previous prompt",
	"tui.altScreen.nextPrompt": "Fullscreen: jump to the next prompt",
	"tui.altScreen.search": "Fullscreen: find in the transcript",
	"tui.altScreen.searchNext": "Find: next match",
	"tui.altScreen.searchPrevious": "Find: previous match",
	"tui.altScreen.searchClose": "Find: close",
	"tui.altScreen.top": "Fullscreen: jump to the beginning",
	"tui.altScreen.bottom": "Fullscreen: jump to the latest output and follow it",
};

/**
 * The defaults plus `<agentDir>/keybindings.json` (action id → key id or list). Returns the
 * manager and a warning when the file could not be used (the defaults then stay).
 */
export function loadKeybindings(agentDir: string | undefined): { manager: KeybindingsManager; warning?: string } {
	const defaults: KeybindingsConfig = {};
	for (const [action, keys] of Object.entries(APP_KEYBINDINGS)) defaults[action] = [...keys];
	const manager = new KeybindingsManager(defaults);
	if (!agentDir) return { manager };
	const path = join(agentDir, "keybindings.json");
	if (!existsSync(path)) return { manager };
	try {
		const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
		if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
			return { manager, warning: `${path}: expected an object of action ids to keys` };
		}
		manager.setBindings(parsed as KeybindingsConfig);
		return { manager };
	} catch (error) {
		return { manager, warning: `${path}: ${error instanceof Error ? error.message : String(error)}` };
	}
}
