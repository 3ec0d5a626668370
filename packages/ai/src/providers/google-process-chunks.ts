import type { GenerateContentResponse, Part } from "@google/genai";
import { generateToolCallId } from "../utils/generate-tool-call-id.js";
import { mapGoogleUsage } from "./google-usage.js";
import type { AssistantMessageBuilder } from "./shared/assistant-message-builder.js";

/** How the Gemini stream ended, for the caller to finish or fail the builder. */
export interface GoogleStreamOutcome {
	finishReason?: string;
	finishMessage?: string;
	/** `promptFeedback.blockReason` when Gemini refused the prompt itself. */
	blockReason?: string;
	blockReasonMessage?: string;
}

/**
 * Streaming state for one Gemini reply. Gemini sends parts without indexes: consecutive text (or
 * thought) parts extend the current block, a change of kind opens the next block, and every
 * `functionCall` part is one complete tool call (ai.md §3.2 rule 7: one delta with the whole JSON).
 */
class GoogleChunkProcessor {
	readonly outcome: GoogleStreamOutcome = {};
	private current: { key: string; kind: "text" | "thinking" } | undefined;
	private blockCount = 0;
	private readonly usedIds = new Set<string>();

	constructor(private readonly builder: AssistantMessageBuilder) {}

	chunk(response: GenerateContentResponse): void {
		this.builder.setResponseId(response.responseId);
		const candidate = response.candidates?.[0];
		for (const part of candidate?.content?.parts ?? []) this.part(part);
		if (candidate?.finishReason) this.outcome.finishReason = candidate.finishReason;
		if (candidate?.finishMessage) this.outcome.finishMessage = candidate.finishMessage;
		const blockReason = response.promptFeedback?.blockReason;
		if (blockReason) {
			this.outcome.blockReason = blockReason;
			this.outcome.blockReasonMessage = response.promptFeedback?.blockReasonMessage;
		}
		if (response.usageMetadata) this.builder.setUsage(mapGoogleUsage(response.usageMetadata));
	}

	private part(part: Part): void {
		const signature = part.thoughtSignature;
		if (part.functionCall) {
			this.functionCall(part);
		} else if (part.thought === true) {
			// A thought part may carry only the signature of the thoughts before it (no text).
			const key = this.blockKey("thinking");
			this.builder.thinking(key, part.text ?? "");
			if (signature) this.builder.thinkingSignature(key, signature);
		} else if (typeof part.text === "string" && part.text !== "") {
			const key = this.blockKey("text");
			this.builder.text(key, part.text);
			if (signature) this.textSignature(key, signature);
		} else if (signature) {
			this.signatureOnly(signature);
		}
		// Other parts (executable code, inline media output…) are not part of our message model.
	}

	/**
	 * An empty non-thought part that only carries a signature (Gemini signs a text answer on a
	 * trailing empty part) belongs to the text before it, or to the thoughts when no text came yet.
	 */
	private signatureOnly(signature: string): void {
		const hasText = this.builder.message.content.some((block) => block.type === "text");
		if (this.current?.kind === "text" || hasText) this.textSignature(this.current?.key ?? "", signature);
		else if (this.current?.kind === "thinking") this.builder.thinkingSignature(this.current.key, signature);
	}

	private blockKey(kind: "text" | "thinking"): string {
		if (this.current?.kind === kind) return this.current.key;
		this.closeCurrent();
		this.current = { key: `block-${this.blockCount++}`, kind };
		return this.current.key;
	}

	private closeCurrent(): void {
		if (this.current) this.builder.end(this.current.key);
		this.current = undefined;
	}

	/** Signs the text answer: the open block through the builder, and the last text block directly (it may be closed). */
	private textSignature(key: string, signature: string): void {
		this.builder.textSignature(key, signature);
		const last = this.builder.message.content.findLast((block) => block.type === "text");
		if (last) last.textSignature = signature;
	}

	private functionCall(part: Part): void {
		this.closeCurrent();
		const call = part.functionCall!;
		const key = `block-${this.blockCount++}`;
		const id = call.id && !this.usedIds.has(call.id) ? call.id : generateToolCallId();
		this.usedIds.add(id);
		this.builder.toolCall(key, { id, name: call.name ?? "", thoughtSignature: part.thoughtSignature });
		this.builder.toolCall(key, { argumentsDelta: JSON.stringify(call.args ?? {}) });
		this.builder.end(key);
	}

	finish(): GoogleStreamOutcome {
		this.closeCurrent();
		return this.outcome;
	}
}

/**
 * Feeds a Gemini `streamGenerateContent` response stream into the builder: thought parts become
 * thinking blocks (signature kept), text parts text blocks (`thoughtSignature` kept as
 * `textSignature`), function calls tool calls (id generated when Gemini sends none or a duplicate,
 * `thoughtSignature` kept), `usageMetadata` usage, `responseId` the response id.
 */
export async function processGoogleChunks(
	chunks: AsyncIterable<GenerateContentResponse>,
	builder: AssistantMessageBuilder,
): Promise<GoogleStreamOutcome> {
	const processor = new GoogleChunkProcessor(builder);
	for await (const response of chunks) {
		processor.chunk(response);
		const drained = builder.backpressure();
		if (drained) await drained;
	}
	return processor.finish();
}
