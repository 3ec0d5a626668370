import { type Component, Container, isFocusable } from "./component.js";
import { DifferentialRenderer } from "./differential-renderer.js";
import { FramePreparer } from "./frame-lines.js";
import { isKeyRelease } from "./keys.js";
import { MOUSE_REPORTING_OFF, MOUSE_REPORTING_ON } from "./mouse.js";
import { compositeOverlays, type OverlayEntry, type OverlayHandle, type OverlayOptions } from "./overlay.js";
import type { Terminal } from "./terminal.js";

/** Options for {@link TUI}. */
export interface TUIOptions {
	/**
	 * Schedules a coalesced render. Default: `process.nextTick`, so any number of
	 * `requestRender` calls in one tick produce one render.
	 */
	scheduleRender?: (callback: () => void) => void;
	/**
	 * After a resize that did not narrow the terminal, keep the scrollback (its lines keep the
	 * old layout) and redraw only the screen, instead of clearing everything when a line there
	 * changed. For long transcripts whose lines depend on the width. Default false.
	 */
	keepScrollbackOnResize?: boolean;
	/** Show the hardware cursor where the focused component puts it (it is moved there either way). Default true. */
	showHardwareCursor?: boolean;
	/** See {@link DifferentialRenderer.clearOnShrink}. Default false. */
	clearOnShrink?: boolean;
	/**
	 * Draw on the terminal's alternate screen (entered on `start`, left on `stop`, so the shell's
	 * screen comes back untouched). The content should then fit the screen: nothing scrolls into a
	 * scrollback there. Every resize redraws in full. Default false.
	 */
	alternateScreen?: boolean;
	/**
	 * Ask for SGR mouse reports (wheel, clicks) while started on the alternate screen; they reach
	 * input listeners as `CSI < … M/m` sequences. Turned off on `stop` (exit, suspend). Default false.
	 */
	mouseReporting?: boolean;
}

// Entering keeps the cursor where it was on the main screen; the first frame starts at the top.
const ALTERNATE_SCREEN_ON = "\x1b[?1049h\x1b[H";
const ALTERNATE_SCREEN_OFF = "\x1b[?1049l";

/** Receives every input before the focused component; return true to consume it. */
export type InputListener = (data: string) => boolean | undefined;

/**
 * A component that sets `wantsKeyRelease: true` also receives kitty key-release events;
 * others never see them.
 */
export interface ReleaseAware {
	/** Deliver key releases to this component. */
	wantsKeyRelease?: boolean;
}

/**
 * The root of a terminal UI: a {@link Container} whose children are drawn top to bottom,
 * inline in the terminal, by a {@link DifferentialRenderer}. Input goes to input listeners,
 * then to the focused component; both are followed by a render.
 *
 * Call `requestRender()` after changing state outside input handling (timers, streams).
 */
export class TUI extends Container {
	private readonly renderer: DifferentialRenderer;
	private readonly preparer = new FramePreparer();
	private readonly scheduleRender: (callback: () => void) => void;
	private readonly overlays: OverlayEntry[] = [];
	private readonly inputListeners = new Set<InputListener>();
	private focusedComponent: Component | null = null;
	private renderScheduled = false;
	private started = false;
	private bytesWritten = 0;
	private alternateScreen: boolean;
	private mouseReporting: boolean;
	/** Whether mouse reporting is on in the terminal right now. */
	private mouseActive = false;

	constructor(
		/** The terminal everything is drawn to. */
		readonly terminal: Terminal,
		options: TUIOptions = {},
	) {
		super();
		this.scheduleRender = options.scheduleRender ?? ((callback) => process.nextTick(callback));
		this.renderer = new DifferentialRenderer(options.keepScrollbackOnResize ?? false);
		this.renderer.showHardwareCursor = options.showHardwareCursor ?? true;
		this.renderer.clearOnShrink = options.clearOnShrink ?? false;
		this.alternateScreen = options.alternateScreen ?? false;
		this.renderer.clearScrollback = !this.alternateScreen;
		this.mouseReporting = options.mouseReporting ?? false;
	}

	/** See {@link TUIOptions.mouseReporting}; applied at once when started. */
	setMouseReporting(enabled: boolean): void {
		this.mouseReporting = enabled;
		this.syncMouseReporting();
	}

	/** True while the terminal sends mouse reports. */
	get mouseReportingActive(): boolean {
		return this.mouseActive;
	}

	private syncMouseReporting(): void {
		const wanted = this.started && this.alternateScreen && this.mouseReporting;
		if (wanted === this.mouseActive) return;
		this.mouseActive = wanted;
		this.terminal.write(wanted ? MOUSE_REPORTING_ON : MOUSE_REPORTING_OFF);
	}

	/** Shows or hides the hardware cursor from the next frame on (see {@link TUIOptions.showHardwareCursor}). */
	setShowHardwareCursor(show: boolean): void {
		this.renderer.showHardwareCursor = show;
		this.renderer.refreshCursor();
		this.requestRender();
	}

	/** See {@link TUIOptions.clearOnShrink}. */
	setClearOnShrink(clear: boolean): void {
		this.renderer.clearOnShrink = clear;
	}

	/** True while drawing on the alternate screen (see {@link TUIOptions.alternateScreen}). */
	get usesAlternateScreen(): boolean {
		return this.alternateScreen;
	}

