import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { ImageContent } from "@pi/ai";
import {
	CombinedAutocompleteProvider,
	type Component,
	Container,
	Editor,
	type KeybindingsManager,
	type SlashCommand,
	setKeybindings,
	type Terminal,
	TUI,
} from "@pi/tui";
import type { AgentSession } from "../../core/agent-session/agent-session.js";
import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import type { Settings } from "../../core/config/settings-types.js";
import { createRuntimeCommandActions } from "../../core/extensions/runtime-command-actions.js";
import type { CustomMessage } from "../../core/messages.js";
import { DefaultResourceLoader } from "../../core/sdk.js";
import type { CustomEntry } from "../../core/session/session-types.js";
import { AppAppearance } from "./app-appearance.js";
import { loadKeybindings } from "./app-keybindings.js";
import { AppKeys } from "./app-keys.js";
import { BUILTIN_COMMAND_NAMES, BuiltinCommands } from "./builtin-commands.js";
import { announceUpdate } from "./changelog-notice.js";
import { imageExtension, readClipboardImage } from "./clipboard/read-clipboard-image.js";
import { FooterComponent } from "./components/footer.js";
import { headerLines } from "./components/header.js";
import { LinesComponent } from "./components/lines-component.js";
import { ScreenLayout } from "./components/screen-layout.js";
import { StatusIndicator, type WorkingFrames } from "./components/status-indicator.js";
import { exitOutput, resumeCommand } from "./exit-output.js";
import { extensionThemeOf, setExtensionTheme } from "./extension-theme.js";
import { offerForkHere } from "./fork-here.js";
import { createFrameScheduler } from "./frame-scheduler.js";
import { GitBranchWatcher } from "./git-branch.js";
import { GitignoreAwareAutocomplete } from "./gitignore-autocomplete.js";
import { collectHeaderInfo } from "./header-info.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import type { InteractiveModeOptions } from "./interactive-mode-options.js";
import { keyLabel } from "./key-label.js";
import { TerminalProgress } from "./terminal-progress.js";
import { editorThemeFor, type Theme } from "./theme.js";
import { Transcript, WORKING_MESSAGE } from "./transcript.js";
import { TranscriptFind } from "./transcript-find.js";
import { historyItems } from "./transcript-history.js";
import type { TuiSettings } from "./tui-settings.js";
import { type DialogClock, TuiUIContext } from "./tui-ui-context.js";

/** Everything the app needs beyond the mode options; tests pass a VirtualTerminal. */
export interface InteractiveAppOptions extends InteractiveModeOptions {
	terminal: Terminal;
	version?: string;
	env?: NodeJS.ProcessEnv;
	/** Render scheduling; default: at most one frame per 16 ms. */
	scheduleRender?: (callback: () => void) => void;
	/** Clock of dialog timeouts; default the global timers. */
	dialogClock?: DialogClock;
	/** The folder pi was started in (default `process.cwd()`), for the fork-here question. */
	launchCwd?: string;
	/** Window in which a second Ctrl+C quits. Default 1000 ms. */
	doubleCtrlCMs?: number;
}

/**
 * The terminal app (run-modes.md §7.5): header, transcript, status line, pending queue,
 * widgets, editor and footer, driven by the current session's events. Session replacements go
 * through the runtime, whose rebind callback re-subscribes and re-binds extensions here.
 */
