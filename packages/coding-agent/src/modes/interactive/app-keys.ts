import { parseMouseReport } from "@pi/tui";
import type { AppAction } from "./app-keybindings.js";
import type { InteractiveAppView } from "./interactive-app-view.js";
import { copyLastAnswer } from "./session-commands.js";
import { suspendToShell } from "./suspend.js";
import { WheelScroll } from "./wheel-scroll.js";

/** Alt+wheel scrolls this many times as far. */
const ALT_WHEEL_FACTOR = 5;

const DOUBLE_PRESS_HINT = "Press Ctrl+C again to quit";

/** Actions that run a slash command (unbound by default). */
const SESSION_SHORTCUTS: readonly (readonly [AppAction, string])[] = [
	["app.session.new", "/new"],
	["app.session.tree", "/tree"],
	["app.session.fork", "/fork"],
	["app.session.resume", "/resume"],
];

/**
 * The app's global keys (the `app.*` actions), seen before the focused component: quit, clear,
 * abort, follow-up, model and thinking cycling, tool/thinking toggles, the external editor.
 */
export class AppKeys {
	private lastCtrlC = 0;
	private lastEscape = 0;
	private readonly wheel = new WheelScroll();
	/** The `fullscreenWheelScrollLines` the wheel counts with (read per report: /settings may change it). */
	private wheelLines: "auto" | number = "auto";

	constructor(
		private readonly app: InteractiveAppView,
		private readonly doubleCtrlCMs = 1000,
	) {}

	private matches(data: string, action: AppAction): boolean {
		return this.app.keybindings.matches(data, action);
	}

	/** Global keys, before the focused component; overlays (dialogs, selectors) get their keys first. */
	handle(data: string): boolean {
		if (this.app.uiContext.dispatchTerminalInput(data)) return true;
		// Mouse reports are never text: the wheel scrolls the fullscreen transcript, the rest is dropped.
		const mouse = data.startsWith("\x1b[<") ? parseMouseReport(data) : undefined;
		if (mouse) {
			if (!this.app.tui.hasOverlay() && (mouse.kind === "wheelUp" || mouse.kind === "wheelDown")) {
				const direction = mouse.kind === "wheelUp" ? -1 : 1;
				const setting = this.app.tuiSettings.fullscreenWheelScrollLines;
				if (setting !== this.wheelLines) {
					this.wheelLines = setting;
					this.wheel.setLines(setting);
				}
				const lines = this.wheel.next(direction, performance.now()) * (mouse.alt ? ALT_WHEEL_FACTOR : 1);
				this.app.scrollTranscriptLines(direction * lines);
			}
			return true;
		}
		if (this.app.tui.hasOverlay()) return false;
		if (this.app.tui.focused !== this.app.editor) return false;
		if (this.app.layout.isFullscreen && this.handleFullscreen(data)) return true;
		if (this.app.hint.render(80).length > 0 && !this.matches(data, "app.clear")) this.app.hint.set([]);
		if (this.matches(data, "app.clear")) {
			const now = Date.now();
			if (now - this.lastCtrlC < (this.doubleCtrlCMs ?? 1000)) {
				this.app.quit(0);
				return true;
			}
			this.lastCtrlC = now;
			this.app.editor.setText("");
			this.app.hint.set([this.app.theme.muted(DOUBLE_PRESS_HINT)]);
			return true;
		}
		this.lastCtrlC = 0;
		if (this.matches(data, "app.exit") && this.app.editor.getText() === "") {
			this.app.quit(0);
			return true;
		}
		if (this.matches(data, "app.interrupt") && !this.app.editor.isShowingAutocomplete()) {
			if (this.app.isBusy || this.app.session.isCompacting) {
				void this.app.session.abort();
				this.app.session.abortBash();
				return true;
			}
			return this.handleIdleEscape();
		}
		if (this.matches(data, "app.message.followUp")) {
			const text = this.app.editor.getText().trim();
			this.app.editor.setText("");
			this.app.handleSubmit(text, "followUp");
			return true;
		}
		if (this.matches(data, "app.tools.expand")) {
			const expanded = !this.app.transcript.expanded;
			this.app.transcript.setToolsExpanded(expanded);
			this.app.transcript.showStatusLine(this.app.theme.muted(`Tool output: ${expanded ? "expanded" : "collapsed"}`));
			this.app.tui.requestRender();
			return true;
		}
		if (this.matches(data, "app.thinking.toggle")) {
			this.app.transcript.setShowThinking(!this.app.transcript.thinkingVisible);
			return true;
		}
		if (this.matches(data, "app.thinking.cycle")) {
			const level = this.app.session.cycleThinkingLevel();
			if (level === undefined)
				this.app.showNotice(this.app.theme.muted("The current model does not support thinking."));
			this.app.refreshEditorChrome();
			return true;
		}
		if (this.matches(data, "app.model.cycleForward") || this.matches(data, "app.model.cycleBackward")) {
			const backward = this.matches(data, "app.model.cycleBackward");
			void this.app.runAction(async () => {
				const result = backward ? await this.cycleModelBackward() : await this.app.session.cycleModel();
				if (!result) this.app.showNotice(this.app.theme.muted("No other model to switch to."));
				this.app.refreshEditorChrome();
			});
			return true;
		}
		if (this.matches(data, "app.model.select")) {
			this.app.commands.run("/model");
			return true;
		}
		if (this.matches(data, "tui.altScreen.pageUp") && this.app.scrollTranscript(-1)) return true;
		if (this.matches(data, "tui.altScreen.pageDown") && this.app.scrollTranscript(1)) return true;
		if (this.matches(data, "app.editor.external")) {
			this.app.commands.openExternalEditor();
			return true;
		}
		if (this.matches(data, "app.suspend")) {
			if (!suspendToShell(this.app.tui, process.platform, () => this.app.printPage()))
				this.app.showNotice(this.app.theme.warning("Suspending is not supported here."));
			return true;
		}
		if (this.matches(data, "app.message.copy")) {
			copyLastAnswer(this.app, { flash: true });
			return true;
		}
		if (this.matches(data, "app.message.dequeue")) {
			this.app.dequeueToEditor();
			return true;
		}
		if (this.matches(data, "app.clipboard.pasteImage")) {
			this.app.pasteClipboardImage();
			return true;
		}
		for (const [action, command] of SESSION_SHORTCUTS) {
			if (this.matches(data, action)) {
				this.app.commands.run(command);
				return true;
			}
		}
		return false;
	}

