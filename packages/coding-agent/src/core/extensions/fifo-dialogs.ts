import type { DialogOptions, ExtensionUIContext } from "./extension-ui-context.js";

/**
 * Wraps a UI context so its dialogs (`select`, `confirm`, `input`, `editor`) open one at a time in
 * call order (extensions.md §6: in tui a dialog asked while another is open waits, first in first
 * out). A queued dialog whose signal aborts, or whose timeout elapses, while it waits resolves
 * with its default without ever opening. Everything else passes through.
 */
export function withFifoDialogs(ui: ExtensionUIContext): ExtensionUIContext {
	let tail: Promise<unknown> = Promise.resolve();
	const enqueue = <T>(
		fallback: T,
		options: DialogOptions | undefined,
		open: (options?: DialogOptions) => Promise<T>,
	) => {
		const queuedAt = Date.now();
		const result = tail.then(() => {
			if (options?.signal?.aborted) return fallback;
			if (options?.timeout === undefined) return open(options);
			const left = options.timeout - (Date.now() - queuedAt);
			return left <= 0 ? fallback : open({ ...options, timeout: left });
		});
		// The next dialog waits for this one to close, however it closes.
		tail = result.catch(() => undefined);
		return result;
	};
	// Explicit delegation: a class-based context keeps its methods (a spread would drop them).
	return {
		notify: (message, type) => ui.notify(message, type),
		setStatus: (key, text) => ui.setStatus(key, text),
		setWidget: (key, content, options) => ui.setWidget(key, content, options),
		setTitle: (title) => ui.setTitle(title),
		setEditorText: (text) => ui.setEditorText(text),
		getEditorText: () => ui.getEditorText(),
		pasteToEditor: (text) => ui.pasteToEditor(text),
		custom: (factory, options) => ui.custom(factory, options),
		setWorkingMessage: (message) => ui.setWorkingMessage(message),
		setToolsExpanded: (expanded) => ui.setToolsExpanded(expanded),
		getToolsExpanded: () => ui.getToolsExpanded(),
		onTerminalInput: (listener) => ui.onTerminalInput(listener),
		get theme() {
			return ui.theme;
		},
		getAllThemes: () => ui.getAllThemes(),
		getTheme: (name) => ui.getTheme(name),
		setTheme: (name) => ui.setTheme(name),
		setFooter: (factory) => ui.setFooter(factory),
		setHeader: (factory) => ui.setHeader(factory),
		setEditorComponent: (factory) => ui.setEditorComponent(factory),
		getEditorComponent: () => ui.getEditorComponent(),
		addAutocompleteProvider: (provider) => ui.addAutocompleteProvider(provider),
		setWorkingIndicator: (indicator) => ui.setWorkingIndicator(indicator),
		setWorkingVisible: (visible) => ui.setWorkingVisible(visible),
		setHiddenThinkingLabel: (label) => ui.setHiddenThinkingLabel(label),
		select: (title, choices, options) =>
			enqueue<string | undefined>(undefined, options, (rest) => ui.select(title, choices, rest)),
		confirm: (title, message, options) => enqueue(false, options, (rest) => ui.confirm(title, message, rest)),
		input: (title, placeholder, options) =>
			enqueue<string | undefined>(undefined, options, (rest) => ui.input(title, placeholder, rest)),
		editor: (title, prefill, options) =>
			enqueue<string | undefined>(undefined, options, (rest) => ui.editor(title, prefill, rest)),
	};
}
