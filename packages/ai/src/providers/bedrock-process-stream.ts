import type { ConverseStreamOutput } from "@aws-sdk/client-bedrock-runtime";
import type { AssistantMessageBuilder } from "./shared/assistant-message-builder.js";

/** How a Converse stream ended. */
export interface BedrockStreamOutcome {
	stopReason?: string;
}

/**
 * Feeds Converse stream events (decoded from AWS event-stream frames by the SDK) to the builder,
 * blocks keyed by `contentBlockIndex`: text deltas, reasoning text / signature / redacted content,
 * tool use (id and name at block start, input JSON in deltas); `metadata.usage` gives the tokens
 * (`inputTokens` excludes cache reads and writes). In-stream exceptions are thrown by the SDK.
 */
export async function processBedrockStream(
	events: AsyncIterable<ConverseStreamOutput>,
	builder: AssistantMessageBuilder,
): Promise<BedrockStreamOutcome> {
	const outcome: BedrockStreamOutcome = {};
	for await (const event of events) {
		if (event.contentBlockStart) {
			const start = event.contentBlockStart.start?.toolUse;
			if (start)
				builder.toolCall(keyOf(event.contentBlockStart.contentBlockIndex), { id: start.toolUseId, name: start.name });
		} else if (event.contentBlockDelta) {
			const key = keyOf(event.contentBlockDelta.contentBlockIndex);
			const delta = event.contentBlockDelta.delta;
			if (delta?.text !== undefined) builder.text(key, delta.text);
			else if (delta?.toolUse) builder.toolCall(key, { argumentsDelta: delta.toolUse.input ?? "" });
			else if (delta?.reasoningContent) {
				const reasoning = delta.reasoningContent;
				if (reasoning.text !== undefined) builder.thinking(key, reasoning.text);
				if (reasoning.signature) builder.thinkingSignature(key, reasoning.signature, { append: true });
				if (reasoning.redactedContent)
					builder.thinkingSignature(key, Buffer.from(reasoning.redactedContent).toString("base64"), { redacted: true });
			}
		} else if (event.contentBlockStop) {
			builder.end(keyOf(event.contentBlockStop.contentBlockIndex));
		} else if (event.messageStop) {
			outcome.stopReason = event.messageStop.stopReason;
		} else if (event.metadata?.usage) {
			const usage = event.metadata.usage;
			builder.setUsage({
				input: usage.inputTokens ?? 0,
				output: usage.outputTokens ?? 0,
				cacheRead: usage.cacheReadInputTokens ?? 0,
				cacheWrite: usage.cacheWriteInputTokens ?? 0,
			});
		}
		const drained = builder.backpressure();
		if (drained) await drained;
	}
	return outcome;
}

function keyOf(index: number | undefined): string {
	return String(index ?? 0);
}
