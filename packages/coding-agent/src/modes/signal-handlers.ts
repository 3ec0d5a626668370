import { killTrackedProcessGroups } from "../core/tools/process-groups.js";

/** Exit statuses of the signals a one-shot mode handles (run-modes.md §7.3). */
const SIGNAL_EXIT_CODES = { SIGTERM: 143, SIGHUP: 129 } as const;

const CLEANUP_BUDGET_MS = 3000;

export type HandledSignal = keyof typeof SIGNAL_EXIT_CODES;

/**
 * On SIGTERM / SIGHUP: kill the tracked detached children first (they would outlive us), run
 * `cleanup` (dispose the runtime, flush stdout), then exit 143 / 129. A second signal while
 * cleaning up exits at once. Returns the function that removes the handlers.
 */
export function installSignalHandlers(cleanup: (signal: HandledSignal) => Promise<void>): () => void {
	let exiting = false;
	const handlers = new Map<HandledSignal, () => void>();
	for (const signal of Object.keys(SIGNAL_EXIT_CODES) as HandledSignal[]) {
		const handler = () => {
			const code = SIGNAL_EXIT_CODES[signal];
			killTrackedProcessGroups("SIGKILL");
			if (exiting) process.exit(code);
			exiting = true;
			// A cleanup that hangs (a provider ignoring abort) must not keep a killed process alive.
			setTimeout(() => process.exit(code), CLEANUP_BUDGET_MS).unref();
			cleanup(signal)
				.catch((error: unknown) => {
					process.stderr.write(
						`pi: cleanup after ${signal} failed: ${error instanceof Error ? error.message : String(error)}\n`,
					);
				})
				.finally(() => process.exit(code));
		};
		handlers.set(signal, handler);
		process.on(signal, handler);
	}
	return () => {
		for (const [signal, handler] of handlers) process.off(signal, handler);
	};
}
