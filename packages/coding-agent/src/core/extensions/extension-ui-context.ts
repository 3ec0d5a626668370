// The mode-independent UI context extensions talk to the user through (extensions.md §6).
// Each mode implements it: the TUI with dialogs, RPC with `extension_ui_request` records,
// ACP with `session/request_permission`; print and JSON (and an unbound SDK session) get the
// no-op context below, whose dialogs resolve to their defaults at once.

import type { AutocompleteProvider, Component, KeybindingsManager, TUI } from "@pi/tui";
import { type ExtensionTheme, getExtensionTheme } from "../../modes/interactive/extension-theme.js";

/** Options every dialog accepts. */
export interface DialogOptions {
	/** Milliseconds until the dialog resolves with its default (`undefined` / `false`). */
	timeout?: number;
	/** Aborting it dismisses the dialog with its default. */
	signal?: AbortSignal;
}

/** Severity of a `notify` notice. */
export type NotifyType = "info" | "warning" | "error";

/** Where a widget is placed relative to the editor. */
export type WidgetPlacement = "aboveEditor" | "belowEditor";

/** Options of `setWidget`. */
export interface WidgetOptions {
	/** Default "aboveEditor". */
	placement?: WidgetPlacement;
}

/**
 * Lines of a widget, or a factory the TUI calls with the available width. Modes without a
 * terminal (RPC) forward string lines only and ignore factories.
 */
export type WidgetContent = string[] | ((width: number) => string[]);

/** Listener of raw terminal input (tui only). Returns true to consume the input. */
export type TerminalInputListener = (data: string) => boolean | undefined;

/**
 * What `ctx.ui` offers (extensions.md §6). Dialog methods never reject: a timeout, an abort or
 * a mode without a UI resolves them with the default value.
 */
export interface ExtensionUIContext {
	select(title: string, options: string[], dialogOptions?: DialogOptions): Promise<string | undefined>;
	confirm(title: string, message: string, dialogOptions?: DialogOptions): Promise<boolean>;
	input(title: string, placeholder?: string, dialogOptions?: DialogOptions): Promise<string | undefined>;
	editor(title: string, prefill?: string, dialogOptions?: DialogOptions): Promise<string | undefined>;
	notify(message: string, type?: NotifyType): void;
	setStatus(key: string, text: string | undefined): void;
	setWidget(key: string, content: WidgetContent | undefined, options?: WidgetOptions): void;
	setTitle(title: string): void;
	setEditorText(text: string): void;
	getEditorText(): string;
	pasteToEditor(text: string): void;
	/**
	 * Shows a component the factory builds (an overlay unless `overlay: false`) until it calls
	 * `done`. Resolves `undefined` at once in every mode without a terminal UI (rpc, json, print,
	 * unbound SDK sessions); the factory is then not called.
	 */
	custom<T>(factory: CustomComponentFactory<T>, options?: CustomComponentOptions): Promise<T | undefined>;
	setWorkingMessage(message: string | undefined): void;
	setToolsExpanded(expanded: boolean): void;
	getToolsExpanded(): boolean;
	/** Returns an unsubscribe function. */
	onTerminalInput(listener: TerminalInputListener): () => void;
	/** The theme in use (the default theme in modes without a terminal UI). */
	readonly theme: ExtensionTheme;
	/** Names of the themes `setTheme` accepts (`[]` without a terminal UI). */
	getAllThemes(): string[];
	/** The theme called `name`, or undefined (always undefined without a terminal UI). */
	getTheme(name: string): ExtensionTheme | undefined;
	/** Switches the theme (not saved); fails without a terminal UI. */
	setTheme(name: string): { success: boolean; error?: string };
	/** Replaces the footer with the factory's component (undefined: the built-in footer). TUI only. */
	setFooter(factory: UIComponentFactory | undefined): void;
	/** Replaces the start-up header (undefined: the built-in header). TUI only. */
	setHeader(factory: UIComponentFactory | undefined): void;
	/** Replaces the input editor (undefined: the built-in editor). TUI only. */
	setEditorComponent(factory: EditorComponentFactory | undefined): void;
	getEditorComponent(): EditorComponentFactory | undefined;
	/** Adds completions to the editor; returns a function that removes them. TUI only. */
	addAutocompleteProvider(provider: AutocompleteProvider): () => void;
	/** Spinner frames (and interval) of the working indicator; undefined restores the default. TUI only. */
	setWorkingIndicator(indicator: WorkingIndicator | undefined): void;
	/** Shows or hides the working indicator. TUI only. */
	setWorkingVisible(visible: boolean): void;
	/** The label shown for hidden thinking blocks; undefined restores the default. TUI only. */
	setHiddenThinkingLabel(label: string | undefined): void;
}

