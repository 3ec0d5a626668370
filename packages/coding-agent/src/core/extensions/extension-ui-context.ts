// The mode-independent UI context extensions talk to the user through (extensions.md §6).
// Each mode implements it: the TUI with dialogs, RPC with `extension_ui_request` records,
// ACP with `session/request_permission`; print and JSON (and an unbound SDK session) get the
// no-op context below, whose dialogs resolve to their defaults at once.

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
	 * Shows a custom component [later]. Returns `undefined` in every mode without a terminal UI
	 * (rpc, json, print, unbound SDK sessions).
	 */
	custom<T>(factory: (done: (result: T) => void) => unknown, options?: { overlay?: boolean }): Promise<T | undefined>;
	setWorkingMessage(message: string | undefined): void;
	setToolsExpanded(expanded: boolean): void;
	getToolsExpanded(): boolean;
	/** Returns an unsubscribe function. */
	onTerminalInput(listener: TerminalInputListener): () => void;
}

/** The context used while no UI is bound: dialogs resolve to their defaults immediately. */
export const noopUIContext: ExtensionUIContext = {
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
};
