import type { AgentListener, ListenerErrorHandler } from "./agent-options.js";
import type { AgentEvent } from "./types.js";

/**
 * The `Agent`'s subscribers (agent-core.md §3.3). `dispatch` queues an event behind earlier ones
 * and resolves once `beforeListeners` ran and every listener, in registration order and one after
 * another, has settled. Parallel tools may dispatch concurrently; listeners still see one event
 * at a time. A listener's throw or rejection goes to the error handler; delivery goes on.
 */
export class EventDispatcher {
	private readonly listeners: { listener: AgentListener }[] = [];
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
		this.listeners.push(entry);
		return () => {
			const index = this.listeners.indexOf(entry);
			if (index !== -1) this.listeners.splice(index, 1);
		};
	}

	/** Queues `event`; resolves once its listeners have settled. Never rejects for listener failures. */
	dispatch(event: AgentEvent, signal: AbortSignal): Promise<void> {
		const delivery = this.chain.then(() => this.notify(event, signal));
		this.chain = delivery;
		return delivery;
	}

	private async notify(event: AgentEvent, signal: AbortSignal): Promise<void> {
		this.beforeListeners(event);
		for (const { listener } of [...this.listeners]) {
			try {
				await listener(event, signal);
			} catch (error) {
				this.report(error, event);
			}
		}
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
