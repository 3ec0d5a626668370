// Amazon Bedrock ConverseStream wire format. Sources: the Bedrock API reference (ConverseStream:
// `POST /model/{modelId}/converse-stream`, response `application/vnd.amazon.eventstream` with the
// events messageStart, contentBlockStart, contentBlockDelta, contentBlockStop, messageStop, metadata;
// errors with `x-amzn-errortype` and `{"message": …}`; stop reasons end_turn, tool_use, max_tokens),
// the `ConverseStreamOutput` union of @aws-sdk/client-bedrock-runtime 3.1127 (delta.text,
// delta.toolUse.input, delta.reasoningContent.text/signature/redactedContent; usage inputTokens,
// outputTokens, totalTokens, cacheReadInputTokens, cacheWriteInputTokens), and recorded streams,
// whose event payloads carry a `p` padding field. Frames: see aws-event-stream.ts.

import type { PlannedReply } from "../internal/plan-reply.js";
import { vendorStopReasonFor } from "../internal/vendor-stop-reason.js";
import { applyStreamError, emptyPlan, jsonPlan, ssePlan, type WirePlan } from "../internal/wire-plan.js";
import type { MockError } from "../types.js";
import { eventMessage, exceptionMessage } from "./aws-event-stream.js";
import type { RenderContext, VendorRenderer } from "./vendor-renderer.js";

const PADDING = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** The `p` field recorded streams pad each event with (length varies with the content). */
function pad(source: string): string {
	return PADDING.slice(0, Math.max(1, 24 - (source.length % 24)));
}

function requestId(context: RenderContext): string {
	return `${context.ids.alphanumeric("", 8).toLowerCase()}-0000-4000-8000-000000000000`;
}

function stopReasonOf(reply: PlannedReply): string {
	const verbatim = vendorStopReasonFor(reply.vendorStopReason, "bedrock-converse-stream");
	if (verbatim) return verbatim;
	if (reply.stopReason === "length") return "max_tokens";
	if (reply.stopReason === "toolUse" || reply.blocks.some((block) => block.type === "toolCall")) return "tool_use";
	return "end_turn";
}

function usageOf(reply: PlannedReply): Record<string, number> {
	const { input, output, cacheRead, cacheWrite } = reply.usage;
	return {
		inputTokens: input,
		outputTokens: output,
		totalTokens: input + output + cacheRead + cacheWrite,
		cacheReadInputTokens: cacheRead,
		cacheWriteInputTokens: cacheWrite,
	};
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const frames: Uint8Array[] = [eventMessage("messageStart", { p: pad(""), role: "assistant" })];
	reply.blocks.forEach((block, contentBlockIndex) => {
		const at = { contentBlockIndex };
		if (block.type === "text") {
			for (const text of block.pieces)
				frames.push(eventMessage("contentBlockDelta", { ...at, delta: { text }, p: pad(text) }));
		} else if (block.type === "thinking") {
			if (block.redacted) {
				const redactedContent = Buffer.from(block.signature ?? "redacted", "utf8").toString("base64");
				frames.push(
					eventMessage("contentBlockDelta", { ...at, delta: { reasoningContent: { redactedContent } }, p: pad("") }),
				);
			} else {
				for (const text of block.pieces)
					frames.push(
						eventMessage("contentBlockDelta", { ...at, delta: { reasoningContent: { text } }, p: pad(text) }),
					);
				if (block.signature)
					frames.push(
						eventMessage("contentBlockDelta", {
							...at,
							delta: { reasoningContent: { signature: block.signature } },
							p: pad(""),
						}),
					);
			}
		} else {
			const toolUseId = block.id ?? context.ids.alphanumeric("tooluse_", 22);
			frames.push(
				eventMessage("contentBlockStart", {
					...at,
					start: { toolUse: { toolUseId, name: block.name } },
					p: pad(block.name),
				}),
			);
			for (const input of block.pieces)
				frames.push(eventMessage("contentBlockDelta", { ...at, delta: { toolUse: { input } }, p: pad(input) }));
		}
		frames.push(eventMessage("contentBlockStop", { ...at, p: pad("") }));
	});
	frames.push(eventMessage("messageStop", { p: pad(""), stopReason: stopReasonOf(reply) }));
	frames.push(eventMessage("metadata", { metrics: { latencyMs: 120 }, p: pad(""), usage: usageOf(reply) }));
	const cut = applyStreamError(frames, reply.streamError, (_index, streamError) =>
		exceptionMessage(
			streamError.code ?? "internalServerException",
			streamError.message ?? "The system encountered an unexpected error during processing. Try your request again.",
		),
	);
	return ssePlan({ "content-type": "application/vnd.amazon.eventstream", "x-amzn-requestid": requestId(context) }, cut);
}

function renderComplete(reply: PlannedReply, context: RenderContext): WirePlan {
	const content = reply.blocks.map((block) => {
		if (block.type === "text") return { text: block.text };
		if (block.type === "thinking")
			return { reasoningContent: { reasoningText: { text: block.text, signature: block.signature } } };
		return {
			toolUse: {
				toolUseId: block.id ?? context.ids.alphanumeric("tooluse_", 22),
				name: block.name,
				input: JSON.parse(block.arguments || "{}"),
			},
		};
	});
	const body = {
		output: { message: { role: "assistant", content } },
		stopReason: stopReasonOf(reply),
		usage: usageOf(reply),
		metrics: { latencyMs: 120 },
	};
	return jsonPlan(
		200,
		{ "content-type": "application/json", "x-amzn-requestid": requestId(context) },
		JSON.stringify(body),
	);
}

/** Bedrock's exception name and default text per status. */
const ERRORS: Record<number, [string, string]> = {
	400: ["ValidationException", "Malformed input request, please reformat your input and try again."],
	401: ["UnrecognizedClientException", "The security token included in the request is invalid."],
	403: ["AccessDeniedException", "You don't have access to the model with the specified model ID."],
	404: ["ResourceNotFoundException", "The requested resource could not be found."],
	413: ["ValidationException", "Input is too long for requested model."],
	429: ["ThrottlingException", "Too many requests, please wait before trying again."],
	500: [
		"InternalServerException",
		"The system encountered an unexpected error during processing. Try your request again.",
	],
	503: ["ServiceUnavailableException", "Bedrock is unable to process your request."],
	529: ["ServiceUnavailableException", "Bedrock is unable to process your request."],
};

function renderError(error: MockError, context: RenderContext): WirePlan {
	const status = error.status ?? (error.kind === "invalid_api_key" ? 403 : 400);
	const [name, text] =
		error.kind === "invalid_api_key"
			? (ERRORS[403] as [string, string])
			: (ERRORS[status] ?? ["InternalServerException", "Error"]);
	const message = error.overflow ? "Input is too long for requested model." : (error.message ?? text);
	const headers: Record<string, string> = {
		"content-type": "application/json",
		"x-amzn-requestid": requestId(context),
		"x-amzn-errortype": `${error.overflow ? "ValidationException" : name}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
	};
	if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
	if (error.noBody) return emptyPlan(status, headers);
	return jsonPlan(status, headers, JSON.stringify({ message }));
}

/** Renders `/model/{modelId}/converse-stream` (and `/converse`). */
export const bedrockConverseStreamRenderer: VendorRenderer = {
	isStreaming: (context) => context.route.bedrockStreaming,
	renderStream,
	renderComplete,
	renderError,
};
