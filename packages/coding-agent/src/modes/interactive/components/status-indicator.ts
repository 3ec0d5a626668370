import { type Component, Loader } from "@pi/tui";
import type { Theme } from "../theme.js";

/**
 * The spinner line above the editor while something runs ("Working…", a retry backoff with its
 * reason, a compaction). Hidden when idle.
 */
export class StatusIndicator implements Component {
	private loader: Loader | undefined;

	constructor(
		private readonly theme: Theme,
		private readonly requestRender: () => void,
	) {}

	/** Shows the spinner with `message` (replacing any shown one). */
	show(message: string): void {
		if (this.loader) {
			this.loader.setMessage(message);
			return;
		}
		this.loader = new Loader({
			requestRender: this.requestRender,
			message,
			spinnerStyle: this.theme.accent,
			messageStyle: this.theme.muted,
		});
		this.loader.start();
	}

	hide(): void {
		this.loader?.stop();
		this.loader = undefined;
	}

	get visible(): boolean {
		return this.loader !== undefined;
	}

	invalidate(): void {}

	render(width: number): string[] {
		return this.loader ? ["", ...this.loader.render(width)] : [];
	}
}