/** Builds a `custom()` component; it calls `done` with the result to close it. */
export type CustomComponentFactory<T> = (
	tui: TUI,
	theme: ExtensionTheme,
	keybindings: KeybindingsManager,
	done: (result: T) => void,
) => Component | undefined | Promise<Component | undefined>;

export interface CustomComponentOptions {
	/** Default true: shown over the screen; false: shown in place of the editor. */
	overlay?: boolean;
	overlayOptions?: Record<string, unknown>;
}

/** Builds a footer or header component. */
export type UIComponentFactory = (tui: TUI, theme: ExtensionTheme) => Component;

/** Builds a replacement editor (typically a `CustomEditor` subclass). */
export type EditorComponentFactory = (tui: TUI, theme: unknown, keybindings: KeybindingsManager) => Component;

/** Frames of the working indicator. */
export interface WorkingIndicator {
	frames: string[];
	intervalMs?: number;
}

/** What a mode must implement; `completeUIContext` adds the rest with the no-terminal behaviour. */
export type ModeUIContext = Omit<ExtensionUIContext, OptionalUIMember> &
	Partial<Pick<ExtensionUIContext, OptionalUIMember>>;

type OptionalUIMember =
	| "theme"
	| "getAllThemes"
	| "getTheme"
	| "setTheme"
	| "setFooter"
	| "setHeader"
	| "setEditorComponent"
	| "getEditorComponent"
	| "addAutocompleteProvider"
	| "setWorkingIndicator"
	| "setWorkingVisible"
	| "setHiddenThinkingLabel";

/** Members of a context without a terminal UI (rpc.md §11.7): defaults, never throwing. */
function headlessMembers(mode: string): Pick<ExtensionUIContext, OptionalUIMember> {
	return {
		get theme() {
			return getExtensionTheme();
		},
		getAllThemes: () => [],
		getTheme: () => undefined,
		setTheme: () => ({ success: false, error: `Theme switching not supported in ${mode} mode` }),
		setFooter: () => undefined,
		setHeader: () => undefined,
		setEditorComponent: () => undefined,
		getEditorComponent: () => undefined,
		addAutocompleteProvider: () => () => undefined,
		setWorkingIndicator: () => undefined,
		setWorkingVisible: () => undefined,
		setHiddenThinkingLabel: () => undefined,
	};
}

/** `context` with every member it lacks filled in with the behaviour of a mode without a terminal. */
export function completeUIContext(context: ModeUIContext, mode = "this"): ExtensionUIContext {
	const missing = headlessMembers(mode);
	const complete = Object.create(context) as ExtensionUIContext;
	for (const key of Object.keys(missing) as OptionalUIMember[]) {
		if (key in context) continue;
		Object.defineProperty(complete, key, Object.getOwnPropertyDescriptor(missing, key)!);
	}
	return complete;
}

/** The context used while no UI is bound: dialogs resolve to their defaults immediately. */
export const noopUIContext: ExtensionUIContext = completeUIContext(
	{
		select: async () => undefined,
		confirm: async () => false,
		input: async () => undefined,
		editor: async () => undefined,
		notify: () => undefined,
		setStatus: () => undefined,
		setWidget: () => undefined,
		setTitle: () => undefined,
		setEditorText: () => undefined,
		getEditorText: () => "",
		pasteToEditor: () => undefined,
		custom: async () => undefined,
		setWorkingMessage: () => undefined,
		setToolsExpanded: () => undefined,
		getToolsExpanded: () => false,
		onTerminalInput: () => () => undefined,
	},
	"print",
);
