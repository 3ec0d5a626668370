// Components the host lends to extensions, so a custom editor, a bordered spinner or a rule drawn
// by an extension looks like the host's own (extensions.md §6 "Custom components").
import {
	CancellableLoader,
	Container,
	Editor,
	type EditorOptions,
	type EditorTheme,
	getKeybindings,
	type KeybindingAction,
	type KeybindingsManager,
	Loader,
	type TUI,
} from "@pi/tui";
import { APP_KEYBINDINGS } from "../app-keybindings.js";
import { type ExtensionTheme, extensionThemeOf, getExtensionTheme } from "../extension-theme.js";
import type { Theme } from "../theme.js";

/**
 * The editor an extension subclasses for `ctx.ui.setEditorComponent` (a modal editor, one with a
 * border status). It is the host's editor: history, pastes, autocomplete and key bindings stay.
 */
export class CustomEditor extends Editor {
	/** Handlers of app actions the subclass claims (`app.interrupt`, …), by action id. */
	readonly actionHandlers = new Map<string, () => void>();
	onEscape?: () => void;
	onCtrlD?: () => void;
	onExtensionShortcut?: (data: string) => boolean;
	protected readonly tui: TUI | undefined;
	protected readonly appKeybindings: KeybindingsManager | undefined;

	constructor(tui: TUI | undefined, theme: EditorTheme, keybindings?: KeybindingsManager, options: EditorOptions = {}) {
		super(theme, { ...options, keybindings: options.keybindings ?? keybindings });
		this.tui = tui;
		this.appKeybindings = keybindings;
	}

	/** Runs `handler` instead of the host when `action` is pressed in this editor. */
	onAction(action: KeybindingAction, handler: () => void): void {
		this.actionHandlers.set(action, handler);
	}

	override handleInput(data: string): void {
		if (this.onExtensionShortcut?.(data)) return;
		for (const [action, handler] of this.actionHandlers) {
			if (this.appKeybindings?.matches(data, action)) {
				handler();
				return;
			}
		}
		super.handleInput(data);
	}
}

/** A full-width rule in the theme's border colour (or `colour`). */
export class DynamicBorder {
	constructor(private readonly colour: (text: string) => string = (text) => getExtensionTheme().muted(text)) {}
	invalidate(): void {}
	render(width: number): string[] {
		return [this.colour("─".repeat(Math.max(1, width)))];
	}
}

/** A spinner between two rules; Escape cancels it when `cancellable` (the default). */
export class BorderedLoader extends Container {
	private readonly loader: Loader;

	constructor(tui: TUI, theme: Theme | ExtensionTheme, message: string, options: { cancellable?: boolean } = {}) {
		super();
		const styled = extensionThemeOf(theme as Theme);
		const loaderOptions = {
			requestRender: () => tui.requestRender(),
			message,
			spinnerStyle: styled.accent,
			messageStyle: styled.muted,
		};
		this.loader = options.cancellable === false ? new Loader(loaderOptions) : new CancellableLoader(loaderOptions);
		this.addChild(new DynamicBorder((text) => styled.muted(text)));
		this.addChild(this.loader);
		this.addChild(new DynamicBorder((text) => styled.muted(text)));
		this.loader.start();
	}

	/** Aborted when the user cancels (never, for a loader that cannot be cancelled). */
	get signal(): AbortSignal {
		return this.loader instanceof CancellableLoader ? this.loader.signal : new AbortController().signal;
	}

	set onAbort(handler: (() => void) | undefined) {
		if (this.loader instanceof CancellableLoader && handler) this.loader.signal.addEventListener("abort", handler);
	}

	handleInput(data: string): void {
		if (this.loader instanceof CancellableLoader) this.loader.handleInput(data);
	}

	dispose(): void {
		this.loader.stop();
	}
}

/** Action ids of the released pi that are spelled differently here. */
const ACTION_ALIASES: Readonly<Record<string, string>> = {
	"app.tools.expand": "app.expandTools",
	"app.thinking.toggle": "app.toggleThinking",
	"app.model.select": "app.selectModel",
	"app.editor.external": "app.externalEditor",
};

/** `"<key> <description>"` for a key binding action, keys dimmed as the host shows hints. */
export function keyHint(action: string, description: string): string {
	const id = ACTION_ALIASES[action] ?? action;
	const keys = (APP_KEYBINDINGS as Record<string, readonly string[]>)[id] ?? getKeybindings().getKeys(id);
	const theme = getExtensionTheme();
	return `${theme.dim(keys[0] ?? id)} ${theme.muted(description)}`;
}

/** `"<key> <description>"` for a literal key. */
export function rawKeyHint(key: string, description: string): string {
	const theme = getExtensionTheme();
	return `${theme.dim(key)} ${theme.muted(description)}`;
}
