import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_KEYBINDINGS, type KeybindingsConfig, KeybindingsManager, type KeyId } from "@pi/tui";
import { LEGACY_ACTION_IDS, UNSUPPORTED_ACTION_IDS } from "./keybinding-ids.js";

/** The interactive mode's own actions (pi 1.4's ids: `app.*`, and `tui.altScreen.*` for the fullscreen transcript; the editor's are `tui.editor.*`, `tui.input.*`, `tui.select.*`). */
export const APP_KEYBINDINGS = {
	"app.interrupt": ["escape"],
	"app.clear": ["ctrl+c"],
	"app.exit": ["ctrl+d"],
	"app.message.followUp": ["alt+enter"],
	"app.model.cycleForward": ["ctrl+p"],
	"app.model.cycleBackward": ["ctrl+shift+p"],
	"app.thinking.cycle": ["shift+tab"],
	"app.model.select": ["ctrl+l"],
	"app.tools.expand": ["ctrl+o"],
	"app.thinking.toggle": ["ctrl+t"],
	"app.editor.external": ["ctrl+g"],
	"tui.altScreen.pageUp": ["pageup"],
	"tui.altScreen.pageDown": ["pagedown"],
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
	"app.message.followUp": "Queue a follow-up while streaming",
	"app.model.cycleForward": "Next model",
	"app.model.cycleBackward": "Previous model",
	"app.thinking.cycle": "Next thinking level",
	"app.model.select": "Open the model selector",
	"app.tools.expand": "Expand or collapse tool output",
	"app.thinking.toggle": "Show or hide thinking blocks",
	"app.editor.external": "Edit the prompt in externalEditor / $VISUAL / $EDITOR",
	"tui.altScreen.pageUp": "Scroll the transcript up (tuiMode fullscreen)",
	"tui.altScreen.pageDown": "Scroll the transcript down (tuiMode fullscreen)",
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
 * The defaults plus `<agentDir>/keybindings.json` (action id → key id or list; pi 1.4's ids, and our
 * earlier ids through {@link LEGACY_ACTION_IDS}). Returns the manager and the problems: an
 * unreadable file keeps the defaults; a bad key or an unknown action id costs that entry only.
 */
export function loadKeybindings(agentDir: string | undefined): { manager: KeybindingsManager; warning?: string } {
	const defaults: KeybindingsConfig = {};
	for (const [action, keys] of Object.entries(APP_KEYBINDINGS)) defaults[action] = [...keys];
	const manager = new KeybindingsManager(defaults);
	if (!agentDir) return { manager };
	const path = join(agentDir, "keybindings.json");
	if (!existsSync(path)) return { manager };
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(path, "utf8"));
	} catch (error) {
		return { manager, warning: `${path}: ${error instanceof Error ? error.message : String(error)}` };
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
		return { manager, warning: `${path}: expected an object of action ids to keys` };
	}
	const problems: string[] = [];
	const known = new Set([...Object.keys(DEFAULT_KEYBINDINGS), ...Object.keys(APP_KEYBINDINGS)]);
	const entries = Object.entries(parsed as Record<string, unknown>).filter(([id]) => id !== "$schema");
	// Current ids win over the earlier id of the same action, whatever their order in the file.
	entries.sort(([a], [b]) => Number(a in LEGACY_ACTION_IDS) - Number(b in LEGACY_ACTION_IDS));
	const seen = new Set<string>();
	for (const [id, value] of entries) {
		const action = LEGACY_ACTION_IDS[id] ?? id;
		if (!known.has(action)) {
			if (!UNSUPPORTED_ACTION_IDS.has(action)) problems.push(`unknown action "${id}" ignored`);
			continue;
		}
		if (seen.has(action)) continue;
		seen.add(action);
		if (typeof value !== "string" && !(Array.isArray(value) && value.every((key) => typeof key === "string"))) {
			problems.push(`"${id}" must be a key id or a list of key ids`);
			continue;
		}
		try {
			manager.setBindings({ [action]: value as KeyId | KeyId[] });
		} catch (error) {
			problems.push(error instanceof Error ? error.message : String(error));
		}
	}
	return problems.length === 0 ? { manager } : { manager, warning: `${path}: ${problems.join("; ")}` };
}
