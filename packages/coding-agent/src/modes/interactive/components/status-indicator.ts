import { type Component, type EditorBorderStatus, Loader, truncateToWidth } from "@pi/tui";
import type { Theme } from "../theme.js";

/** An extension's spinner (`ctx.ui.setWorkingIndicator`): frames drawn as given, and their pace. */
export interface WorkingFrames {
	frames: readonly string[];
	intervalMs?: number;
}

/** How a status is drawn: the working spinner in the editor border's colour, the others accent and muted. */
export type StatusKind = "working" | "other";

/**
 * What runs ("Working", a retry backoff with its reason, a compaction): a spinner and a message.
 * As in pi 1.4 it sits in the built-in editor's top border (`── ⠋ Working ───`, see
 * {@link EditorBorderStatus}); while an extension's editor replaces the built-in one, which has
 * no such border, it is a line of its own above the editor. Hidden when idle.
 */
export class StatusIndicator implements Component, EditorBorderStatus {
	private loader: Loader | undefined;
	private message = "";
	private kind: StatusKind = "other";
	private custom: WorkingFrames | undefined;
	/** True while the editor's border shows it (then it draws no line of its own). */
	private inBorder = false;

	constructor(
		private readonly theme: Theme,
		private readonly requestRender: () => void,
		/** The built-in editor's border colour (it follows the thinking level). */
		private readonly borderStyle: () => (text: string) => string,
	) {}

	/** Shows the spinner with `message` (replacing any shown one). */
	show(message: string, kind: StatusKind = "other"): void {
		this.message = message;
		if (this.loader && this.kind === kind) {
			this.loader.setMessage(message);
			return;
		}
		this.kind = kind;
		this.restart();
	}

	/** An extension's spinner frames for the working status (undefined: the default spinner). */
	setWorkingFrames(frames: WorkingFrames | undefined): void {
		this.custom = frames;
		if (this.loader && this.kind === "working") this.restart();
	}

	hide(): void {
		this.loader?.stop();
		this.loader = undefined;
	}

	get visible(): boolean {
		return this.loader !== undefined;
	}

	/** The kind of the status shown (meaningful while visible). */
	get shownKind(): StatusKind {
		return this.kind;
	}

	/** Drawn in the editor's top border (true) or as a line above the editor (false). */
	setInBorder(inBorder: boolean): void {
		this.inBorder = inBorder;
	}

	private restart(): void {
		this.loader?.stop();
		const working = this.kind === "working";
		// Custom frames are drawn verbatim, as pi 1.4 draws them.
		const frames = working ? this.custom : undefined;
		this.loader = new Loader({
			requestRender: this.requestRender,
			message: this.message,
			spinnerStyle: (text) => (frames ? text : working ? this.borderStyle()(text) : this.theme.accent(text)),
			// The working message takes the border's colour there, as in pi 1.4; elsewhere it is muted.
			messageStyle: (text) => (working && this.inBorder ? this.borderStyle()(text) : this.theme.muted(text)),
			...(frames ? { frames: frames.frames } : {}),
			...(frames?.intervalMs !== undefined && frames.intervalMs > 0 ? { intervalMs: frames.intervalMs } : {}),
		});
		this.loader.start();
	}

	invalidate(): void {}

	/** The status line above the editor, when the editor's border does not show it. */
	render(width: number): string[] {
		if (!this.loader || this.inBorder) return [];
		return ["", ...this.loader.render(width)];
	}

	/** {@link EditorBorderStatus}: spinner and message in at most `maxWidth` cells. */
	renderInBorder(maxWidth: number): string {
		return this.loader ? (this.loader.render(maxWidth)[0] ?? "") : "";
	}

	/** {@link EditorBorderStatus}: the spinner alone. */
	renderSpinner(maxWidth: number): string {
		return this.loader ? truncateToWidth(this.loader.renderSpinner(), maxWidth, "") : "";
	}
}