export class InteractiveApp implements InteractiveAppView {
	readonly tui: TUI;
	readonly theme: Theme;
	readonly editor: Editor;
	readonly transcript: Transcript;
	readonly keybindings: KeybindingsManager;
	readonly uiContext: TuiUIContext;
	readonly widgetsAbove = new Container();
	readonly widgetsBelow = new Container();
	private readonly header = new LinesComponent();
	/** Where the header, editor and footer sit, so an extension can replace each (ctx.ui.setHeader …). */
	private readonly headerSlot = new Container();
	private readonly editorSlot = new Container();
	private readonly footerSlot = new Container();
	private extensionEditor: Component | undefined;
	private readonly status: StatusIndicator;
	private readonly pending = new LinesComponent();
	/** One-line hint above the editor ("Press Ctrl+C again to quit"). */
	readonly hint = new LinesComponent();
	private readonly footer: FooterComponent;
	readonly commands: BuiltinCommands;
	private unsubscribe: (() => void) | undefined;
	private inputWaiter: ((text: string) => void) | undefined;
	private readonly inputBuffer: string[] = [];
	private busy = false;
	private quitting = false;
	private resolveExit: ((code: number) => void) | undefined;
	private readonly exitCode: Promise<number>;
	private readonly statuses = new Map<string, string>();
	/** Start-up warnings other than the themes'. */
	private readonly startupWarnings: string[];
	/** The theme problems the header lists: those found at start-up, with extensions' themes. */
	private headerThemeWarnings: readonly string[] = [];
	private extensionsBoundOnce = false;
	/** The TUI settings and themes (configuration.md §3.9). */
	readonly appearance: AppAppearance;
	private workingMessage: string | undefined;
	/** False while an extension hid the working status (`ctx.ui.setWorkingVisible(false)`). */
	private workingVisible = true;
	readonly layout: ScreenLayout;
	readonly find: TranscriptFind;
	readonly progress: TerminalProgress;
	/** The footer's git branch, watched while the app runs. */
	private gitBranch: { cwd: string; watcher: GitBranchWatcher } | undefined;

	constructor(
		readonly runtime: AgentSessionRuntime,
		private readonly options: InteractiveAppOptions,
	) {
		const env = options.env ?? process.env;
		this.appearance = new AppAppearance(runtime, options, env);
		const tuiSettings = this.appearance.settings;
		this.theme = this.appearance.createTheme();
		setExtensionTheme(this.theme);
		this.headerThemeWarnings = this.appearance.warnings;
		const loaded = loadKeybindings(runtime.agentDir);
		this.keybindings = loaded.manager;
		setKeybindings(this.keybindings);
		this.startupWarnings = [...(options.startupWarnings ?? []), ...(loaded.warning ? [loaded.warning] : [])];
		this.tui = new TUI(options.terminal, {
			scheduleRender: options.scheduleRender ?? createFrameScheduler(),
			keepScrollbackOnResize: true,
			showHardwareCursor: tuiSettings.showHardwareCursor,
			clearOnShrink: tuiSettings.clearOnShrink,
			alternateScreen: tuiSettings.tuiMode === "fullscreen",
			// Only while on the alternate screen (fullscreen): the wheel scrolls the transcript there.
			mouseReporting: true,
		});
		this.progress = new TerminalProgress(options.terminal, tuiSettings.showTerminalProgress);
		this.status = new StatusIndicator(
			this.theme,
			() => this.tui.requestRender(),
			() => this.editor.borderStyle,
		);
		this.transcript = new Transcript(
			this.theme,
			{
				setStatus: (message) => this.showStatus(message),
				setPending: (steering, followUp) => this.showPending(steering, followUp),
				requestRender: () => this.tui.requestRender(),
				renderCustom: (message, expanded) => this.renderCustomMessage(message, expanded),
				renderEntry: (entry, expanded) => this.renderCustomEntry(entry, expanded),
			},
			{
				showThinking: tuiSettings.showThinkingBlocks,
				images: { showImages: tuiSettings.showImages, imageWidthCells: tuiSettings.imageWidthCells },
				extensions: {
					toolRenderers: (toolName) => this.session.extensionRunner.getToolRenderers?.(toolName),
					theme: () => extensionThemeOf(this.theme),
					markdownTransformers: () => this.session.extensionRunner.getMarkdownTransformers?.() ?? [],
					cwd: () => this.runtime.cwd,
					showImages: () => this.appearance.settings.showImages,
				},
			},
		);
		this.editor = new Editor(editorThemeFor(this.theme), {
			paddingX: tuiSettings.editorPaddingX,
			maxVisibleLines: () => Math.max(3, Math.floor(this.tui.terminal.rows * 0.3)),
			autocompleteMaxVisible: tuiSettings.autocompleteMaxVisible,
			keybindings: this.keybindings,
		});
		this.editor.onSubmit = (text) => this.handleSubmit(text);
		this.footer = new FooterComponent(this.theme);
		this.uiContext = new TuiUIContext(this, options.dialogClock);
		this.commands = new BuiltinCommands(this, {
			...(options.changelog ? { changelog: options.changelog } : {}),
			...(options.version !== undefined ? { version: options.version } : {}),
		});
		this.exitCode = new Promise((resolve) => {
			this.resolveExit = resolve;
		});
		this.layout = new ScreenLayout(
			[this.headerSlot, this.transcript.container],
			[this.status, this.pending, this.widgetsAbove, this.hint, this.editorSlot, this.widgetsBelow, this.footerSlot],
			() => this.tui.terminal.rows,
			this.theme,
			{
				bottomKey: () => this.keyLabelOf("tui.altScreen.bottom"),
				requestRender: () => this.tui.requestRender(),
				promptLines: () => {
					const headerLines = this.headerSlot.render(Math.max(1, this.tui.terminal.columns)).length;
					return this.transcript.container
						.startLinesOf((child) => this.transcript.isJumpTarget(child))
						.map((line) => line + headerLines);
				},
			},
		);
		this.headerSlot.addChild(this.header);
		this.editorSlot.addChild(this.editor);
		this.footerSlot.addChild(this.footer);
		this.find = new TranscriptFind(this.layout, this.theme, {
			matches: (data, action) => this.keybindings.matches(data, action),
			label: (action) => this.keyLabelOf(action),
		});
		this.layout.setOverlay(this.find);
		this.layout.setFullscreen(tuiSettings.tuiMode === "fullscreen");
		this.layout.setScrollbarMode(tuiSettings.fullscreenScrollbar);
		this.tui.addChild(this.layout);
		runtime.setRebindSession(() => this.bindSession());
	}

