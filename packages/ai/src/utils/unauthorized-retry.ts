import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Model } from "../types.js";
import { forwardStream } from "./forward-stream.js";

/** An `errorMessage` that says the credential was refused (status kept by every API module). */
function isUnauthorized(errorMessage: string | undefined): boolean {
	return errorMessage !== undefined && /\b401\b/.test(errorMessage);
}

/**
 * Forwards `first` into `target`, except when it fails with a 401 before any content: then its
 * events are dropped and `retry()`'s stream is forwarded instead (retry returns undefined when it
 * already ended `target`). Only the leading `start` event is held back, so a reply that is
 * under way streams on unchanged.
 */
export async function forwardWithUnauthorizedRetry(
	first: AssistantMessageEventStream,
	target: AssistantMessageEventStream,
	model: Model,
	retry: () => Promise<AssistantMessageEventStream | undefined>,
): Promise<void> {
	const held: Parameters<AssistantMessageEventStream["push"]>[0][] = [];
	const iterator = first[Symbol.asyncIterator]();
	for (;;) {
		const next = await iterator.next();
		if (next.done) break;
		const event = next.value;
		if (event.type === "start") {
			held.push(event);
			continue;
		}
		if (event.type === "error" && event.reason === "error" && isUnauthorized(event.error.errorMessage)) {
			const replacement = await retry();
			if (replacement) forwardStream(replacement, target, model);
			return;
		}
		for (const heldEvent of held) target.push(heldEvent);
		target.push(event);
		break;
	}
	// From here on the first stream is passed on as it is, to its end.
	for (;;) {
		const next = await iterator.next();
		if (next.done) break;
		target.push(next.value);
	}
	if (!target.isClosed) target.end(await first.result());
}
