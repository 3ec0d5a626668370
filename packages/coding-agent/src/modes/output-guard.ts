/**
 * Stdout takeover and the single serialised raw writer (run-modes.md §6, rpc.md §7). In every
 * non-interactive mode only protocol records (or the final answer of print mode) may reach
 * stdout: extensions run in-process and anything may call `console.log`.
 */

type WriteFn = typeof process.stdout.write;
type WriteCallback = (error?: Error | null) => void;

const TRANSIENT_RETRY_MS = 10;

let rawStdoutWrite: WriteFn | undefined;
let tail: Promise<void> = Promise.resolve();
/** Chunks handed to `writeRawStdout` whose write has not settled yet. */
let unsettledWrites = 0;
const settleWrite = (): void => {
	unsettledWrites--;
};

/** Whether `takeOverStdout()` has run in this process. */
export function isStdoutTakenOver(): boolean {
	return rawStdoutWrite !== undefined;
}

/**
 * Keeps the real stdout writer privately and redirects `process.stdout.write` to stderr (same
 * data, same encoding and callback arguments). Idempotent.
 */
export function takeOverStdout(): void {
	if (rawStdoutWrite !== undefined) return;
	rawStdoutWrite = process.stdout.write.bind(process.stdout) as WriteFn;
	// A reader that went away (EPIPE) surfaces as an 'error' event too: without a listener it would
	// crash the process with a stack trace instead of the one-line exit below.
	process.stdout.on("error", (error: NodeJS.ErrnoException) => {
		if (!isTransient(error)) fatal(error);
	});
	const stderrWrite = process.stderr.write.bind(process.stderr) as WriteFn;
	process.stdout.write = ((chunk: string | Uint8Array, encodingOrCallback?: unknown, callback?: unknown) =>
		(stderrWrite as (c: string | Uint8Array, e?: unknown, cb?: unknown) => boolean)(
			chunk,
			encodingOrCallback,
			callback,
		)) as WriteFn;
}

function isTransient(error: unknown): boolean {
	const code = (error as NodeJS.ErrnoException | undefined)?.code;
	return code === "EAGAIN" || code === "ENOBUFS";
}

function fatal(error: unknown): never {
	const message = error instanceof Error ? error.message : String(error);
	process.stderr.write(`pi: cannot write to stdout: ${message}\n`);
	process.exit(1);
}

function delay(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** One chunk through the real writer: retried on EAGAIN/ENOBUFS, settled after `drain` when the buffer is full. */
async function writeChunk(text: string): Promise<void> {
	const write = rawStdoutWrite ?? (process.stdout.write.bind(process.stdout) as WriteFn);
	for (;;) {
		let thrown: unknown;
		const outcome = await new Promise<"ok" | "retry">((resolve) => {
			let needDrain = false;
			let callbackDone = false;
			const onDrain = () => resolve("ok");
			const settle = (result: "ok" | "retry") => {
				process.stdout.removeListener("drain", onDrain);
				resolve(result);
			};
			const onCallback: WriteCallback = (error) => {
				callbackDone = true;
				if (error) {
					if (isTransient(error)) return settle("retry");
					thrown = error;
					return settle("ok");
				}
				if (!needDrain) settle("ok");
			};
			let accepted: boolean;
			try {
				accepted = write(text, "utf8", onCallback);
			} catch (error) {
				if (isTransient(error)) return settle("retry");
				thrown = error;
				return settle("ok");
			}
			if (!accepted && !callbackDone) {
				needDrain = true;
				process.stdout.once("drain", onDrain);
			}
		});
		if (thrown !== undefined) fatal(thrown);
		if (outcome === "ok") return;
		await delay(TRANSIENT_RETRY_MS);
	}
}

/**
 * The only path to the real stdout. Writes are chained on one promise so they never
 * interleave; empty text is ignored. Resolves when this chunk has been accepted.
 */
export function writeRawStdout(text: string): Promise<void> {
	if (text.length === 0) return tail;
	const next = tail.then(() => writeChunk(text));
	tail = next;
	unsettledWrites++;
	next.then(settleWrite, settleWrite);
	return next;
}

/**
 * `waitForRawStdoutBackpressure()` when a write is still pending, otherwise undefined: a caller
 * that awaits it per streamed delta (the agent's backpressure listener) then costs no promise.
 */
export function rawStdoutBackpressure(): Promise<void> | undefined {
	return unsettledWrites === 0 ? undefined : waitForRawStdoutBackpressure();
}

/** Resolves once every write queued so far (and any queued meanwhile) has been flushed. */
export async function waitForRawStdoutBackpressure(): Promise<void> {
	for (;;) {
		const awaited = tail;
		await awaited;
		if (awaited === tail) return;
	}
}

/** The exit-time flush: waits for the tail, then for the stream to accept an empty write. */
export async function flushRawStdout(): Promise<void> {
	await waitForRawStdoutBackpressure();
	const write = rawStdoutWrite ?? (process.stdout.write.bind(process.stdout) as WriteFn);
	await new Promise<void>((resolve) => {
		try {
			write("", "utf8", () => resolve());
		} catch {
			// A closed stdout at exit leaves nothing to flush.
			resolve();
		}
	});
}
