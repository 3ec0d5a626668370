import { AssistantMessageEventStream } from "../event-stream.js";
import { AssistantMessageBuilder } from "../providers/shared/assistant-message-builder.js";
import { redactSecrets } from "../redact-secrets.js";
import type { Model } from "../types.js";

/** The `errorMessage` of a request stopped by its `AbortSignal`. */
export const ABORTED_MESSAGE = "Request was aborted";

/**
 * Ends `stream` with `start` (unless `emitStart` is false because the stream already has one)
 * followed by a terminal `error` event for `model`: `stopReason` is "aborted" when `aborted`,
 * else "error", and `errorMessage` is `errorMessage`. No-op on a closed stream.
 */
export function failStream(
	stream: AssistantMessageEventStream,
	model: Model,
	errorMessage: string,
	aborted = false,
	emitStart = true,
): void {
	if (stream.isClosed) return;
	const builder = new AssistantMessageBuilder(model, stream);
	if (emitStart) builder.start();
	builder.fail(errorMessage, aborted);
}

/** A new stream that has already failed (see `failStream`). Used wherever a request cannot start. */
export function failedStream(model: Model, errorMessage: string, aborted = false): AssistantMessageEventStream {
	const stream = new AssistantMessageEventStream();
	failStream(stream, model, errorMessage, aborted);
	return stream;
}

/** The text of an unknown thrown value, with credentials redacted (see redactSecrets). */
export function errorText(error: unknown): string {
	return redactSecrets(error instanceof Error ? error.message : String(error));
}
