import type { AnyMessage } from "@agentclientprotocol/sdk";
import { waitForRawStdoutBackpressure, writeRawStdout } from "../output-guard.js";

/** Text buffered for stdout before a write waits for the pipe (a slow client slows the agent). */
const MAX_BUFFERED_CHARS = 1024 * 1024;

/**
 * stdout for the ACP connection: lines written in one event-loop turn go out as one write
 * through the guarded raw writer; a full buffer makes the writer (and so the agent) wait.
 */
class StdoutBatcher {
	private pending: string[] = [];
	private pendingChars = 0;
	private scheduled = false;
	private inFlight: Promise<void> = Promise.resolve();

	push(text: string): Promise<void> | undefined {
		this.pending.push(text);
		this.pendingChars += text.length;
		if (!this.scheduled) {
			this.scheduled = true;
			setImmediate(() => this.flush());
		}
		if (this.pendingChars < MAX_BUFFERED_CHARS) return undefined;
		this.flush();
		return this.inFlight;
	}

	flush(): void {
		this.scheduled = false;
		if (this.pending.length === 0) return;
		const text = this.pending.join("");
		this.pending = [];
		this.pendingChars = 0;
		this.inFlight = writeRawStdout(text);
	}

	async close(): Promise<void> {
		this.flush();
		await waitForRawStdoutBackpressure();
	}
}

/**
 * Two sinks on one stdout batcher: JSON-RPC messages serialised straight to lines (no
 * encode/decode round trip), and the bytes the SDK's ndjson reader writes itself (its answers
 * to unparsable lines). Both keep the order they were written in.
 */
export function createStdoutSinks(): {
	messages: WritableStream<AnyMessage>;
	bytes: WritableStream<Uint8Array>;
	close(): Promise<void>;
} {
	const batcher = new StdoutBatcher();
	const decoder = new TextDecoder();
	const written = Promise.resolve();
	// The SDK's connection only ever calls `writable.getWriter()`, then `write()` and
	// `releaseLock()` once per message (SDK 2.4, core/jsonrpc.js sendMessage). A real
	// WritableStream costs two promise rejections per message on releaseLock, a third of the
	// per-chunk cost; this writer keeps that contract without them.
	const writer = {
		write: (message: AnyMessage): Promise<void> => batcher.push(`${JSON.stringify(message)}\n`) ?? written,
		releaseLock: (): void => undefined,
	};
	const messages = { getWriter: () => writer } as unknown as WritableStream<AnyMessage>;
	return {
		messages,
		close: () => batcher.close(),
		bytes: new WritableStream<Uint8Array>({
			write: (chunk) => batcher.push(decoder.decode(chunk, { stream: true })),
			close: () => batcher.close(),
		}),
	};
}
