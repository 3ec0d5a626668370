import type { RawContentBlockStartEvent, RawMessageStreamEvent } from "@anthropic-ai/sdk/resources/messages";
import { mapAnthropicUsage } from "./anthropic-usage.js";
import type { AssistantMessageBuilder } from "./shared/assistant-message-builder.js";

/** What the event loop learnt about how the message ended. */
export interface AnthropicStreamOutcome {
	/** `stop_reason` from the last `message_delta`, if any. */
	stopReason: string | null;
	/** True once `message_stop` arrived: the message is complete. */
	complete: boolean;
}

/** Per-stream state: tool inputs that arrived whole in `content_block_start` (non-streaming proxies). */
interface BlockState {
	startInput: Map<string, unknown>;
	streamedInput: Set<string>;
}

function onBlockStart(event: RawContentBlockStartEvent, builder: AssistantMessageBuilder, state: BlockState): void {
	const key = String(event.index);
	const block = event.content_block;
	switch (block.type) {
		case "text":
			builder.text(key, block.text);
			return;
		case "thinking":
			builder.thinking(key, block.thinking);
			if (block.signature) builder.thinkingSignature(key, block.signature);
			return;
		case "redacted_thinking":
			builder.thinkingSignature(key, block.data, { redacted: true });
			return;
		case "tool_use":
			builder.toolCall(key, { id: block.id, name: block.name });
			state.startInput.set(key, block.input);
			return;
		default:
			// Server-side tool blocks (web search, code execution…) are not part of our message model.
			return;
	}
}

function onBlockStop(key: string, builder: AssistantMessageBuilder, state: BlockState): void {
	const input = state.startInput.get(key);
	const hasWholeInput = input !== null && typeof input === "object" && Object.keys(input).length > 0;
	if (hasWholeInput && !state.streamedInput.has(key)) builder.toolCall(key, { argumentsDelta: JSON.stringify(input) });
	builder.end(key);
}

/**
 * Feeds Anthropic stream events into the builder: content blocks keyed by the vendor's `index`
 * (text, thinking with its `signature_delta`, redacted thinking, tool use with `input_json_delta`),
 * the message id, and usage from `message_start` (input side) and `message_delta` (cumulative
 * output). Returns how the message ended; the caller finishes or fails the builder.
 */
export async function processAnthropicEvents(
	events: AsyncIterable<RawMessageStreamEvent>,
	builder: AssistantMessageBuilder,
): Promise<AnthropicStreamOutcome> {
	const outcome: AnthropicStreamOutcome = { stopReason: null, complete: false };
	const state: BlockState = { startInput: new Map(), streamedInput: new Set() };
	for await (const event of events) {
		const drained = builder.backpressure();
		if (drained) await drained;
		switch (event.type) {
			case "message_start":
				builder.setResponseId(event.message.id);
				builder.setUsage(mapAnthropicUsage(event.message.usage));
				break;
			case "content_block_start":
				onBlockStart(event, builder, state);
				break;
			case "content_block_delta": {
				const key = String(event.index);
				const delta = event.delta;
				if (delta.type === "text_delta") builder.text(key, delta.text);
				else if (delta.type === "thinking_delta") builder.thinking(key, delta.thinking);
				else if (delta.type === "signature_delta") builder.thinkingSignature(key, delta.signature, { append: true });
				else if (delta.type === "input_json_delta") {
					if (delta.partial_json !== "") state.streamedInput.add(key);
					builder.toolCall(key, { argumentsDelta: delta.partial_json });
				}
				break;
			}
			case "content_block_stop":
				onBlockStop(String(event.index), builder, state);
				break;
			case "message_delta":
				if (event.delta.stop_reason) outcome.stopReason = event.delta.stop_reason;
				builder.setUsage(mapAnthropicUsage(event.usage));
				break;
			case "message_stop":
				outcome.complete = true;
				break;
		}
	}
	return outcome;
}
