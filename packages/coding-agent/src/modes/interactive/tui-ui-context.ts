import type { AutocompleteProvider, Component, Container, Timers } from "@pi/tui";
import type {
	CustomComponentFactory,
	CustomComponentOptions,
	DialogOptions,
	EditorComponentFactory,
	ModeUIContext,
	NotifyType,
	TerminalInputListener,
	UIComponentFactory,
	WidgetContent,
	WidgetOptions,
	WorkingIndicator,
} from "../../core/extensions/extension-ui-context.js";
import { type DialogAnswer, DialogComponent, type DialogKind } from "./components/dialog.js";
import { LinesComponent } from "./components/lines-component.js";
import { type ExtensionTheme, extensionThemeOf } from "./extension-theme.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { createTheme } from "./theme.js";

/** Time source of dialog timeouts (tests inject a manual clock). */
export interface DialogClock {
	timers?: Timers;
	now?: () => number;
}

const globalTimers: Timers = {
	setTimeout: (callback, ms) => setTimeout(callback, ms),
	clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
	setInterval: (callback, ms) => setInterval(callback, ms),
	clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

interface QueuedDialog {
	title: string;
	dialog: DialogKind;
	options: DialogOptions | undefined;
	resolve: (answer: DialogAnswer) => void;
}

/** A component an extension shows with `custom()`; it calls `done` with its result. */
function isComponent(value: unknown): value is Component {
	return typeof value === "object" && value !== null && typeof (value as Component).render === "function";
}

/**
 * The TUI's `ctx.ui` (extensions.md §6): dialogs as overlays, one at a time in FIFO order, with
 * a countdown for timeouts; notices in the transcript; statuses in the footer; widgets above or
 * below the editor; the editor text; raw terminal input listeners.
 */
export class TuiUIContext implements ModeUIContext {
	private editorFactory: EditorComponentFactory | undefined;
	private readonly autocompleteProviders = new Set<AutocompleteProvider>();
	private readonly queue: QueuedDialog[] = [];
	private active: QueuedDialog | undefined;
	private readonly widgets = new Map<string, { component: LinesComponent; container: Container }>();
	private readonly terminalListeners = new Set<TerminalInputListener>();
	private disposed = false;
	private readonly timers: Timers;
	private readonly now: () => number;

	constructor(
		private readonly app: InteractiveAppView,
		clock: DialogClock = {},
	) {
		this.timers = clock.timers ?? globalTimers;
		this.now = clock.now ?? Date.now;
	}

	select(title: string, options: string[], dialogOptions?: DialogOptions): Promise<string | undefined> {
		return this.enqueue(title, { kind: "select", options }, dialogOptions);
	}

	async confirm(title: string, message: string, dialogOptions?: DialogOptions): Promise<boolean> {
		return (await this.enqueue(title, { kind: "confirm", message }, dialogOptions)) === "Yes";
	}

	input(title: string, placeholder?: string, dialogOptions?: DialogOptions): Promise<string | undefined> {
		return this.enqueue(title, { kind: "input", ...(placeholder ? { placeholder } : {}) }, dialogOptions);
	}

	/** A one-line field holding `value` to edit (pi's own prompts, e.g. renaming a session). */
	editValue(title: string, value: string): Promise<string | undefined> {
		return this.enqueue(title, { kind: "input", ...(value ? { value } : {}) }, undefined);
	}

	editor(title: string, prefill?: string, dialogOptions?: DialogOptions): Promise<string | undefined> {
		return this.enqueue(title, { kind: "editor", ...(prefill ? { prefill } : {}) }, dialogOptions);
	}

	/** A hidden-input dialog (for /login): typed characters show as bullets. */
	secret(title: string): Promise<string | undefined> {
		return this.enqueue(title, { kind: "secret" }, undefined);
	}

	notify(message: string, type: NotifyType = "info"): void {
		const theme = this.app.theme;
		const style = type === "error" ? theme.error : type === "warning" ? theme.warning : theme.accent;
		this.app.showNotice(style(message));
	}

	setStatus(key: string, text: string | undefined): void {
		this.app.setStatus(key, text);
	}

	setWidget(key: string, content: WidgetContent | undefined, options?: WidgetOptions): void {
		const existing = this.widgets.get(key);
		if (existing) {
			existing.container.removeChild(existing.component);
			this.widgets.delete(key);
		}
		if (content !== undefined) {
			const container = options?.placement === "belowEditor" ? this.app.widgetsBelow : this.app.widgetsAbove;
			const component = new LinesComponent(content);
			container.addChild(component);
			this.widgets.set(key, { component, container });
		}
		this.app.tui.requestRender();
	}

	setTitle(title: string): void {
		this.app.tui.terminal.setTitle(title);
	}

	setEditorText(text: string): void {
		this.app.editor.setText(text);
		this.app.tui.requestRender();
	}

	getEditorText(): string {
		return this.app.editor.getText();
	}

	pasteToEditor(text: string): void {
		this.app.editor.paste(text);
		this.app.tui.requestRender();
	}

	async custom<T>(factory: CustomComponentFactory<T>, options?: CustomComponentOptions): Promise<T | undefined> {
		if (this.disposed) return undefined;
		return new Promise<T | undefined>((resolve) => {
			let handle: { hide(): void } | undefined;
			let settled: { result: T } | undefined;
			const done = (result: T): void => {
				settled = { result };
				handle?.hide();
				this.app.tui.setFocus(this.app.activeEditor);
				this.app.tui.requestRender();
				resolve(result);
			};
			const show = (component: Component | undefined): void => {
				if (settled) return;
				if (!isComponent(component)) {
					resolve(undefined);
					return;
				}
				handle = this.app.tui.showOverlay(component, options?.overlay === false ? { anchor: "bottom" } : {});
				this.app.tui.requestRender();
			};
			let built: ReturnType<CustomComponentFactory<T>>;
			try {
				built = factory(this.app.tui, this.theme, this.app.keybindings, done);
			} catch (error) {
				resolve(undefined);
				throw error;
			}
			if (built instanceof Promise) built.then(show, () => resolve(undefined));
			else show(built);
		});
	}

	get theme(): ExtensionTheme {
		return extensionThemeOf(this.app.theme);
	}

	getAllThemes(): string[] {
		return this.app.themeNames();
	}

	getTheme(name: string): ExtensionTheme | undefined {
		return this.app.themeNames().includes(name) ? extensionThemeOf(createTheme(name)) : undefined;
	}

	setTheme(name: string): { success: boolean; error?: string } {
		if (!this.app.themeNames().includes(name)) return { success: false, error: `Unknown theme "${name}"` };
		this.app.setTheme(name);
		return { success: true };
	}

	setFooter(factory: UIComponentFactory | undefined): void {
		this.app.setExtensionSlot("footer", factory?.(this.app.tui, this.theme));
	}

	setHeader(factory: UIComponentFactory | undefined): void {
		this.app.setExtensionSlot("header", factory?.(this.app.tui, this.theme));
	}

	setEditorComponent(factory: EditorComponentFactory | undefined): void {
		this.editorFactory = factory;
		this.app.setExtensionSlot("editor", factory?.(this.app.tui, this.theme, this.app.keybindings));
	}

	getEditorComponent(): EditorComponentFactory | undefined {
		return this.editorFactory;
	}

	addAutocompleteProvider(provider: AutocompleteProvider): () => void {
		// Kept for the editor's completion chain [later: merged into the editor's suggestions].
		this.autocompleteProviders.add(provider);
		return () => this.autocompleteProviders.delete(provider);
	}

	setWorkingIndicator(indicator: WorkingIndicator | undefined): void {
		this.app.setWorkingIndicator(indicator);
	}

	setWorkingVisible(visible: boolean): void {
		this.app.setWorkingVisible(visible);
	}

	setHiddenThinkingLabel(label: string | undefined): void {
		this.app.transcript.setHiddenThinkingLabel(label);
		this.app.tui.requestRender();
	}

	setWorkingMessage(message: string | undefined): void {
		this.app.setWorkingMessage(message);
	}

	setToolsExpanded(expanded: boolean): void {
		this.app.transcript.setToolsExpanded(expanded);
		this.app.tui.requestRender();
	}

	getToolsExpanded(): boolean {
		return this.app.transcript.expanded;
	}

	onTerminalInput(listener: TerminalInputListener): () => void {
		this.terminalListeners.add(listener);
		return () => this.terminalListeners.delete(listener);
	}

	/** Offers raw input to extension listeners; true when one consumed it. */
	dispatchTerminalInput(data: string): boolean {
		for (const listener of this.terminalListeners) {
			if (listener(data) === true) return true;
		}
		return false;
	}

	/** Resolves every open and queued dialog with its default (quit). */
	dispose(): void {
		this.disposed = true;
		const pending = [...(this.active ? [this.active] : []), ...this.queue];
		this.queue.length = 0;
		for (const dialog of pending) dialog.resolve(undefined);
	}

	private enqueue(title: string, dialog: DialogKind, options: DialogOptions | undefined): Promise<DialogAnswer> {
		if (this.disposed || options?.signal?.aborted) return Promise.resolve(undefined);
		return new Promise((resolve) => {
			this.queue.push({ title, dialog, options, resolve });
			if (!this.active) this.showNext();
		});
	}

	private showNext(): void {
		const next = this.queue.shift();
		this.active = next;
		if (!next) return;
		const tui = this.app.tui;
		let timer: unknown;
		let expiry: unknown;
		let onAbort: (() => void) | undefined;
		const component = new DialogComponent(next.title, next.dialog, this.app.theme, this.app.keybindings, (answer) => {
			if (timer !== undefined) this.timers.clearInterval(timer);
			if (expiry !== undefined) this.timers.clearTimeout(expiry);
			if (onAbort) next.options?.signal?.removeEventListener("abort", onAbort);
			handle.hide();
			next.resolve(answer);
			tui.requestRender();
			this.showNext();
		});
		const handle = tui.showOverlay(component, { anchor: "center", width: "80%", margin: 1 });
		const timeout = next.options?.timeout;
		if (timeout !== undefined && timeout > 0) {
			const deadline = this.now() + timeout;
			const tick = (): void => {
				component.setSecondsLeft(Math.max(0, Math.ceil((deadline - this.now()) / 1000)));
				tui.requestRender();
			};
			tick();
			timer = this.timers.setInterval(tick, 1000);
			expiry = this.timers.setTimeout(() => component.finish(undefined), timeout);
		}
		const signal = next.options?.signal;
		if (signal) {
			onAbort = () => component.finish(undefined);
			signal.addEventListener("abort", onAbort, { once: true });
		}
	}
}
