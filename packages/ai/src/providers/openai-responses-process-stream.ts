import type {
	Response,
	ResponseOutputItem,
	ResponseStreamEvent,
	ResponseUsage,
} from "openai/resources/responses/responses";
import { encodeTextSignature } from "./openai-responses-text-signature.js";
import type { AssistantMessageBuilder, UsageUpdate } from "./shared/assistant-message-builder.js";

/** Per output item: what has streamed so far. */
interface ItemState {
	/** Text, thinking or argument deltas were received for the item. */
	streamed: boolean;
	/** Index of the reasoning summary part that last received text. */
	summaryIndex?: number;
}

/** Usage counters from a Responses `usage` object: cached input tokens are not input (ai.md §2.4). */
export function mapResponsesUsage(usage: ResponseUsage): UsageUpdate {
	const cached = usage.input_tokens_details?.cached_tokens ?? 0;
	return {
		input: Math.max(0, usage.input_tokens - cached),
		output: usage.output_tokens,
		cacheRead: cached,
		cacheWrite: 0,
		// A part of output_tokens, which already counts it.
		reasoning: usage.output_tokens_details?.reasoning_tokens ?? 0,
		totalTokens: usage.total_tokens,
	};
}

/**
 * Feeds Responses stream events (in batches, one per read of the body) into the builder, one block per output item (keyed by
 * `output_index`): reasoning summary / reasoning text deltas → thinking (summary parts joined by a
 * blank line), output text and refusals → text, function-call argument deltas → tool call with id
 * `call_id|item id`. `response.output_item.done` closes the block: a reasoning item with encrypted
 * content becomes the thinking signature (its JSON), a message item's id (and phase) the text
 * signature; items that arrived without deltas are filled from the final item. The terminal
 * events end the message: `response.completed` (stop / toolUse), `response.incomplete` (length, or
 * an error for content filtering), `response.failed` and `error` (error with the vendor's text).
 */
export async function processResponsesStream(
	batches: AsyncIterable<readonly ResponseStreamEvent[]>,
	builder: AssistantMessageBuilder,
): Promise<void> {
	const items = new Map<number, ItemState>();
	const stateOf = (index: number): ItemState => {
		const known = items.get(index);
		if (known) return known;
		const created: ItemState = { streamed: false };
		items.set(index, created);
		return created;
	};
	for await (const batch of batches) {
		// Once per read of the body: a slow consumer pauses the socket.
		const drained = builder.backpressure();
		if (drained) await drained;
		for (const event of batch) {
			switch (event.type) {
				case "response.created":
				case "response.in_progress":
					builder.setResponseId(event.response.id);
					break;
				case "response.output_item.added":
					if (event.item.type === "function_call") {
						builder.toolCall(keyOf(event.output_index), { id: toolCallId(event.item), name: event.item.name });
					}
					break;
				case "response.reasoning_summary_text.delta": {
					const state = stateOf(event.output_index);
					const separator =
						state.summaryIndex !== undefined && state.summaryIndex !== event.summary_index ? "\n\n" : "";
					state.summaryIndex = event.summary_index;
					state.streamed = true;
					builder.thinking(keyOf(event.output_index), separator + event.delta);
					break;
				}
				case "response.reasoning_text.delta":
					stateOf(event.output_index).streamed = true;
					builder.thinking(keyOf(event.output_index), event.delta);
					break;
				case "response.output_text.delta":
				case "response.refusal.delta":
					stateOf(event.output_index).streamed = true;
					builder.text(keyOf(event.output_index), event.delta);
					break;
				case "response.function_call_arguments.delta":
					stateOf(event.output_index).streamed = true;
					builder.toolCall(keyOf(event.output_index), { argumentsDelta: event.delta });
					break;
				case "response.output_item.done":
					finishItem(builder, keyOf(event.output_index), event.item, stateOf(event.output_index));
					break;
				case "response.completed":
				case "response.incomplete":
				case "response.failed":
					finishResponse(builder, event.response);
					return;
				case "error":
					builder.fail(event.code ? `${event.code}: ${event.message}` : event.message, false);
					return;
			}
		}
	}
}

function keyOf(outputIndex: number): string {
	return `item:${outputIndex}`;
}

function toolCallId(item: { call_id: string; id?: string }): string {
	return item.id ? `${item.call_id}|${item.id}` : item.call_id;
}

function finishItem(builder: AssistantMessageBuilder, key: string, item: ResponseOutputItem, state: ItemState): void {
	if (item.type === "reasoning") {
		if (!state.streamed) {
			builder.thinking(key, item.summary.map((part) => part.text).join("\n\n"));
			builder.thinking(key, (item.content ?? []).map((part) => part.text).join("\n\n"));
		}
		// Without encrypted content a reasoning item cannot be replayed when `store` is false.
		if (item.encrypted_content) builder.thinkingSignature(key, JSON.stringify(item));
	} else if (item.type === "message") {
		if (!state.streamed) {
			builder.text(key, item.content.map((part) => (part.type === "output_text" ? part.text : part.refusal)).join(""));
		}
		builder.textSignature(key, encodeTextSignature({ id: item.id, phase: item.phase ?? undefined }));
	} else if (item.type === "function_call") {
		builder.toolCall(key, {
			id: toolCallId(item),
			name: item.name,
			argumentsDelta: state.streamed ? undefined : item.arguments,
		});
	}
	builder.end(key);
}

function finishResponse(builder: AssistantMessageBuilder, response: Response): void {
	builder.setResponseId(response.id);
	if (response.usage) builder.setUsage(mapResponsesUsage(response.usage));
	if (response.status === "failed" || response.error) {
		const error = response.error;
		builder.fail(error ? `${error.code}: ${error.message}` : "Response failed", false);
	} else if (response.status === "incomplete") {
		const reason = response.incomplete_details?.reason;
		if (reason === "content_filter") builder.fail("Response incomplete: content_filter", false);
		else builder.finish("length");
	} else {
		builder.finish("stop");
	}
}
