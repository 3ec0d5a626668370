import type { AssistantMessage, AssistantMessageEvent } from "./types.js";

/**
 * A push-based event queue that is an async iterable of events plus `result()`.
 *
 * Producers `push` events and `end` once; events pushed before anyone iterates are buffered.
 * Pushing a terminal event (per `isTerminal`) resolves `result()` with `extractResult(event)` and
 * closes the stream: later pushes are ignored. `result()` may be awaited without iterating.
 * Only one consumer should iterate; it sees every event exactly once.
 */
export class EventStream<TEvent, TResult> implements AsyncIterable<TEvent> {
	private readonly queue: TEvent[] = [];
	private readonly waiters: ((item: IteratorResult<TEvent>) => void)[] = [];
	private closed = false;
	private resolveResult!: (value: TResult) => void;
	private readonly resultPromise: Promise<TResult>;

	constructor(
		private readonly isTerminal: (event: TEvent) => boolean,
		private readonly extractResult: (event: TEvent) => TResult,
	) {
		this.resultPromise = new Promise<TResult>((resolve) => {
			this.resolveResult = resolve;
		});
	}

	/** Adds an event. Ignored once the stream has ended. */
	push(event: TEvent): void {
		if (this.closed) return;
		if (this.isTerminal(event)) {
			this.closed = true;
			this.resolveResult(this.extractResult(event));
		}
		const waiter = this.waiters.shift();
		if (waiter) waiter({ value: event, done: false });
		else this.queue.push(event);
		if (this.closed) this.flushWaiters();
	}

	/** Ends the stream without a terminal event; `result` (when given) resolves `result()`. */
	end(result?: TResult): void {
		if (this.closed) return;
		this.closed = true;
		if (result !== undefined) this.resolveResult(result);
		this.flushWaiters();
	}

	/** True once a terminal event was pushed or `end()` was called. */
	get isClosed(): boolean {
		return this.closed;
	}

	/** Resolves with the final value carried by the terminal event. */
	result(): Promise<TResult> {
		return this.resultPromise;
	}

	private flushWaiters(): void {
		while (this.waiters.length > 0 && this.queue.length === 0) {
			this.waiters.shift()?.({ value: undefined, done: true });
		}
	}

	[Symbol.asyncIterator](): AsyncIterator<TEvent> {
		return {
			next: (): Promise<IteratorResult<TEvent>> => {
				const event = this.queue.shift();
				if (event !== undefined) return Promise.resolve({ value: event, done: false });
				if (this.closed) return Promise.resolve({ value: undefined, done: true });
				return new Promise((resolve) => this.waiters.push(resolve));
			},
			return: (): Promise<IteratorResult<TEvent>> => Promise.resolve({ value: undefined, done: true }),
		};
	}
}

function isTerminalAssistantEvent(event: AssistantMessageEvent): boolean {
	return event.type === "done" || event.type === "error";
}

function finalAssistantMessage(event: AssistantMessageEvent): AssistantMessage {
	if (event.type === "done") return event.message;
	if (event.type === "error") return event.error;
	throw new Error(`Not a terminal event: ${event.type}`);
}

/** The stream every provider returns: `AssistantMessageEvent`s, then the final `AssistantMessage`. */
export class AssistantMessageEventStream extends EventStream<AssistantMessageEvent, AssistantMessage> {
	constructor() {
		super(isTerminalAssistantEvent, finalAssistantMessage);
	}
}

/** Creates an empty `AssistantMessageEventStream` for a provider to push into. */
export function createAssistantMessageEventStream(): AssistantMessageEventStream {
	return new AssistantMessageEventStream();
}