	/** An extension's renderer of a custom message; a failing renderer falls back to the default look. */
	private renderCustomMessage(message: CustomMessage, expanded: boolean): Component | undefined {
		const renderer = this.session.extensionRunner.getMessageRenderer?.(message.customType);
		if (!renderer) return undefined;
		try {
			return renderer(message, { expanded, outputPad: this.theme.outputPad }, extensionThemeOf(this.theme));
		} catch (error) {
			this.showNotice(
				this.theme.error(
					`Renderer of "${message.customType}" failed: ${error instanceof Error ? error.message : String(error)}`,
				),
			);
			return undefined;
		}
	}

	/** An extension's renderer of a custom entry; a failing renderer hides the entry (and says why). */
	private renderCustomEntry(entry: CustomEntry, expanded: boolean): Component | undefined {
		const renderer = this.session.extensionRunner.getEntryRenderer?.(entry.customType);
		if (!renderer) return undefined;
		try {
			return renderer(entry, { expanded }, extensionThemeOf(this.theme));
		} catch (error) {
			this.showNotice(
				this.theme.error(
					`Renderer of entry "${entry.customType}" failed: ${error instanceof Error ? error.message : String(error)}`,
				),
			);
			return undefined;
		}
	}

	/** The editor that has the user's input: an extension's (setEditorComponent) or the built-in one. */
	get activeEditor(): Component {
		return this.extensionEditor ?? this.editor;
	}

	/** Puts an extension's component in place of the header, editor or footer (undefined: the built-in one). */
	setExtensionSlot(slot: "header" | "editor" | "footer", component: Component | undefined): void {
		const target = slot === "header" ? this.headerSlot : slot === "editor" ? this.editorSlot : this.footerSlot;
		const builtin = slot === "header" ? this.header : slot === "editor" ? this.editor : this.footer;
		target.clear();
		target.addChild(component ?? builtin);
		if (slot === "editor") {
			const text = (this.extensionEditor as Editor | undefined)?.getText?.() ?? this.editor.getText();
			this.extensionEditor = component;
			if (component instanceof Editor) {
				component.onSubmit = (submitted) => this.handleSubmit(submitted);
				component.setText(text);
			}
			this.tui.setFocus(this.activeEditor);
			this.placeStatus();
		}
		this.tui.requestRender();
	}

	get session(): AgentSession {
		return this.runtime.session;
	}

	/** True while a prompt of the main loop (or a command) is running. */
	get isBusy(): boolean {
		return this.busy || this.session.isStreaming;
	}

