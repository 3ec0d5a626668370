// Anthropic Messages wire format. Sources: https://docs.claude.com/en/docs/build-with-claude/streaming
// (event flow, `ping`, `input_json_delta` starting with `partial_json: ""`, `signature_delta` before
// `content_block_stop`, `redacted_thinking`); the SDK's `RawMessageStreamEvent` and `MessageDeltaUsage`
// (@anthropic-ai/sdk 1.14 resources/messages/messages.d.ts); recorded streams (compact JSON,
// `message_start.message` with `cache_creation` and `service_tier`, `{"type": "ping"}` with spaces
// right after the first `content_block_start`, message_delta usage carrying input and cache counts).
// Stop reasons beyond end_turn / max_tokens / tool_use (`refusal` from streaming classifiers,
// `pause_turn` from server tools): https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons
// and …/strengthen-guardrails/handle-streaming-refusals (in a stream it arrives on `message_delta`).
import { type PlannedBlock, type PlannedReply, parseArgumentsObject } from "../internal/plan-reply.js";
import { vendorStopReasonFor } from "../internal/vendor-stop-reason.js";
import { applyStreamError, jsonPlan, namedEvent, ssePlan, type WirePlan } from "../internal/wire-plan.js";
import { anthropicRequestId, renderAnthropicError, renderAnthropicStreamError } from "./anthropic-errors.js";
import { type RenderContext, replyModel, type VendorRenderer } from "./vendor-renderer.js";

const STOP_REASONS = { stop: "end_turn", length: "max_tokens", toolUse: "tool_use" } as const;

/** The `stop_reason` to send: the script's verbatim one, else the mapped vendor-neutral reason. */
function stopReasonOf(reply: PlannedReply): string {
	return vendorStopReasonFor(reply.vendorStopReason, "anthropic-messages") ?? STOP_REASONS[reply.stopReason];
}

/** Byte-for-byte shape of the real ping event (the API writes it with spaces, unlike the others). */
const PING_DATA = '{"type": "ping"}';

/** Renders `/v1/messages`. */
export const anthropicMessagesRenderer: VendorRenderer = {
	isStreaming: (context) => context.body.stream === true,
	renderStream,
	renderComplete,
	renderError: renderAnthropicError,
};

interface MessageIdentity {
	id: string;
	model: string;
	toolIds: string[];
	signatures: string[];
}

function identify(reply: PlannedReply, context: RenderContext): MessageIdentity {
	return {
		id: reply.id ?? context.ids.alphanumeric("msg_01", 22),
		model: replyModel(reply, context),
		toolIds: reply.blocks.map((block) =>
			block.type === "toolCall" ? (block.id ?? context.ids.alphanumeric("toolu_01", 22)) : "",
		),
		signatures: reply.blocks.map((block) =>
			block.type === "thinking" ? (block.signature ?? context.ids.opaque("EqQBCkYIBhgCKkB", 120)) : "",
		),
	};
}

function headers(context: RenderContext, contentType: string): Record<string, string> {
	return { "content-type": contentType, "cache-control": "no-cache", "request-id": anthropicRequestId(context) };
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const identity = identify(reply, context);
	const frames: string[] = [];
	const emit = (data: Record<string, unknown>): void => {
		frames.push(namedEvent(String(data.type), JSON.stringify(data)));
	};
	emit({ type: "message_start", message: messageObject(reply, identity, [], null, 1) });
	if (reply.blocks.length === 0) frames.push(namedEvent("ping", PING_DATA));
	reply.blocks.forEach((block, index) => {
		emit({ type: "content_block_start", index, content_block: startBlock(block, identity, index) });
		if (index === 0) frames.push(namedEvent("ping", PING_DATA));
		for (const delta of blockDeltas(block, identity.signatures[index] ?? "")) {
			emit({ type: "content_block_delta", index, delta });
		}
		emit({ type: "content_block_stop", index });
	});
	emit({
		type: "message_delta",
		delta: { stop_reason: stopReasonOf(reply), stop_sequence: null },
		usage: {
			...inputUsage(reply),
			output_tokens: reply.usage.output,
			output_tokens_details: { thinking_tokens: reply.usage.reasoning },
		},
	});
	emit({ type: "message_stop" });
	const sent = applyStreamError(frames, reply.streamError, (_index, streamError) =>
		renderAnthropicStreamError(streamError.message, context),
	);
	return ssePlan(headers(context, "text/event-stream; charset=utf-8"), sent);
}

function startBlock(block: PlannedBlock, identity: MessageIdentity, index: number): Record<string, unknown> {
	switch (block.type) {
		case "text":
			return { type: "text", text: "" };
		case "thinking":
			return block.redacted
				? { type: "redacted_thinking", data: identity.signatures[index] }
				: { type: "thinking", thinking: "", signature: "" };
		case "toolCall":
			return { type: "tool_use", id: identity.toolIds[index], name: block.name, input: {} };
	}
}

function blockDeltas(block: PlannedBlock, signature: string): Record<string, unknown>[] {
	switch (block.type) {
		case "text":
			return block.pieces.map((text) => ({ type: "text_delta", text }));
		case "thinking":
			if (block.redacted) return [];
			return [
				...block.pieces.map((thinking) => ({ type: "thinking_delta", thinking })),
				{ type: "signature_delta", signature },
			];
		case "toolCall":
			return ["", ...block.pieces].map((partial_json) => ({ type: "input_json_delta", partial_json }));
	}
}

function renderComplete(reply: PlannedReply, context: RenderContext): WirePlan {
	const identity = identify(reply, context);
	const content = reply.blocks.map((block, index) => completeBlock(block, identity, index));
	const message = messageObject(reply, identity, content, stopReasonOf(reply), reply.usage.output);
	return jsonPlan(200, headers(context, "application/json"), JSON.stringify(message));
}

/** Input-side usage fields, as both `message_start` and `message_delta` carry them. */
function inputUsage(reply: PlannedReply): Record<string, number> {
	return {
		input_tokens: reply.usage.input,
		cache_creation_input_tokens: reply.usage.cacheWrite,
		cache_read_input_tokens: reply.usage.cacheRead,
	};
}

/** The message object: empty and unfinished inside `message_start`, complete as a non-stream body. */
function messageObject(
	reply: PlannedReply,
	identity: MessageIdentity,
	content: Record<string, unknown>[],
	stopReason: string | null,
	outputTokens: number,
): Record<string, unknown> {
	return {
		model: identity.model,
		id: identity.id,
		type: "message",
		role: "assistant",
		content,
		stop_reason: stopReason,
		stop_sequence: null,
		usage: {
			...inputUsage(reply),
			cache_creation: { ephemeral_5m_input_tokens: reply.usage.cacheWrite, ephemeral_1h_input_tokens: 0 },
			output_tokens: outputTokens,
			service_tier: "standard",
		},
	};
}

function completeBlock(block: PlannedBlock, identity: MessageIdentity, index: number): Record<string, unknown> {
	switch (block.type) {
		case "text":
			return { type: "text", text: block.text };
		case "thinking":
			return block.redacted
				? { type: "redacted_thinking", data: identity.signatures[index] }
				: { type: "thinking", thinking: block.text, signature: identity.signatures[index] };
		case "toolCall":
			return {
				type: "tool_use",
				id: identity.toolIds[index],
				name: block.name,
				input: parseArgumentsObject(block.arguments),
			};
	}
}
