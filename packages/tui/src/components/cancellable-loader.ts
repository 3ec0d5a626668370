import { getKeybindings, type KeybindingsManager } from "../keybindings.js";
import { Loader, type LoaderOptions } from "./loader.js";

/** Options for {@link CancellableLoader}. */
export interface CancellableLoaderOptions extends LoaderOptions {
	/** Called once when the user cancels. */
	onAbort?: () => void;
	/** Key bindings ("tui.loader.cancel"). Default: the shared manager. */
	keybindings?: KeybindingsManager;
}

/**
 * A {@link Loader} the user can cancel with Escape (action "tui.loader.cancel") while it has
 * focus. Cancelling aborts {@link CancellableLoader.signal}, stops the spinner and calls
 * `onAbort`, once.
 */
export class CancellableLoader extends Loader {
	private readonly controller = new AbortController();
	private readonly cancelOptions: CancellableLoaderOptions;

	constructor(options: CancellableLoaderOptions) {
		super(options);
		this.cancelOptions = options;
	}

	/** Aborted when the user cancels; pass it to the work being waited for. */
	get signal(): AbortSignal {
		return this.controller.signal;
	}

	/** True once cancelled. */
	get aborted(): boolean {
		return this.controller.signal.aborted;
	}

	handleInput(data: string): void {
		const keybindings = this.cancelOptions.keybindings ?? getKeybindings();
		if (keybindings.matches(data, "tui.loader.cancel")) this.cancel();
	}

	/** Cancels as if the user pressed Escape. Idempotent. */
	cancel(): void {
		if (this.controller.signal.aborted) return;
		this.controller.abort();
		this.stop();
		this.cancelOptions.onAbort?.();
	}
}
