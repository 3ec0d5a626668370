import type { CompletionEvent } from "@mistralai/mistralai/models/components";
import type { AssistantMessageBuilder } from "./shared/assistant-message-builder.js";

/** How a Mistral stream ended. */
export interface MistralStreamOutcome {
	finishReason?: string;
}

interface ThinkChunkShape {
	type?: string;
	text?: string;
	thinking?: { type?: string; text?: string }[];
	signature?: string | null;
}

/**
 * Feeds Mistral chat stream events (already parsed by the SDK) to the builder: string or text
 * chunk content → text, `thinking` chunks → thinking (with their signature), tool-call fragments
 * keyed by `index` (id and name in the first) → tool calls, `usage` (prompt tokens include cached
 * ones, reported under `prompt_tokens_details.cached_tokens` / `num_cached_tokens`) → usage.
 */
export async function processMistralStream(
	events: AsyncIterable<CompletionEvent>,
	builder: AssistantMessageBuilder,
): Promise<MistralStreamOutcome> {
	const outcome: MistralStreamOutcome = {};
	// Thinking and text alternate as separate blocks: a change of kind closes the open block.
	let current: { kind: "text" | "thinking"; key: string } | undefined;
	let blockCount = 0;
	const keyFor = (kind: "text" | "thinking"): string => {
		if (current?.kind === kind) return current.key;
		if (current) builder.end(current.key);
		current = { kind, key: `${kind}:${blockCount++}` };
		return current.key;
	};
	for await (const { data } of events) {
		if (data.id) builder.setResponseId(data.id);
		if (data.usage) setUsage(data.usage, builder);
		for (const choice of data.choices) {
			const content = choice.delta.content;
			if (typeof content === "string") {
				if (content !== "") builder.text(keyFor("text"), content);
			} else if (Array.isArray(content)) {
				for (const chunk of content as ThinkChunkShape[]) applyChunk(chunk, builder, keyFor);
			}
			for (const call of choice.delta.toolCalls ?? []) {
				const args = call.function.arguments;
				builder.toolCall(`tool:${call.index ?? 0}`, {
					id: call.id && call.id !== "null" ? call.id : undefined,
					name: call.function.name || undefined,
					argumentsDelta: typeof args === "string" ? args : JSON.stringify(args),
				});
			}
			if (choice.finishReason) outcome.finishReason = choice.finishReason;
		}
		const drained = builder.backpressure();
		if (drained) await drained;
	}
	return outcome;
}

function applyChunk(
	chunk: ThinkChunkShape,
	builder: AssistantMessageBuilder,
	keyFor: (kind: "text" | "thinking") => string,
): void {
	if (chunk.type === "thinking") {
		const text = (chunk.thinking ?? []).map((part) => part.text ?? "").join("");
		if (text !== "") builder.thinking(keyFor("thinking"), text);
		if (chunk.signature) builder.thinkingSignature(keyFor("thinking"), chunk.signature);
		return;
	}
	if (chunk.type === "text" && chunk.text) builder.text(keyFor("text"), chunk.text);
}

function setUsage(usage: Record<string, unknown>, builder: AssistantMessageBuilder): void {
	const prompt = numberOf(usage.promptTokens ?? usage.prompt_tokens);
	const completion = numberOf(usage.completionTokens ?? usage.completion_tokens);
	const details = (usage.prompt_tokens_details ?? usage.promptTokensDetails) as Record<string, unknown> | undefined;
	const cached = numberOf(details?.cached_tokens ?? details?.cachedTokens ?? usage.num_cached_tokens);
	builder.setUsage({ input: Math.max(0, prompt - cached), output: completion, cacheRead: cached });
}

function numberOf(value: unknown): number {
	return typeof value === "number" && Number.isFinite(value) ? value : 0;
}
