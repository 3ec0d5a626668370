import type { AgentListener, ListenerErrorHandler } from "./agent-options.js";
import type { AgentEvent } from "./types.js";

/**
 * The `Agent`'s subscribers (agent-core.md §3.3). `dispatch` queues an event behind earlier ones
 * and resolves once `beforeListeners` ran and every listener, in registration order and one after
 * another, has settled. Parallel tools may dispatch concurrently; listeners still see one event
 * at a time. A listener's throw or rejection goes to the error handler; delivery goes on.
 */
export class EventDispatcher {
	// Replaced, never mutated: a delivery iterates the array current when it began, without a
	// copy per event.
	private listeners: readonly { listener: AgentListener }[] = [];
	/** The last queued delivery; later ones chain behind it. */
	private chain: Promise<void> = Promise.resolve();
	/** Deliveries dispatched and not yet settled. */
	private unsettled = 0;
	/** Set while a delivery runs inside `dispatch`; `release` exists once a dispatch queued behind it. */
	private inline: { release?: (delivery: Promise<void> | undefined) => void } | undefined;

	/**
	 * @param errorHandler returns the current listener-error handler (read at each failure).
	 * @param beforeListeners runs for each event right before its listeners (state updates).
	 */
	constructor(
		private readonly errorHandler: () => ListenerErrorHandler,
		private readonly beforeListeners: (event: AgentEvent) => void,
	) {}

	/** Adds a listener; returns a function that removes it. */
	subscribe(listener: AgentListener): () => void {
		const entry = { listener };
		this.listeners = [...this.listeners, entry];
		return () => {
			this.listeners = this.listeners.filter((candidate) => candidate !== entry);
		};
	}

	/**
	 * Queues `event`; the returned promise resolves once its listeners have settled. Never rejects
	 * for listener failures. A `message_update` with nothing queued ahead is delivered at once, and
	 * when no listener returned a promise the result is undefined: nothing to wait for (at one event
	 * per streamed delta, the queue's promise and microtask hop were ~0.2 µs of each). Every other
	 * event keeps its queued delivery a microtask later: the loop's own bookkeeping around those
	 * (run start, abort wiring) must be in place before listeners react to them.
	 */
	dispatch(event: AgentEvent, signal: AbortSignal): Promise<void> | undefined {
		if (this.unsettled > 0 || event.type !== "message_update") return this.enqueue(event, signal);
		this.unsettled++;
		const inline: { release?: (delivery: Promise<void> | undefined) => void } = {};
		this.inline = inline;
		let delivery: Promise<void> | undefined;
		try {
			delivery = this.notify(event, signal);
		} catch (error) {
			delivery = Promise.reject(error);
		} finally {
			this.inline = undefined;
		}
		// Deliveries a listener dispatched meanwhile were queued behind this one.
		inline.release?.(delivery);
		if (delivery === undefined) {
			this.unsettled--;
			return undefined;
		}
		const settled = this.settling(delivery);
		if (!inline.release) this.chain = settled;
		return settled;
	}

	private enqueue(event: AgentEvent, signal: AbortSignal): Promise<void> {
		this.unsettled++;
		const inline = this.inline;
		if (inline && !inline.release) {
			this.chain = new Promise<Promise<void> | undefined>((resolve) => {
				inline.release = resolve;
			}).then(() => undefined);
		}
		const settled = this.settling(this.chain.then(() => this.notify(event, signal)));
		this.chain = settled;
		return settled;
	}

	private settling(delivery: Promise<void>): Promise<void> {
		return delivery.then(
			() => {
				this.unsettled--;
			},
			(error: unknown) => {
				this.unsettled--;
				throw error;
			},
		);
	}

	private notify(event: AgentEvent, signal: AbortSignal): Promise<void> | undefined {
		this.beforeListeners(event);
		return this.deliverFrom(this.listeners, 0, event, signal);
	}

	/**
	 * Calls `listeners[from..]` in order. Synchronous until a listener returns a promise, which is
	 * awaited before the next one: a listener that returns nothing costs no microtask hop (at one
	 * event per streamed delta, the awaits of plain values were a measurable share of a reply).
	 */
	private deliverFrom(
		listeners: readonly { listener: AgentListener }[],
		from: number,
		event: AgentEvent,
		signal: AbortSignal,
	): Promise<void> | undefined {
		for (let index = from; index < listeners.length; index++) {
			let result: unknown;
			try {
				result = listeners[index]!.listener(event, signal);
			} catch (error) {
				this.report(error, event);
				continue;
			}
			if (isThenable(result)) return this.settleThenDeliver(result, listeners, index + 1, event, signal);
		}
		return undefined;
	}

	private async settleThenDeliver(
		pending: PromiseLike<unknown>,
		listeners: readonly { listener: AgentListener }[],
		next: number,
		event: AgentEvent,
		signal: AbortSignal,
	): Promise<void> {
		try {
			await pending;
		} catch (error) {
			this.report(error, event);
		}
		await this.deliverFrom(listeners, next, event, signal);
	}

	private report(error: unknown, event: AgentEvent): void {
		try {
			this.errorHandler()(error, event);
		} catch (handlerError) {
			// The error handler itself failed; delivery must go on, so fall back to the console.
			console.error("Agent onListenerError failed:", handlerError, "while handling:", error);
		}
	}
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
	return (
		value !== null &&
		(typeof value === "object" || typeof value === "function") &&
		typeof (value as { then?: unknown }).then === "function"
	);
}
