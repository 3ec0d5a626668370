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
