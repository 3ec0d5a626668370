import type { ChatCompletionChunk } from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";
import { REASONING_FIELDS } from "./openai-completions-convert-messages.js";
import type { AssistantMessageBuilder, UsageUpdate } from "./shared/assistant-message-builder.js";

/** How a Chat Completions `finish_reason` ends the message. */
export type CompletionsFinish =
	| { kind: "done"; reason: "stop" | "length" | "toolUse" }
	| { kind: "error"; message: string };

/**
 * Maps `finish_reason`: `stop`/`end` → stop, `length` → length, `tool_calls`/`function_call` →
 * toolUse, `content_filter` → error. Other values (`eos_token`, `stop_sequence` from some
 * servers) are normal endings → stop.
 */
export function mapFinishReason(reason: string): CompletionsFinish {
	switch (reason) {
		case "length":
			return { kind: "done", reason: "length" };
		case "tool_calls":
		case "function_call":
			return { kind: "done", reason: "toolUse" };
		case "content_filter":
			return { kind: "error", message: "Provider finish_reason: content_filter" };
		default:
			return { kind: "done", reason: "stop" };
	}
}

/** Usage counters from a Chat Completions `usage` object: cached prompt tokens are not input (ai.md §2.4). */
export function mapCompletionsUsage(usage: CompletionUsage): UsageUpdate {
	// DeepSeek reports cache hits as `prompt_cache_hit_tokens` instead of `prompt_tokens_details`.
	const extra = usage as CompletionUsage & { prompt_cache_hit_tokens?: number };
	const cached = usage.prompt_tokens_details?.cached_tokens ?? extra.prompt_cache_hit_tokens ?? 0;
	const input = Math.max(0, (usage.prompt_tokens ?? 0) - cached);
	const output = usage.completion_tokens ?? 0;
	return {
		input,
		output,
		cacheRead: cached,
		cacheWrite: 0,
		// A part of completion_tokens, which already counts it.
		reasoning: usage.completion_tokens_details?.reasoning_tokens ?? 0,
		totalTokens: usage.total_tokens ?? input + output + cached,
	};
}

/**
 * Feeds Chat Completions chunks (in batches, one per read of the body) into the builder. Reasoning text may come in
 * `delta.reasoning_content`, `delta.reasoning` or `delta.reasoning_text` and becomes thinking whose
 * signature names that field (for same-model replay). Text and reasoning alternate as separate
 * blocks; tool calls are keyed by `index` (a new id at a used index starts a new call), and a chunk
 * may carry text and tool-call deltas together. Returns how the stream finished, or undefined when
 * it ended without a `finish_reason`.
 */
export async function processCompletionsStream(
	batches: AsyncIterable<readonly ChatCompletionChunk[]>,
	builder: AssistantMessageBuilder,
): Promise<CompletionsFinish | undefined> {
	const state = new ChunkState(builder);
	let finishReason: string | undefined;
	for await (const chunks of batches) {
		for (const chunk of chunks) {
			builder.setResponseId(chunk.id);
			if (chunk.usage) builder.setUsage(mapCompletionsUsage(chunk.usage));
			const choice = chunk.choices?.[0];
			if (!choice) continue;
			if (choice.delta) state.apply(choice.delta);
			if (choice.finish_reason) finishReason = choice.finish_reason;
		}
		// Once per read of the body: a slow consumer pauses the socket (one read's events may exceed the mark).
		const drained = builder.backpressure();
		if (drained) await drained;
	}
	return finishReason === undefined ? undefined : mapFinishReason(finishReason);
}

type Delta = ChatCompletionChunk.Choice.Delta;

/** Block keys for one streamed reply. */
class ChunkState {
	private textBlock = 0;
	private thinkingBlock = 0;
	private last: "text" | "thinking" | undefined;
	private thinkingSigned = false;
	private readonly toolKeys = new Map<number, { key: string; id: string }>();
	private toolCount = 0;

	constructor(private readonly builder: AssistantMessageBuilder) {}

	apply(delta: Delta): void {
		const fields = delta as Delta & Record<string, unknown>;
		for (const field of REASONING_FIELDS) {
			const value = fields[field];
			if (typeof value !== "string" || value === "") continue;
			this.switchTo("thinking");
			const key = `thinking:${this.thinkingBlock}`;
			this.builder.thinking(key, value);
			if (!this.thinkingSigned) this.builder.thinkingSignature(key, field);
			this.thinkingSigned = true;
			break;
		}
		const text = delta.content || delta.refusal;
		if (text) {
			this.switchTo("text");
			this.builder.text(`text:${this.textBlock}`, text);
		}
		const calls = delta.tool_calls ?? [];
		// Tool calls come after the prose; closing it gives consumers its text_end before the call.
		if (calls.length > 0) this.switchTo(undefined);
		for (const [position, call] of calls.entries()) {
			this.builder.toolCall(this.toolKey(call.index ?? position, call.id), {
				id: call.id ?? undefined,
				name: call.function?.name ?? undefined,
				argumentsDelta: call.function?.arguments ?? undefined,
			});
		}
	}

	// Text after thinking (or the reverse, or a tool call after either) closes the open prose block.
	private switchTo(kind: "text" | "thinking" | undefined): void {
		if (this.last === kind) return;
		if (this.last === "text") this.builder.end(`text:${this.textBlock++}`);
		if (this.last === "thinking") {
			this.builder.end(`thinking:${this.thinkingBlock++}`);
			this.thinkingSigned = false;
		}
		this.last = kind;
	}

	private toolKey(index: number, id: string | null | undefined): string {
		const known = this.toolKeys.get(index);
		if (known && (!id || !known.id || known.id === id)) {
			if (id) known.id = id;
			return known.key;
		}
		// Some servers reuse index 0 for every parallel call: a new id means a new call.
		if (known) this.builder.end(known.key);
		const entry = { key: `tool:${this.toolCount++}`, id: id ?? "" };
		this.toolKeys.set(index, entry);
		return entry.key;
	}
}
