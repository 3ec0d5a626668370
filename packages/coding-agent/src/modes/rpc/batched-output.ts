// Coalesces the records produced within one turn of the event loop into a single stdout write.
// Stdout pipes are written synchronously on Linux, one write(2) per call: at one call per
// record a 50,000-delta reply spent about a second in syscalls. Order is kept (one queue, one
// writer); backpressure still reaches the agent through the writer's tail, which stays pending
// while the reader is slow, so at most one loop turn of records is held here.
import { writeRawStdout } from "../output-guard.js";
import { serializeJsonLine } from "./jsonl.js";

/** A batching JSONL writer over `writeRawStdout`. */
export interface BatchedOutput {
	/** Queues one record; written at the end of this event-loop turn. */
	write(record: unknown): void;
	/** Queues one already serialized line (LF included), like `write`. */
	writeLine(line: string): void;
	/** Hands everything queued so far to the raw writer now (before exit). */
	flush(): void;
}

export function createBatchedOutput(write: (text: string) => unknown = writeRawStdout): BatchedOutput {
	let pending: string[] = [];
	let scheduled = false;
	const flush = (): void => {
		scheduled = false;
		if (pending.length === 0) return;
		const text = pending.join("");
		pending = [];
		void write(text);
	};
	const writeLine = (line: string): void => {
		pending.push(line);
		if (!scheduled) {
			scheduled = true;
			setImmediate(flush);
		}
	};
	return {
		write: (record) => writeLine(serializeJsonLine(record)),
		writeLine,
		flush,
	};
}
