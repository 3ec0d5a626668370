/** Timer functions, injectable so tests can drive time with fake timers. */
export interface Timers {
	/** Schedules `callback` after `ms` milliseconds; returns a handle for {@link Timers.clearTimeout}. */
	setTimeout(callback: () => void, ms: number): unknown;
	/** Cancels a pending timeout. */
	clearTimeout(handle: unknown): void;
	/** Calls `callback` every `ms` milliseconds; returns a handle for {@link Timers.clearInterval}. */
	setInterval(callback: () => void, ms: number): unknown;
	/** Cancels a repeating timer. */
	clearInterval(handle: unknown): void;
}

/**
 * The global timers, looked up at call time (so `vi.useFakeTimers()` installed after
 * construction still takes effect). Handles are opaque to callers; the casts only hand back
 * what the matching set function returned.
 */
export const systemTimers: Timers = {
	setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
	clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
	setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
	clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};
