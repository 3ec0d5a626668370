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
	private chain: Promise<void> = Promise.resolve();

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

	/** Queues `event`; resolves once its listeners have settled. Never rejects for listener failures. */
	dispatch(event: AgentEvent, signal: AbortSignal): Promise<void> {
		const delivery = this.chain.then(() => this.notify(event, signal));
		this.chain = delivery;
		return delivery;
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