	/** Starts the TUI (before extensions are bound, so `session_start` handlers can show dialogs) and binds. */
	async init(): Promise<void> {
		this.showHeader();
		this.tui.setFocus(this.editor);
		const keys = new AppKeys(this, this.options.doubleCtrlCMs);
		this.tui.addInputListener((data) => keys.handle(data));
		this.tui.start();
		this.tui.terminal.setTitle(`pi - ${basename(this.runtime.cwd)}`);
		await this.bindSession();
	}

	/** Sends the initial messages, then reads prompts until the user quits; resolves with the exit code. */
	async run(): Promise<number> {
		const loop = async (): Promise<void> => {
			this.announceUpdate();
			await offerForkHere(this, this.options.launchCwd);
			const { initialMessage, initialImages } = this.options;
			if (initialMessage !== undefined || (initialImages && initialImages.length > 0)) {
				await this.runPrompt(initialMessage ?? "", initialImages);
			}
			for (const message of this.options.messages) await this.runPrompt(message);
			if (this.options.showResumePicker) this.commands.run("/resume");
			while (!this.quitting) {
				const text = await this.getUserInput();
				if (this.quitting) break;
				await this.runPrompt(text);
			}
		};
		loop().catch((error: unknown) => this.showError(error));
		return this.exitCode;
	}

	/** After an update, what changed since the last version announced (changelog-notice.ts). */
	private announceUpdate(): void {
		announceUpdate({
			settings: this.session.settingsManager,
			version: this.options.version,
			changelog: this.options.changelog,
			collapse: this.appearance.settings.collapseChangelog,
			show: (lines) => this.showNotice(lines.map((line, i) => (i === 0 ? this.theme.accent(line) : line)).join("\n")),
		});
	}

	/** Re-subscribes to the (new) session and re-binds extensions with the TUI context. */
	async bindSession(): Promise<void> {
		this.unsubscribe?.();
		const session = this.session;
		this.unsubscribe = session.subscribe((event) => {
			if (event.type === "agent_start") this.progress.set(true);
			else if (event.type === "agent_settled") this.progress.set(false);
			try {
				this.transcript.handleEvent(event);
			} catch (error) {
				// A rendering bug must not break the run: show it and keep going.
				this.showError(error);
			}
			if (
				event.type === "message_end" ||
				event.type === "agent_settled" ||
				event.type === "compaction_end" ||
				event.type === "turn_end"
			) {
				this.refreshFooter();
			}
			this.tui.requestRender();
		});
		this.transcript.reset(historyItems(session.messages, session.sessionManager.getBranch()));
		for (const warning of this.appearance.reloadIfStale(this) ?? []) this.showNotice(this.theme.warning(warning));
		this.refreshEditorChrome();
		this.tui.requestRender();
		await session.bindExtensions({
			uiContext: this.uiContext,
			mode: "tui",
			commandContextActions: createRuntimeCommandActions(this.runtime),
			abortHandler: () => void this.session.abort(),
			shutdownHandler: () => this.quit(0),
			onError: (report) =>
				this.showNotice(
					this.theme.error(`Extension error (${report.extensionPath}, ${report.event}): ${report.error}`),
				),
		});
		this.useExtensionThemes();
	}

	/** Themes from `resources_discover`: problems go to the header at start-up, later to the transcript. */
	private useExtensionThemes(): void {
		const loader = this.runtime.services.resourceLoader;
		const paths = loader instanceof DefaultResourceLoader ? loader.getExtraThemePaths() : [];
		const fresh = this.appearance.useExtensionThemes(this, paths);
		if (!this.extensionsBoundOnce) {
			this.extensionsBoundOnce = true;
			this.headerThemeWarnings = this.appearance.warnings;
			if (fresh.length > 0) this.showHeader();
		} else {
			for (const warning of fresh) this.showNotice(this.theme.warning(warning));
		}
	}

	/** The names `/settings` offers: built-in themes, then custom ones. */
	themeNames(): string[] {
		return this.appearance.themeNames();
	}

