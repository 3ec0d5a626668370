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
