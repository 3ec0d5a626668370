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
export function createStdoutSinks(): { messages: WritableStream<AnyMessage>; bytes: WritableStream<Uint8Array> } {
	const batcher = new StdoutBatcher();
	const decoder = new TextDecoder();
	return {
		messages: new WritableStream<AnyMessage>({
			write: (message) => batcher.push(`${JSON.stringify(message)}\n`),
			close: () => batcher.close(),
		}),
		bytes: new WritableStream<Uint8Array>({
			write: (chunk) => batcher.push(decoder.decode(chunk, { stream: true })),
			close: () => batcher.close(),
		}),
	};
}
