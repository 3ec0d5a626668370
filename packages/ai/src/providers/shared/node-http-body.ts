import type { IncomingMessage } from "node:http";
import type { Readable } from "node:stream";

/** Largest piece one read of a web body (`nodeHttpBodyStream`) returns. */
export const MAX_BODY_READ_BYTES = 4096;

/**
 * A response body read from its Node stream in paused mode: `take()` returns every byte that
 * arrived since the last call at once, and nothing is read from the socket beyond the stream's
 * own buffer while nobody takes (backpressure). Failures read as the global fetch's body reports
 * them: an abort as `signal.reason`, a connection dropped mid-body (or a broken compressed body)
 * as `TypeError: terminated` (cause: `other side closed`); the first failure wins, and bytes still
 * buffered then are dropped, as an errored web stream drops its queue.
 */
export class NodeHttpBody {
	private failure: { error: unknown } | undefined;
	private ended = false;
	private wake: (() => void) | undefined;
	private readonly notify = (): void => {
		const wake = this.wake;
		this.wake = undefined;
		wake?.();
	};

	constructor(
		private readonly response: IncomingMessage,
		private readonly source: Readable,
		signal: AbortSignal | undefined,
	) {
		const onAbort = () => this.fail(signal?.reason);
		if (signal?.aborted) {
			onAbort();
			return;
		}
		signal?.addEventListener("abort", onAbort, { once: true });
		source.on("readable", this.notify);
		source.once("end", () => {
			signal?.removeEventListener("abort", onAbort);
			this.ended = true;
			this.notify();
		});
		source.once("error", () => this.fail(signal?.aborted ? signal.reason : terminated()));
		response.once("close", () => {
			if (!response.complete) this.fail(signal?.aborted ? signal.reason : terminated());
		});
	}

	/** The bytes buffered now; null when none arrived yet, undefined at the end. Throws the failure. */
	take(): Uint8Array | null | undefined {
		if (this.failure) throw this.failure.error;
		const chunk = this.source.read() as Buffer | null;
		if (chunk !== null) return chunk;
		return this.ended ? undefined : null;
	}

	/** `take()`, waiting until bytes arrive, the body ends or fails. */
	async next(): Promise<Uint8Array | undefined> {
		for (;;) {
			const chunk = this.take();
			if (chunk !== null) return chunk;
			await new Promise<void>((resolve) => {
				this.wake = resolve;
			});
		}
	}

	/** Stops reading and closes the connection. */
	cancel(): void {
		this.ended = true;
		this.response.destroy();
	}

	private fail(error: unknown): void {
		if (this.failure || this.ended) return;
		this.failure = { error };
		this.response.destroy();
		this.notify();
	}
}

function terminated(): TypeError {
	return new TypeError("terminated", {
		cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }),
	});
}

/** Web bodies of ours nobody has read yet, with the Node body behind each. */
const unread = new WeakMap<ReadableStream<Uint8Array>, NodeHttpBody>();

/**
 * `body` as the web stream a `Response` carries, in reads of at most `MAX_BODY_READ_BYTES`. It
 * pulls only while someone reads (high-water mark 0), so until then `takeNodeHttpBody` can hand
 * the Node body to a reader that goes without the web stream layer.
 */
export function nodeHttpBodyStream(body: NodeHttpBody): ReadableStream<Uint8Array> {
	const stream: ReadableStream<Uint8Array> = new ReadableStream<Uint8Array>(
		{
			async pull(controller) {
				unread.delete(stream);
				try {
					const chunk = await body.next();
					if (chunk === undefined) return controller.close();
					for (let at = 0; at < chunk.byteLength; at += MAX_BODY_READ_BYTES) {
						const length = Math.min(MAX_BODY_READ_BYTES, chunk.byteLength - at);
						controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset + at, length));
					}
				} catch (error) {
					controller.error(error);
				}
			},
			cancel() {
				body.cancel();
			},
		},
		{ highWaterMark: 0 },
	);
	unread.set(stream, body);
	return stream;
}

/**
 * The Node body behind `stream` when it is one of ours that nobody has read or locked yet; the
 * caller then reads the body only through it (the web stream stays unread). Undefined otherwise.
 */
export function takeNodeHttpBody(stream: ReadableStream<Uint8Array>): NodeHttpBody | undefined {
	const body = unread.get(stream);
	if (!body || stream.locked) return undefined;
	unread.delete(stream);
	return body;
}
