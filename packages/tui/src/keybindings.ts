import { type KeyId, matchesKey, parseKeyId } from "./keys.js";

/** Actions the built-in components look up. Apps may define more (any string). */
export type KnownKeybindingAction =
	| "tui.editor.cursorUp"
	| "tui.editor.cursorDown"
	| "tui.editor.cursorLeft"
	| "tui.editor.cursorRight"
	| "tui.editor.cursorWordLeft"
	| "tui.editor.cursorWordRight"
	| "tui.editor.cursorLineStart"
	| "tui.editor.cursorLineEnd"
	| "tui.editor.pageUp"
	| "tui.editor.pageDown"
	| "tui.editor.deleteCharBackward"
	| "tui.editor.deleteCharForward"
	| "tui.editor.deleteWordBackward"
	| "tui.editor.deleteWordForward"
	| "tui.editor.deleteToLineStart"
	| "tui.editor.deleteToLineEnd"
	| "tui.input.newLine"
	| "tui.input.submit"
	| "tui.input.tab"
	| "tui.editor.undo"
	| "tui.editor.redo"
	| "tui.editor.yank"
	| "tui.editor.yankPop"
	| "tui.editor.cancel"
	| "tui.select.up"
	| "tui.select.down"
	| "tui.select.pageUp"
	| "tui.select.pageDown"
	| "tui.select.confirm"
	| "tui.select.cancel"
	| "tui.select.toggle"
	| "tui.loader.cancel";

/** An action name: a {@link KnownKeybindingAction} or an app-defined string. */
export type KeybindingAction = KnownKeybindingAction | (string & {});

/** Action → keys. A single key id or a list; an empty list unbinds the action. */
export type KeybindingsConfig = Partial<Record<KeybindingAction, KeyId | KeyId[]>>;

/** The default bindings (emacs-style line editing, as readline and most shells). */
export const DEFAULT_KEYBINDINGS: Readonly<Record<KnownKeybindingAction, readonly KeyId[]>> = {
	"tui.editor.cursorUp": ["up"],
	"tui.editor.cursorDown": ["down"],
	"tui.editor.cursorLeft": ["left", "ctrl+b"],
	"tui.editor.cursorRight": ["right", "ctrl+f"],
	"tui.editor.cursorWordLeft": ["alt+left", "ctrl+left", "alt+b"],
	"tui.editor.cursorWordRight": ["alt+right", "ctrl+right", "alt+f"],
	"tui.editor.cursorLineStart": ["home", "ctrl+a"],
	"tui.editor.cursorLineEnd": ["end", "ctrl+e"],
	"tui.editor.pageUp": ["pageup"],
	"tui.editor.pageDown": ["pagedown"],
	"tui.editor.deleteCharBackward": ["backspace", "shift+backspace"],
	"tui.editor.deleteCharForward": ["delete", "ctrl+d"],
	"tui.editor.deleteWordBackward": ["ctrl+w", "alt+backspace", "ctrl+backspace"],
	"tui.editor.deleteWordForward": ["alt+d", "alt+delete", "ctrl+delete"],
	"tui.editor.deleteToLineStart": ["ctrl+u"],
	"tui.editor.deleteToLineEnd": ["ctrl+k"],
	"tui.input.newLine": ["shift+enter", "alt+enter", "ctrl+j"],
	"tui.input.submit": ["enter"],
	"tui.input.tab": ["tab"],
	"tui.editor.undo": ["ctrl+-"],
	"tui.editor.redo": ["ctrl+shift+z"],
	"tui.editor.yank": ["ctrl+y"],
	"tui.editor.yankPop": ["alt+y"],
	"tui.editor.cancel": ["escape"],
	"tui.select.up": ["up", "ctrl+p"],
	"tui.select.down": ["down", "ctrl+n"],
	"tui.select.pageUp": ["pageup"],
	"tui.select.pageDown": ["pagedown"],
	"tui.select.confirm": ["enter"],
	"tui.select.cancel": ["escape", "ctrl+c"],
	"tui.select.toggle": ["space"],
	"tui.loader.cancel": ["escape"],
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
