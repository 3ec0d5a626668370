/** One request's place in its provider's dispatch order. */
export interface DispatchTurn {
	/**
	 * Resolves true once every request started earlier for the same key has been dispatched (or
	 * given up), false as soon as `signal` aborts while waiting.
	 */
	wait(signal?: AbortSignal): Promise<boolean>;
	/** Marks this request as dispatched (or given up); later requests may go. Idempotent. */
	leave(): void;
}

/** Hands out dispatch turns per key (a provider id). */
export interface DispatchOrder {
	/** Takes the next turn for `key`, behind every turn taken for it before. */
	enter(key: string): DispatchTurn;
}

/**
 * Keeps requests to one provider in the order they were started, although resolving their auth
 * takes a different number of steps each (an explicit key is ready at once, a stored credential
 * needs a store read, an OAuth credential may need a refresh). Auth still resolves concurrently;
 * only the hand-over to the API module waits. Providers that answer from a queue (the faux
 * provider, ai.md §10) rely on this "request-start order".
 */
export function createDispatchOrder(): DispatchOrder {
	const tails = new Map<string, Promise<void>>();
	return {
		enter(key) {
			const previous = tails.get(key) ?? Promise.resolve();
			let leave!: () => void;
			const left = new Promise<void>((resolve) => {
				leave = resolve;
			});
			const tail = previous.then(() => left);
			tails.set(key, tail);
			void tail.then(() => {
				if (tails.get(key) === tail) tails.delete(key);
			});
			return { wait: (signal) => waitUnlessAborted(previous, signal), leave };
		},
	};
}

function waitUnlessAborted(previous: Promise<void>, signal: AbortSignal | undefined): Promise<boolean> {
	if (!signal) return previous.then(() => true);
	if (signal.aborted) return Promise.resolve(false);
	return new Promise((resolve) => {
		const onAbort = (): void => resolve(false);
		signal.addEventListener("abort", onAbort, { once: true });
		void previous.then(() => {
			signal.removeEventListener("abort", onAbort);
			resolve(true);
		});
	});
}
