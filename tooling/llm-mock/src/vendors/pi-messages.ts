// pi's own message protocol (`pi-messages`, spoken by the Radius gateway): `POST …/messages` with
// `{ model, context, options }`; the answer is SSE, each event `data: <JSON>` holding one
// assistant-message event without `partial` (`text_end`/`thinking_end` carry `content` and
// `contentSignature`, `toolcall_start` carries `id` and `toolName`, `toolcall_end` the whole
// `toolCall`), ending with `done` (`reason`, `usage`, `responseId`) or `error` (`reason`,
// `errorMessage`, `usage`). HTTP errors: `{"error":{"message","code"}}`. Source: the published
// @earendil-works/pi-ai 1.4 client of the protocol.

import type { PlannedReply } from "../internal/plan-reply.js";
import { applyStreamError, dataEvent, emptyPlan, jsonPlan, ssePlan, type WirePlan } from "../internal/wire-plan.js";
import type { MockError } from "../types.js";
import type { RenderContext, VendorRenderer } from "./vendor-renderer.js";

function usageOf(reply: PlannedReply): Record<string, unknown> {
	const { input, output, cacheRead, cacheWrite } = reply.usage;
	return {
		input,
		output,
		cacheRead,
		cacheWrite,
		totalTokens: input + output + cacheRead + cacheWrite,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
	};
}

function reasonOf(reply: PlannedReply): string {
	if (reply.stopReason === "length") return "length";
	return reply.blocks.some((block) => block.type === "toolCall") ? "toolUse" : "stop";
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const events: Record<string, unknown>[] = [{ type: "start" }];
	reply.blocks.forEach((block, contentIndex) => {
		if (block.type === "text") {
			events.push({ type: "text_start", contentIndex });
			for (const delta of block.pieces) events.push({ type: "text_delta", contentIndex, delta });
			events.push({ type: "text_end", contentIndex, content: block.text, contentSignature: block.signature });
		} else if (block.type === "thinking") {
			events.push({ type: "thinking_start", contentIndex });
			if (!block.redacted)
				for (const delta of block.pieces) events.push({ type: "thinking_delta", contentIndex, delta });
			events.push({
				type: "thinking_end",
				contentIndex,
				content: block.redacted ? "" : block.text,
				contentSignature: block.signature,
				redacted: block.redacted || undefined,
			});
		} else {
			const id = block.id ?? context.ids.alphanumeric("call_", 24);
			events.push({ type: "toolcall_start", contentIndex, id, toolName: block.name });
			for (const delta of block.pieces) events.push({ type: "toolcall_delta", contentIndex, delta });
			const args: unknown = JSON.parse(block.arguments || "{}");
			events.push({
				type: "toolcall_end",
				contentIndex,
				toolCall: { type: "toolCall", id, name: block.name, arguments: args },
			});
		}
	});
	const responseId = reply.id ?? context.ids.alphanumeric("resp_", 24);
	events.push({ type: "done", reason: reasonOf(reply), usage: usageOf(reply), responseId });
	const frames = applyStreamError(
		events.map((event) => dataEvent(JSON.stringify(event))),
		reply.streamError,
		(_index, streamError) =>
			dataEvent(
				JSON.stringify({
					type: "error",
					reason: "error",
					errorMessage: streamError.message ?? "503 upstream overloaded",
					usage: usageOf(reply),
				}),
			),
	);
	return ssePlan({ "content-type": "text/event-stream" }, frames);
}

const CODES: Record<number, string> = {
	400: "invalid_request",
	401: "unauthorized",
	403: "forbidden",
	404: "not_found",
	413: "request_too_large",
	429: "rate_limited",
	500: "internal_error",
	503: "unavailable",
	529: "overloaded",
};

function renderError(error: MockError, _context: RenderContext): WirePlan {
	const status = error.status ?? 401;
	const headers: Record<string, string> = { "content-type": "application/json" };
	if (error.retryAfterSeconds !== undefined) headers["retry-after"] = String(error.retryAfterSeconds);
	if (error.noBody) return emptyPlan(status, headers);
	const message = error.overflow
		? "prompt is too long: 210000 tokens > 200000 maximum"
		: (error.message ??
			(error.kind === "invalid_api_key" ? "Invalid API key" : `Request failed with status ${status}`));
	return jsonPlan(status, headers, JSON.stringify({ error: { message, code: CODES[status] ?? "error" } }));
}

/** Renders pi-messages `…/messages`. */
export const piMessagesRenderer: VendorRenderer = {
	isStreaming: () => true,
	renderStream,
	renderComplete: renderStream,
	renderError,
};