	/** Switches the theme in place (every component is rebuilt) and saves it as the default. */
	setTheme(name: string): void {
		this.updateTuiSettings({ theme: name });
	}

	get tuiSettings(): TuiSettings {
		return this.appearance.settings;
	}

	/** /settings' theme picker: shows `name` without saving it (undefined: back to the chosen one). */
	previewTheme(name: string | undefined, redraw = true): void {
		this.appearance.preview(this, name, redraw);
	}

	/**
	 * Saves `patch` to the global settings file (configuration.md §2) and applies it at once. The
	 * chosen values also win for the rest of this run over a project file that sets the same keys.
	 */
	updateTuiSettings(patch: Settings): void {
		const failure = this.appearance.update(this, patch);
		if (failure !== undefined) this.showError(failure);
	}

	/** The first key of `action` as hints show it (`Ctrl+End`), or "unbound". */
	keyLabelOf(action: string): string {
		const key = this.keybindings.getKeys(action)[0];
		return key ? keyLabel(key) : "unbound";
	}

	scrollTranscriptLines(lines: number): void {
		if (!this.layout.isFullscreen) return;
		this.layout.scrollLines(lines);
		this.tui.requestRender();
	}

	/** Alt+Up (`app.message.dequeue`): the queued messages, then the editor's text, into the editor. */
	dequeueToEditor(): void {
		const { steering, followUp } = this.session.clearQueue();
		const queued = [...steering, ...followUp];
		this.showPending([], []);
		if (queued.length === 0) {
			this.showNotice(this.theme.muted("No queued messages to restore"));
			return;
		}
		const text = [queued.join("\n\n"), this.editor.getText()].filter((part) => part.trim() !== "").join("\n\n");
		this.editor.setText(text);
		this.showNotice(
			this.theme.muted(`Restored ${queued.length} queued message${queued.length === 1 ? "" : "s"} to editor`),
		);
	}

	/** Ctrl+V (`app.clipboard.pasteImage`): saves the clipboard's image to a file and pastes its path. */
	pasteClipboardImage(): void {
		void this.runAction(async () => {
			const image = await readClipboardImage();
			if (!image) {
				this.showNotice(this.theme.warning("The clipboard holds no image."));
				return;
			}
			const file = join(tmpdir(), `pi-clipboard-${randomUUID()}.${imageExtension(image.mimeType)}`);
			writeFileSync(file, image.bytes, { mode: 0o600 });
			this.editor.paste(file);
		});
	}

	scrollTranscript(pages: number | "end"): boolean {
		if (!this.layout.isFullscreen) return false;
		if (pages === "end") this.layout.scrollToEnd();
		else this.layout.scrollPages(pages);
		this.tui.requestRender();
		return true;
	}

	/** Draws the start-up header; diagnostics wrap to the terminal width. */
	private showHeader(): void {
		const info = collectHeaderInfo(this.runtime, {
			...(this.options.version !== undefined ? { version: this.options.version } : {}),
			...(this.options.verbose !== undefined ? { verbose: this.options.verbose } : {}),
			quiet: this.appearance.settings.quietStartup,
			headerOnly: this.appearance.settings.quietStartupHeaderOnly,
			startupWarnings: [...this.startupWarnings, ...this.headerThemeWarnings],
		});
		info.keyOf = (action) => this.keybindings.getKeys(action)[0];
		let cache: { width: number; lines: string[] } | undefined;
		this.header.set((width) => {
			if (cache?.width !== width) cache = { width, lines: headerLines(info, this.theme, width) };
			return cache.lines;
		});
	}

	/** Re-creates the theme object in place (colours and layout) and redraws everything with it. */
	rebuildTheme(): void {
		Object.assign(this.theme, this.appearance.createTheme());
		setExtensionTheme(this.theme);
		this.showHeader();
		this.transcript.reset(historyItems(this.session.messages, this.session.sessionManager.getBranch()));
		this.refreshEditorChrome();
		this.tui.requestRender(true);
	}