	/** Enters or leaves the alternate screen (immediately when started) and redraws everything. */
	setAlternateScreen(alternate: boolean): void {
		if (this.alternateScreen === alternate) return;
		this.alternateScreen = alternate;
		this.renderer.clearScrollback = !alternate;
		if (!this.started) return;
		// The main screen keeps its last frame while the alternate one is shown: park the cursor
		// below it, so what the shell prints after the app does not land inside it.
		if (alternate) this.terminal.write(this.renderer.finish());
		if (!alternate) this.syncMouseReporting();
		this.terminal.write(alternate ? ALTERNATE_SCREEN_ON : ALTERNATE_SCREEN_OFF);
		if (alternate) this.syncMouseReporting();
		this.requestRender(true);
	}

	/** Total bytes (UTF-8) written to the terminal by renders so far. */
	get renderedBytes(): number {
		return this.bytesWritten;
	}

	/** How many full redraws happened (first frame, narrower terminal, changes out of reach). */
	get fullRedrawCount(): number {
		return this.renderer.fullRedrawCount;
	}

	/** The component that receives input, if any. */
	get focused(): Component | null {
		return this.focusedComponent;
	}

	/** Starts the terminal and schedules the first render. */
	start(): void {
		if (this.started) return;
		this.started = true;
		this.terminal.start(
			(data) => this.handleInput(data),
			() => {
				this.renderer.noteResize(this.terminal.columns, this.terminal.rows);
				// The alternate screen has no scrollback to keep; terminals differ in what they keep of it.
				this.requestRender(this.alternateScreen);
			},
		);
		if (this.alternateScreen) this.terminal.write(ALTERNATE_SCREEN_ON);
		this.syncMouseReporting();
		this.terminal.hideCursor();
		this.requestRender();
	}

	/** Renders what is pending, parks the cursor below the content and restores the terminal. */
	stop(): void {
		if (!this.started) return;
		this.renderNow();
		this.terminal.write(this.renderer.finish());
		this.started = false;
		this.syncMouseReporting();
		if (this.alternateScreen) {
			this.terminal.write(ALTERNATE_SCREEN_OFF);
			// The next start draws from scratch on whichever screen it uses.
			this.renderer.invalidate();
		}
		this.terminal.stop();
	}

	/** Moves focus to `component` (or nowhere), updating `focused` flags. */
	setFocus(component: Component | null): void {
		if (this.focusedComponent === component) return;
		if (isFocusable(this.focusedComponent)) this.focusedComponent.focused = false;
		this.focusedComponent = component;
		if (isFocusable(component)) component.focused = true;
		this.requestRender();
	}

	/** Adds a listener that sees input first; returns a function that removes it. */
	addInputListener(listener: InputListener): () => void {
		this.inputListeners.add(listener);
		return () => this.inputListeners.delete(listener);
	}

	/**
	 * Shows `component` over the visible screen (see {@link OverlayOptions}); it takes focus
	 * unless `options.focus` is false. Later overlays draw above earlier ones.
	 */
	showOverlay(component: Component, options: OverlayOptions = {}): OverlayHandle {
		const entry: OverlayEntry = { component, options };
		const previousFocus = this.focusedComponent;
		this.overlays.push(entry);
		if (options.focus !== false) this.setFocus(component);
		let hidden = false;
		this.requestRender();
		return {
			hide: () => {
				if (hidden) return;
				hidden = true;
				const index = this.overlays.indexOf(entry);
				if (index !== -1) this.overlays.splice(index, 1);
				if (this.focusedComponent === component) {
					const top = this.overlays[this.overlays.length - 1];
					this.setFocus(top && top.options.focus !== false ? top.component : previousFocus);
				}
				this.requestRender();
			},
			get hidden() {
				return hidden;
			},
		};
	}

	/** True while at least one overlay is shown. */
	hasOverlay(): boolean {
		return this.overlays.length > 0;
	}

	/**
	 * Dispatches one input sequence: listeners first, then the focused component (key
	 * releases only to components with `wantsKeyRelease`), then schedules a render.
	 */
	handleInput(data: string): void {
		for (const listener of this.inputListeners) {
			if (listener(data) === true) {
				this.requestRender();
				return;
			}
		}
		const target = this.focusedComponent;
		if (target?.handleInput) {
			const wantsRelease = "wantsKeyRelease" in target && target.wantsKeyRelease === true;
			if (wantsRelease || !isKeyRelease(data)) target.handleInput(data);
		}
		this.requestRender();
	}

	/**
	 * Schedules a render; calls within one tick are coalesced. With `force`, the next render
	 * clears the screen and redraws everything.
	 */
	requestRender(force = false): void {
		if (force) this.renderer.invalidate();
		if (this.renderScheduled || !this.started) return;
		this.renderScheduled = true;
		this.scheduleRender(() => {
			this.renderScheduled = false;
			if (this.started) this.renderNow();
		});
	}

	/** Renders immediately (tests, benchmarks, and `stop`). */
	renderNow(): void {
		const width = this.terminal.columns;
		const rows = this.terminal.rows;
		const content = compositeOverlays(this.render(width), this.overlays, width, rows);
		const frame = this.preparer.prepare(content, width);
		const output = this.renderer.render({ lines: frame.lines, cursor: frame.cursor, width, rows });
		if (output.length > 0) {
			this.bytesWritten += Buffer.byteLength(output, "utf8");
			this.terminal.write(output);
		}
	}
}
