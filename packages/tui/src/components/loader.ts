import chalk from "chalk";
import type { Component } from "../component.js";
import { truncateToWidth } from "../text-width.js";
import { systemTimers, type Timers } from "../timers.js";

/** Options for {@link Loader}. */
export interface LoaderOptions {
	/** Called after each spinner frame so the owner can re-render (usually `tui.requestRender`). */
	requestRender: () => void;
	/** Text after the spinner. Default: "Loading...". */
	message?: string;
	/** Spinner frames. Default: braille dots. */
	frames?: readonly string[];
	/** Time between frames in ms. Default: 80. */
	intervalMs?: number;
	/** Styles the spinner frame. Default: cyan. */
	spinnerStyle?: (text: string) => string;
	/** Styles the message. Default: dim. */
	messageStyle?: (text: string) => string;
	/** Timer functions. Default: the global timers. */
	timers?: Timers;
}

/** Default spinner frames. */
export const SPINNER_FRAMES: readonly string[] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

/**
 * A one-line spinner with a message. The animation timer runs between `start()` and
 * `stop()`; rendering only reads the current frame.
 */
export class Loader implements Component {
	private frame = 0;
	private message: string;
	private timer: unknown;
	private readonly frames: readonly string[];
	private readonly timers: Timers;

	constructor(protected readonly options: LoaderOptions) {
		this.message = options.message ?? "Loading...";
		// An empty list is no spinner at all (an extension's `setWorkingIndicator({ frames: [] })`).
		this.frames = options.frames ?? SPINNER_FRAMES;
		this.timers = options.timers ?? systemTimers;
	}

	/** True while the spinner is animating. */
	get running(): boolean {
		return this.timer !== undefined;
	}

	/** Starts animating (no-op when already running). */
	start(): void {
		if (this.timer !== undefined) return;
		// One frame (or none) never changes: nothing to animate.
		if (this.frames.length <= 1) {
			this.options.requestRender();
			return;
		}
		this.timer = this.timers.setInterval(() => {
			this.frame = (this.frame + 1) % this.frames.length;
			this.options.requestRender();
		}, this.options.intervalMs ?? 80);
		this.options.requestRender();
	}

	/** Stops animating; the loader keeps rendering its current frame. */
	stop(): void {
		if (this.timer === undefined) return;
		this.timers.clearInterval(this.timer);
		this.timer = undefined;
	}

	/** Replaces the message. */
	setMessage(message: string): void {
		this.message = message;
		this.options.requestRender();
	}

	invalidate(): void {}

	/** The current spinner frame, styled ("" when the frames are empty). */
	renderSpinner(): string {
		const frame = this.frames[this.frame] ?? "";
		return frame === "" ? "" : (this.options.spinnerStyle ?? chalk.cyan)(frame);
	}

	render(width: number): string[] {
		const messageStyle = this.options.messageStyle ?? chalk.dim;
		const spinner = this.renderSpinner();
		const text = spinner === "" ? messageStyle(this.message) : `${spinner} ${messageStyle(this.message)}`;
		return [truncateToWidth(text, width)];
	}
}