	/** Updates the footer, the editor border (thinking level) and the completions. */
	refreshEditorChrome(): void {
		const session = this.session;
		this.editor.borderStyle = this.theme.thinkingBorder(session.model?.reasoning ? session.thinkingLevel : "off");
		const commands: SlashCommand[] = [
			...this.commands.slashCommands(),
			...session.extensionRunner
				.getCommands()
				.filter((command) => !BUILTIN_COMMAND_NAMES.has(command.name))
				.map((command) => ({
					name: command.name,
					...(command.description ? { description: command.description } : {}),
				})),
			...session.skills.map((skill) => ({ name: `skill:${skill.name}`, description: skill.description })),
			...session.promptTemplates.map((template) => ({ name: template.name, description: template.description })),
		];
		this.editor.setAutocompleteProvider(
			new GitignoreAwareAutocomplete(new CombinedAutocompleteProvider(commands, this.runtime.cwd), this.runtime.cwd, {
				// The @ file index grows in the background: show what it found without waiting for a key.
				onUpdate: (update) => {
					this.editor.refreshAutocomplete(update);
					this.tui.requestRender();
				},
			}),
		);
		this.refreshFooter();
	}

	refreshFooter(): void {
		const session = this.session;
		const stats = session.getSessionStats();
		const cwd = this.runtime.cwd;
		if (this.gitBranch?.cwd !== cwd) {
			this.gitBranch?.watcher.dispose();
			this.gitBranch = {
				cwd,
				watcher: new GitBranchWatcher(cwd, () => this.refreshFooter()),
			};
		}
		this.gitBranch.watcher.refresh();
		const branch = this.gitBranch.watcher.branch;
		this.footer.setState({
			cwd,
			home: homedir(),
			...(branch ? { gitBranch: branch } : {}),
			...(session.sessionName ? { sessionName: session.sessionName } : {}),
			tokens: stats.tokens,
			cost: stats.cost,
			...(stats.contextUsage ? { contextUsage: stats.contextUsage } : {}),
			autoCompaction: session.autoCompactionEnabled,
			...(session.model ? { model: session.model } : {}),
			thinkingLevel: session.thinkingLevel,
			statuses: this.statuses,
		});
		this.tui.requestRender();
	}

	/**
	 * The status spinner: `WORKING_MESSAGE` while a run works (an extension's text in its place, and
	 * nothing while an extension hid it), a retry or compaction message, or undefined for none.
	 */
	private showStatus(message: string | undefined): void {
		if (message === undefined || (message === WORKING_MESSAGE && !this.workingVisible)) this.status.hide();
		else if (message === WORKING_MESSAGE) this.status.show(this.workingMessage ?? message, "working");
		else this.status.show(message);
		this.placeStatus();
	}

	/**
	 * As in pi 1.4 the status sits in the built-in editor's top border; an extension's editor has no
	 * such border, so there it keeps a line of its own above the editor.
	 */
	private placeStatus(): void {
		const inBorder = this.status.visible && this.extensionEditor === undefined;
		this.status.setInBorder(inBorder);
		this.editor.borderStatus = inBorder ? this.status : undefined;
		this.tui.requestRender();
	}

	/** An extension's text for the working spinner (undefined restores the default). */
	setWorkingMessage(message: string | undefined): void {
		this.workingMessage = message;
		if (this.status.visible && this.status.shownKind === "working") this.showStatus(WORKING_MESSAGE);
		this.tui.requestRender();
	}

	/** An extension's spinner frames for the working status (undefined: the default spinner). */
	setWorkingIndicator(indicator: WorkingFrames | undefined): void {
		this.status.setWorkingFrames(indicator);
		this.tui.requestRender();
	}

	/** Hides (false) or shows again (true) the working status while a run works, as extensions ask. */
	setWorkingVisible(visible: boolean): void {
		this.workingVisible = visible;
		const working = this.status.visible && this.status.shownKind === "working";
		if (!visible && working) this.showStatus(undefined);
		else if (visible && !this.status.visible && this.session.isStreaming) this.showStatus(WORKING_MESSAGE);
	}

	/** Sets or clears an extension status shown in the footer. */
	setStatus(key: string, text: string | undefined): void {
		if (text === undefined) this.statuses.delete(key);
		else this.statuses.set(key, text);
		this.refreshFooter();
	}

	showNotice(text: string): void {
		this.transcript.addNotice(text);
		this.tui.requestRender();
	}

