// OpenAI Responses wire format. Sources: https://platform.openai.com/docs/api-reference/responses-streaming
// (typed events, `sequence_number`, `response.incomplete` / `response.failed` as terminal events);
// the SDK's `ResponseStreamEvent` union (openai 6.30 resources/responses/responses.d.ts); recorded
// streams (vercel/ai packages/openai/src/responses/__fixtures__/*.chunks.txt: `event:` line equal to
// `type`, key order type → sequence_number → ids, `obfuscation` on delta events, `logprobs: []` on
// text events; azure-gpt5-reasoning-multi-summary-no-encryption.chunks.txt: a reasoning item with
// several summary parts, each `reasoning_summary_part.added` → `reasoning_summary_text.delta`… →
// `reasoning_summary_text.done` → `reasoning_summary_part.done` with `summary_index` 0, 1, 2…).
// A scripted `vendorStopReason` becomes `incomplete_details.reason` (the API's only stop-reason
// field, `max_output_tokens` or `content_filter`) of a `response.incomplete`.

import { obfuscationFor } from "../internal/obfuscation.js";
import type { PlannedBlock, PlannedReply } from "../internal/plan-reply.js";
import { vendorStopReasonFor } from "../internal/vendor-stop-reason.js";
import { applyStreamError, jsonPlan, namedEvent, ssePlan, type WirePlan } from "../internal/wire-plan.js";
import { OPENAI_RESPONSES_OVERFLOW, openaiRequestId, renderOpenAIError } from "./openai-errors.js";
import {
	identifyResponse,
	outputItem,
	type ResponseIdentity,
	responseObject,
	textPart,
} from "./openai-responses-items.js";
import { responsesStreamErrorFrames } from "./openai-responses-stream-errors.js";
import { type RenderContext, replyModel, type VendorRenderer } from "./vendor-renderer.js";

/** Renders `/responses`. */
export const openaiResponsesRenderer: VendorRenderer = {
	isStreaming: (context) => context.body.stream === true,
	renderStream,
	renderComplete,
	renderError: (error, context) =>
		renderOpenAIError(error, context, replyModel(undefined, context), OPENAI_RESPONSES_OVERFLOW),
};

function headers(context: RenderContext, contentType: string): Record<string, string> {
	return {
		"content-type": contentType,
		"x-request-id": openaiRequestId(context),
		"openai-processing-ms": "1",
		"openai-version": "2020-10-01",
	};
}

type Fields = Record<string, unknown>;
type Emit = (type: string, fields: Fields) => void;

/** The events between `output_item.added` and `output_item.done` of one block. */
function emitItemBody(block: PlannedBlock, item_id: string | undefined, output_index: number, emit: Emit): void {
	switch (block.type) {
		case "text": {
			const at = { item_id, output_index, content_index: 0 };
			emit("response.content_part.added", { ...at, part: textPart("") });
			for (const delta of block.pieces) emit("response.output_text.delta", { ...at, delta, logprobs: [] });
			emit("response.output_text.done", { ...at, text: block.text, logprobs: [] });
			emit("response.content_part.done", { ...at, part: textPart(block.text) });
			return;
		}
		case "thinking": {
			if (block.redacted || block.text === "") return;
			const parts = block.summary ?? [{ text: block.text, pieces: block.pieces }];
			parts.forEach((part, summary_index) => {
				const at = { item_id, output_index, summary_index };
				emit("response.reasoning_summary_part.added", { ...at, part: { type: "summary_text", text: "" } });
				for (const delta of part.pieces) emit("response.reasoning_summary_text.delta", { ...at, delta });
				emit("response.reasoning_summary_text.done", { ...at, text: part.text });
				emit("response.reasoning_summary_part.done", { ...at, part: { type: "summary_text", text: part.text } });
			});
			return;
		}
		case "toolCall": {
			const at = { item_id, output_index };
			for (const delta of block.pieces) emit("response.function_call_arguments.delta", { ...at, delta });
			emit("response.function_call_arguments.done", { ...at, arguments: block.arguments });
			return;
		}
	}
}

/** How the response ends: `incomplete` for a length cut or a scripted vendor stop reason. */
function finalState(reply: PlannedReply): { status: "completed" | "incomplete"; incompleteReason?: string } {
	const vendorReason = vendorStopReasonFor(reply.vendorStopReason, "openai-responses");
	if (vendorReason !== undefined) return { status: "incomplete", incompleteReason: vendorReason };
	return { status: reply.stopReason === "length" ? "incomplete" : "completed" };
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const identity = identifyResponse(reply, context);
	const final = finalState(reply);
	const finalStatus = final.status;
	const frames: string[] = [];
	const emit: Emit = (type, fields) => {
		const event: Fields = { type, sequence_number: frames.length, ...fields };
		// Delta events carry obfuscation padding after their other fields, as recorded streams show.
		if (type.endsWith(".delta")) event.obfuscation = obfuscationFor(String(fields.delta), frames.length);
		frames.push(namedEvent(type, JSON.stringify(event)));
	};
	const inProgress = responseObject(reply, identity, context, { status: "in_progress", output: [] });
	emit("response.created", { response: inProgress });
	emit("response.in_progress", { response: inProgress });
	const output: Fields[] = [];
	reply.blocks.forEach((block, output_index) => {
		emit("response.output_item.added", {
			output_index,
			item: outputItem(block, output_index, identity, false, finalStatus),
		});
		emitItemBody(block, identity.itemIds[output_index], output_index, emit);
		const done = outputItem(block, output_index, identity, true, finalStatus);
		output.push(done);
		emit("response.output_item.done", { output_index, item: done });
	});
	// A max_output_tokens cut ends with `response.incomplete` (status "incomplete"), not `response.completed`.
	emit(finalStatus === "incomplete" ? "response.incomplete" : "response.completed", {
		response: responseObject(reply, identity, context, { ...final, output }),
	});
	const sent = applyStreamError(frames, reply.streamError, (index, streamError) =>
		responsesStreamErrorFrames(index, streamError, (error) => failedResponse(reply, identity, context, error)),
	);
	return ssePlan(headers(context, "text/event-stream; charset=utf-8"), sent);
}

/** The response object `response.failed` carries: status "failed" and the `error`. */
function failedResponse(
	reply: PlannedReply,
	identity: ResponseIdentity,
	context: RenderContext,
	error: { code: string; message: string },
): Record<string, unknown> {
	return {
		...responseObject(reply, identity, context, { status: "in_progress", output: [] }),
		status: "failed",
		error,
	};
}

function renderComplete(reply: PlannedReply, context: RenderContext): WirePlan {
	const identity = identifyResponse(reply, context);
	const final = finalState(reply);
	const output = reply.blocks.map((block, index) => outputItem(block, index, identity, true, final.status));
	const response = responseObject(reply, identity, context, { ...final, output });
	return jsonPlan(200, headers(context, "application/json"), JSON.stringify(response, null, 2));
}
