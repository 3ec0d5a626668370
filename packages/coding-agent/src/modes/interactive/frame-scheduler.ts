/**
 * Coalesces renders to at most one per `minIntervalMs` (default 16 ms, ~60 per second): a
 * request right after a frame waits for the rest of the interval, any other runs on the next
 * tick, so a keystroke after a quiet moment is echoed at once.
 */
export function createFrameScheduler(minIntervalMs = 16): (callback: () => void) => void {
	let lastFrame = Number.NEGATIVE_INFINITY;
	return (callback) => {
		const run = (): void => {
			lastFrame = performance.now();
			callback();
		};
		const wait = lastFrame + minIntervalMs - performance.now();
		if (wait <= 0) process.nextTick(run);
		else setTimeout(run, wait);
	};
}
