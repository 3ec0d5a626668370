import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Model } from "../types.js";
import { failStream } from "./failed-stream.js";

/**
 * Pipes every event of `source` into `target` synchronously (no extra delay per event). If
 * `source` ends without a terminal event (a broken provider), `target` ends with a terminal
 * `error` naming the problem (no second `start`), so `target` always terminates.
 */
export function forwardStream(
	source: AssistantMessageEventStream,
	target: AssistantMessageEventStream,
	model: Model,
): void {
	source.pipeTo(target, () => {
		failStream(target, model, `Provider stream for "${model.provider}" ended without a terminal event`, false, false);
	});
}
