import type { AssistantMessageEventStream } from "../../../src/event-stream.js";
import type { AssistantMessage, AssistantMessageEvent } from "../../../src/types.js";

/** Everything one stream produced. */
export interface StreamRun {
	events: AssistantMessageEvent[];
	result: AssistantMessage;
	/** Anything the iteration or `result()` threw (must stay undefined: streams never throw). */
	thrown: unknown;
}

/**
 * Drains a stream, recording its events and final message. `onEvent` runs for each event before
 * the next is read (e.g. to abort once a delta arrived). Catches anything thrown so a test can
 * assert that nothing was.
 */
export async function runStream(
	stream: AssistantMessageEventStream,
	onEvent?: (event: AssistantMessageEvent) => void,
): Promise<StreamRun> {
	const events: AssistantMessageEvent[] = [];
	let thrown: unknown;
	try {
		for await (const event of stream) {
			events.push(event);
			onEvent?.(event);
		}
	} catch (error) {
		thrown = error;
	}
	const result = await stream.result();
	return { events, result, thrown };
}

/**
 * Collapses consecutive repeats of a delta event type into one `type+` entry, so a sequence can be
 * asserted without pinning how many deltas a vendor used: `text_delta, text_delta` → `text_delta+`.
 */
export function collapseDeltas(types: string[]): string[] {
	const collapsed: string[] = [];
	for (const type of types) {
		const entry = type.endsWith("_delta") ? `${type}+` : type;
		if (entry.endsWith("+") && collapsed.at(-1) === entry) continue;
		collapsed.push(entry);
	}
	return collapsed;
}

/** Matches a lone UTF-16 surrogate (a pair is fine). */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