	/** The fullscreen transcript's keys (they win over the editor's use of a key); find takes every key while open. */
	private handleFullscreen(data: string): boolean {
		const app = this.app;
		const layout = app.layout;
		if (app.find.isOpen) return app.find.handleKey(data);
		if (this.matches(data, "tui.altScreen.search")) app.find.start();
		else if (this.matches(data, "tui.altScreen.top")) layout.scrollToTop();
		else if (this.matches(data, "tui.altScreen.bottom")) layout.scrollToEnd();
		else if (this.matches(data, "tui.altScreen.previousPrompt")) layout.jumpToPrompt(-1);
		else if (this.matches(data, "tui.altScreen.nextPrompt")) layout.jumpToPrompt(1);
		else if (this.matches(data, "tui.altScreen.halfPageUp")) layout.scrollPages(-0.5);
		else if (this.matches(data, "tui.altScreen.halfPageDown")) layout.scrollPages(0.5);
		else if (this.matches(data, "tui.altScreen.lineUp")) layout.scrollLines(-1);
		else if (this.matches(data, "tui.altScreen.lineDown")) layout.scrollLines(1);
		else return false;
		app.tui.requestRender();
		return true;
	}

	/** The previous model of the cycle (scoped models when set), with its scoped thinking level. */
	private async cycleModelBackward(): Promise<boolean> {
		const { models } = await this.app.session.getCycleModels();
		if (models.length < 2) return false;
		const current = this.app.session.model;
		const index = models.findIndex(
			(scoped) => scoped.model.provider === current?.provider && scoped.model.id === current?.id,
		);
		const previous = models[(index <= 0 ? models.length : index) - 1];
		if (!previous) return false;
		this.app.session.setModel(previous.model);
		if (previous.thinkingLevel) this.app.session.setThinkingLevel(previous.thinkingLevel);
		return true;
	}

	/** Escape twice on an empty, idle editor runs `doubleEscapeAction` (default: the tree). */
	private handleIdleEscape(): boolean {
		if (this.app.editor.getText() !== "") return false;
		const now = Date.now();
		const isDouble = now - this.lastEscape < 500;
		this.lastEscape = isDouble ? 0 : now;
		if (!isDouble) return false;
		const action = this.app.tuiSettings.doubleEscapeAction;
		if (action === "tree") this.app.commands.run("/tree");
		else if (action === "fork") this.app.commands.run("/fork");
		return true;
	}
}