	showError(error: unknown): void {
		const message = error instanceof Error ? error.message : String(error);
		this.showNotice(this.theme.error(`Error: ${message}`));
	}

	/** Stops the TUI and ends `run()` with `code`. Safe to call twice. */
	quit(code = 0): void {
		if (this.quitting) return;
		this.quitting = true;
		this.status.hide();
		this.progress.set(false);
		this.uiContext.dispose();
		this.unsubscribe?.();
		this.gitBranch?.watcher.dispose();
		this.tui.stop();
		// `fullscreenExitOutput: "resume-hint"` (pi 1.4): only the command that resumes the session.
		if (this.tuiSettings.fullscreenExitOutput === "transcript") this.printPage();
		const resume = process.stdout.isTTY ? resumeCommand(this.session.sessionManager, this.runtime.agentDir) : undefined;
		const output = exitOutput([], resume, this.theme.dim);
		if (output !== "") this.tui.terminal.write(output);
		this.inputWaiter?.("");
		this.resolveExit?.(code);
	}

	/**
	 * Fullscreen drew on the alternate screen, which has just gone (exit, Ctrl+Z): the shell gets
	 * the whole transcript and the bottom of the screen, as pi 1.4 leaves them. Nothing in regular mode.
	 */
	printPage(): void {
		if (!this.layout.isFullscreen) return;
		const output = exitOutput(this.layout.pageLines(this.tui.terminal.columns), undefined, this.theme.dim);
		if (output !== "") this.tui.terminal.write(output);
	}

	get isQuitting(): boolean {
		return this.quitting;
	}

	/** The next submitted text of the main loop (buffered when submitted before it waits). */
	private getUserInput(): Promise<string> {
		const buffered = this.inputBuffer.shift();
		if (buffered !== undefined) return Promise.resolve(buffered);
		return new Promise((resolve) => {
			this.inputWaiter = resolve;
		});
	}

	/** Runs one prompt of the main loop; errors are shown, never thrown. */
	async runPrompt(text: string, images?: ImageContent[]): Promise<void> {
		this.busy = true;
		try {
			await this.session.prompt(text, images ? { images } : {});
		} catch (error) {
			this.showError(error);
		} finally {
			this.busy = false;
			this.refreshFooter();
		}
	}

	/** Runs an action that replaces or changes the session, with errors shown. */
	async runAction(action: () => Promise<unknown>): Promise<void> {
		try {
			await action();
		} catch (error) {
			this.showError(error);
		}
		this.tui.requestRender();
	}

	private showPending(steering: readonly string[], followUp: readonly string[]): void {
		const lines = [
			...steering.map((text) => this.theme.muted(`  Steering: ${text.split("\n")[0]}`)),
			...followUp.map((text) => this.theme.muted(`  Follow-up: ${text.split("\n")[0]}`)),
		];
		if (lines.length > 0) {
			lines.push(this.theme.muted(`  ↳ ${this.keyLabelOf("app.message.dequeue")} to edit all queued messages`));
		}
		this.pending.set(lines.length > 0 ? ["", ...lines] : []);
		this.tui.requestRender();
	}

	/** The editor's submit handler (run-modes.md §7.5: built-ins and `!` first, then steer or the loop). */
	handleSubmit(text: string, behavior: "steer" | "followUp" = "steer"): void {
		if (text === "") return;
		this.layout.scrollToEnd();
		if (text.startsWith("/") && this.commands.run(text)) {
			this.editor.addToHistory(text);
			return;
		}
		this.editor.addToHistory(text);
		if (text.startsWith("!")) {
			const exclude = text.startsWith("!!");
			const command = text.slice(exclude ? 2 : 1).trim();
			if (command) void this.commands.runBash(command, exclude);
			return;
		}
		if (this.isBusy) {
			this.session.prompt(text, { streamingBehavior: behavior }).catch((error: unknown) => this.showError(error));
			return;
		}
		if (this.inputWaiter) {
			const waiter = this.inputWaiter;
			this.inputWaiter = undefined;
			waiter(text);
		} else {
			this.inputBuffer.push(text);
		}
	}
}
