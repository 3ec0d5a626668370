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
	// Buffered events are `queue[head..]`. A moving head keeps dequeuing O(1): `Array.shift` is
	// O(n) on large arrays, which made draining a 50k-event buffer take seconds.
	private queue: (TEvent | undefined)[] = [];
	private head = 0;
	private readonly waiters: ((item: IteratorResult<TEvent>) => void)[] = [];
	private drainWaiters: (() => void)[] = [];
	private abandoned = false;
	private closed = false;
	private target?: { stream: EventStream<TEvent, TResult>; onUnterminatedEnd?: () => void };
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
		if (this.target) {
			this.target.stream.push(event);
			return;
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
		if (this.target) {
			if (this.target.onUnterminatedEnd) this.target.onUnterminatedEnd();
			else this.target.stream.end(result);
		}
	}

	/**
	 * Redirects this stream into `target`: buffered events move there now and every later push is
	 * forwarded synchronously, so piping adds no delay. `result()` keeps working on both. When this
	 * stream ends without a terminal event, `onUnterminatedEnd` runs (default: `target.end()` with
	 * the same result). Call before anyone iterates this stream; it has no consumer of its own after.
	 */
	pipeTo(target: EventStream<TEvent, TResult>, onUnterminatedEnd?: () => void): void {
		this.target = { stream: target, onUnterminatedEnd };
		while (this.buffered > 0) target.push(this.dequeue() as TEvent);
		if (this.closed && !target.isClosed) {
			if (onUnterminatedEnd) onUnterminatedEnd();
			else void this.resultPromise.then((result) => target.end(result));
		}
	}

	/**
	 * True while a consumer is waiting for the next event (it has caught up with the producer).
	 * Producers that emit many small events can yield until this holds, so a consumer reacting to
	 * one event (e.g. by aborting) sees no further events produced before it could react.
	 */
	get hasWaitingConsumer(): boolean {
		return this.target ? this.target.stream.hasWaitingConsumer : this.waiters.length > 0;
	}

	/**
	 * When more than `BACKLOG_HIGH_WATER` events wait for a slow consumer, a promise that resolves
	 * once it caught up to `BACKLOG_LOW_WATER`; otherwise undefined (no await, no cost). Producers
	 * reading a network stream await it between chunks, so the socket pauses instead of this
	 * buffer growing without bound while the consumer (e.g. a stalled RPC reader) waits.
	 */
	backpressure(): Promise<void> | undefined {
		if (this.target) return this.target.stream.backpressure();
		if (this.closed || this.abandoned || this.buffered <= BACKLOG_HIGH_WATER) return undefined;
		return new Promise((resolve) => this.drainWaiters.push(resolve));
	}

	/** True once a terminal event was pushed or `end()` was called. */
	get isClosed(): boolean {
		return this.closed;
	}

	/** Resolves with the final value carried by the terminal event. */
	result(): Promise<TResult> {
		return this.resultPromise;
	}

	private get buffered(): number {
		return this.queue.length - this.head;
	}

	private dequeue(): TEvent | undefined {
		if (this.head >= this.queue.length) return undefined;
		const event = this.queue[this.head];
		this.queue[this.head] = undefined;
		this.head++;
		if (this.drainWaiters.length > 0 && this.queue.length - this.head <= BACKLOG_LOW_WATER) {
			for (const resolve of this.drainWaiters.splice(0)) resolve();
		}
		if (this.head === this.queue.length) {
			this.queue = [];
			this.head = 0;
		} else if (this.head >= 1024 && this.head * 2 >= this.queue.length) {
			this.queue = this.queue.slice(this.head);
			this.head = 0;
		}
		return event;
	}

	private flushWaiters(): void {
		while (this.waiters.length > 0 && this.buffered === 0) {
			this.waiters.shift()?.({ value: undefined, done: true });
		}
	}

	[Symbol.asyncIterator](): AsyncIterator<TEvent> {
		return {
			next: (): Promise<IteratorResult<TEvent>> => {
				if (this.buffered > 0) return Promise.resolve({ value: this.dequeue() as TEvent, done: false });
				if (this.closed) return Promise.resolve({ value: undefined, done: true });
				return new Promise((resolve) => this.waiters.push(resolve));
			},
			return: (): Promise<IteratorResult<TEvent>> => {
				// A consumer that stops iterating must not leave a producer parked in backpressure().
				this.abandoned = true;
				for (const resolve of this.drainWaiters.splice(0)) resolve();
				return Promise.resolve({ value: undefined, done: true });
			},
		};
	}
}

/** Buffered events above which `backpressure()` asks the producer to wait. */
const BACKLOG_HIGH_WATER = 256;
/** Buffered events at which a waiting producer resumes. */
const BACKLOG_LOW_WATER = 64;

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
