import { type KeyId, matchesKey, parseKeyId } from "./keys.js";

/** Actions the built-in components look up. Apps may define more (any string). */
export type KnownKeybindingAction =
	| "editor.cursorUp"
	| "editor.cursorDown"
	| "editor.cursorLeft"
	| "editor.cursorRight"
	| "editor.cursorWordLeft"
	| "editor.cursorWordRight"
	| "editor.cursorLineStart"
	| "editor.cursorLineEnd"
	| "editor.pageUp"
	| "editor.pageDown"
	| "editor.deleteCharBackward"
	| "editor.deleteCharForward"
	| "editor.deleteWordBackward"
	| "editor.deleteWordForward"
	| "editor.deleteToLineStart"
	| "editor.deleteToLineEnd"
	| "editor.newLine"
	| "editor.submit"
	| "editor.tab"
	| "editor.undo"
	| "editor.redo"
	| "editor.yank"
	| "editor.yankPop"
	| "editor.cancel"
	| "select.up"
	| "select.down"
	| "select.pageUp"
	| "select.pageDown"
	| "select.confirm"
	| "select.cancel"
	| "select.toggle"
	| "loader.cancel";

/** An action name: a {@link KnownKeybindingAction} or an app-defined string. */
export type KeybindingAction = KnownKeybindingAction | (string & {});

/** Action → keys. A single key id or a list; an empty list unbinds the action. */
export type KeybindingsConfig = Partial<Record<KeybindingAction, KeyId | KeyId[]>>;

/** The default bindings (emacs-style line editing, as readline and most shells). */
export const DEFAULT_KEYBINDINGS: Readonly<Record<KnownKeybindingAction, readonly KeyId[]>> = {
	"editor.cursorUp": ["up"],
	"editor.cursorDown": ["down"],
	"editor.cursorLeft": ["left", "ctrl+b"],
	"editor.cursorRight": ["right", "ctrl+f"],
	"editor.cursorWordLeft": ["alt+left", "ctrl+left", "alt+b"],
	"editor.cursorWordRight": ["alt+right", "ctrl+right", "alt+f"],
	"editor.cursorLineStart": ["home", "ctrl+a"],
	"editor.cursorLineEnd": ["end", "ctrl+e"],
	"editor.pageUp": ["pageup"],
	"editor.pageDown": ["pagedown"],
	"editor.deleteCharBackward": ["backspace", "shift+backspace"],
	"editor.deleteCharForward": ["delete", "ctrl+d"],
	"editor.deleteWordBackward": ["ctrl+w", "alt+backspace", "ctrl+backspace"],
	"editor.deleteWordForward": ["alt+d", "alt+delete", "ctrl+delete"],
	"editor.deleteToLineStart": ["ctrl+u"],
	"editor.deleteToLineEnd": ["ctrl+k"],
	"editor.newLine": ["shift+enter", "alt+enter", "ctrl+j"],
	"editor.submit": ["enter"],
	"editor.tab": ["tab"],
	"editor.undo": ["ctrl+-"],
	"editor.redo": ["ctrl+shift+z"],
	"editor.yank": ["ctrl+y"],
	"editor.yankPop": ["alt+y"],
	"editor.cancel": ["escape"],
	"select.up": ["up", "ctrl+p"],
	"select.down": ["down", "ctrl+n"],
	"select.pageUp": ["pageup"],
	"select.pageDown": ["pagedown"],
	"select.confirm": ["enter"],
	"select.cancel": ["escape", "ctrl+c"],
	"select.toggle": ["space"],
	"loader.cancel": ["escape"],
};

/** Thrown when a keybindings config names an invalid key id (a user error). */
export class KeybindingsConfigError extends Error {
	/** Stable error code. */
	readonly code = "invalid_keybinding";

	constructor(message: string) {
		super(message);
		this.name = "KeybindingsConfigError";
	}
}

/**
 * Maps action names to key ids: the defaults, overridden per action by user config.
 * An override replaces the action's whole list (it does not add to it).
 */
export class KeybindingsManager {
	private bindings = new Map<string, readonly KeyId[]>();

	/** Creates a manager with the defaults plus `overrides`; throws {@link KeybindingsConfigError}. */
	constructor(overrides: KeybindingsConfig = {}) {
		for (const [action, keys] of Object.entries(DEFAULT_KEYBINDINGS)) this.bindings.set(action, keys);
		this.setBindings(overrides);
	}

	/** Replaces the keys of each action in `overrides`; throws {@link KeybindingsConfigError}. */
	setBindings(overrides: KeybindingsConfig): void {
		for (const [action, value] of Object.entries(overrides)) {
			if (value === undefined) continue;
			const keys = Array.isArray(value) ? value : [value];
			for (const keyId of keys) {
				try {
					parseKeyId(keyId);
				} catch (error) {
					const reason = error instanceof Error ? error.message : String(error);
					throw new KeybindingsConfigError(`Invalid key for "${action}": ${reason}. Use ids like "ctrl+shift+z".`);
				}
			}
			this.bindings.set(action, [...keys]);
		}
	}

	/** The keys bound to `action` (empty when unbound or unknown). */
	getKeys(action: KeybindingAction): readonly KeyId[] {
		return this.bindings.get(action) ?? [];
	}

	/** True when `data` is a press of any key bound to `action`. */
	matches(data: string, action: KeybindingAction): boolean {
		const keys = this.bindings.get(action);
		if (!keys) return false;
		for (const keyId of keys) if (matchesKey(data, keyId)) return true;
		return false;
	}

	/** The first action (in `actions` order) that `data` matches, if any. */
	findAction<T extends KeybindingAction>(data: string, actions: readonly T[]): T | undefined {
		return actions.find((action) => this.matches(data, action));
	}
}

let sharedKeybindings: KeybindingsManager | undefined;

/** The process-wide manager components use when none is passed to them. */
export function getKeybindings(): KeybindingsManager {
	sharedKeybindings ??= new KeybindingsManager();
	return sharedKeybindings;
}

/** Replaces the process-wide manager (e.g. after loading the user's config). */
export function setKeybindings(manager: KeybindingsManager): void {
	sharedKeybindings = manager;
}
