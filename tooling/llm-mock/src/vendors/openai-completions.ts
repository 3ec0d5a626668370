// OpenAI Chat Completions wire format. Sources: the SDK's `ChatCompletionChunk` and `ChatCompletion`
// (openai 6.30 resources/chat/completions/completions.d.ts); https://platform.openai.com/docs/api-reference/chat-streaming
// (chunk object, `stream_options.include_usage` → a last chunk with `choices: []`, `data: [DONE]`);
// recorded streams (vercel/ai packages/openai/src/chat/__fixtures__/openai-text.chunks.txt: first
// delta `{role, content: "", refusal: null}`, `logprobs: null`, `service_tier`, `system_fingerprint`,
// `usage: null` on every chunk when usage was requested, `obfuscation` padding). Chat Completions has
// no reasoning field of its own; OpenAI-compatible servers each pick one, chosen by `reasoningField`:
// `reasoning_content` (DeepSeek, vLLM up to 0.8; the default), `reasoning` (OpenRouter's
// reasoning-tokens docs and `ChatStreamDelta.reasoning`; Ollama, raw SSE quoted in dirac-run/dirac#227;
// newer vLLM), `reasoning_text` (GitHub Copilot's endpoint, beside `reasoning_opaque`). `finish_reason` values
// outside stop/length/tool_calls (`content_filter`) come from `vendorStopReason`.
import { obfuscationFor } from "../internal/obfuscation.js";
import type { PlannedReply } from "../internal/plan-reply.js";
import { vendorStopReasonFor } from "../internal/vendor-stop-reason.js";
import { applyStreamError, dataEvent, jsonPlan, ssePlan, type WirePlan } from "../internal/wire-plan.js";
import type { MockReasoningField, MockStreamError } from "../types.js";
import { OPENAI_COMPLETIONS_OVERFLOW, openaiRequestId, renderOpenAIError } from "./openai-errors.js";
import { type RenderContext, replyModel, type VendorRenderer } from "./vendor-renderer.js";

const FINISH_REASONS = { stop: "stop", length: "length", toolUse: "tool_calls" } as const;

function finishReasonOf(reply: PlannedReply): string {
	return vendorStopReasonFor(reply.vendorStopReason, "openai-completions") ?? FINISH_REASONS[reply.stopReason];
}

/** Renders `/chat/completions`. */
export const openaiCompletionsRenderer: VendorRenderer = {
	isStreaming: (context) => context.body.stream === true,
	renderStream,
	renderComplete,
	renderError: (error, context) =>
		renderOpenAIError(error, context, replyModel(undefined, context), OPENAI_COMPLETIONS_OVERFLOW),
};

/** A mid-stream failure arrives as a data line holding `error` (the SDK throws `APIError` on it). */
function streamErrorFrame(_index: number, streamError: MockStreamError): string {
	const error = {
		message: streamError.message ?? "The server had an error while processing your request. Sorry about that!",
		type: "server_error",
		param: null,
		code: null,
	};
	return dataEvent(JSON.stringify({ error }));
}

function streamOptions(context: RenderContext): Record<string, unknown> {
	const options = context.body.stream_options;
	return options !== null && typeof options === "object" ? (options as Record<string, unknown>) : {};
}

function headers(context: RenderContext, contentType: string): Record<string, string> {
	return {
		"content-type": contentType,
		"x-request-id": openaiRequestId(context),
		"openai-processing-ms": "1",
		"openai-version": "2020-10-01",
	};
}

function toolIds(reply: PlannedReply, context: RenderContext): string[] {
	return reply.blocks.map((block) =>
		block.type === "toolCall" ? (block.id ?? context.ids.alphanumeric("call_", 24)) : "",
	);
}

function usageObject(reply: PlannedReply): Record<string, unknown> {
	const usage = reply.usage;
	const promptTokens = usage.input + usage.cacheRead + usage.cacheWrite;
	return {
		prompt_tokens: promptTokens,
		completion_tokens: usage.output,
		total_tokens: promptTokens + usage.output,
		prompt_tokens_details: { cached_tokens: usage.cacheRead, audio_tokens: 0 },
		completion_tokens_details: {
			reasoning_tokens: usage.reasoning,
			audio_tokens: 0,
			accepted_prediction_tokens: 0,
			rejected_prediction_tokens: 0,
		},
	};
}

/** One `choices[0].delta` and the text its obfuscation padding is sized against. */
interface DeltaStep {
	delta: Record<string, unknown>;
	padSource: string;
}

/**
 * The reasoning field: the script's, else Mistral's thinking content chunks for a request from
 * Mistral's SDK (its chat API shares this path; its user agent is `mistral-client-typescript/…`),
 * else `reasoning_content`.
 */
function reasoningFieldOf(reply: PlannedReply, context: RenderContext): MockReasoningField {
	if (reply.reasoningField) return reply.reasoningField;
	return isMistralClient(context) ? "thinking-chunks" : "reasoning_content";
}

/**
 * A Mistral request gets Mistral's dialect of the stream (docs.mistral.ai, "Function calling" and
 * "Chat" streaming examples): each tool call whole in one delta, and `usage` on the chunk that
 * carries `finish_reason`, with no `stream_options` needed. Mistral's chat API shares this path; a
 * request is Mistral's when it comes from Mistral's SDK (user agent `mistral-client-typescript/…`)
 * or carries a field only Mistral's chat API defines (clients with their own HTTP code, such as
 * pi 1.4's, send `prompt_mode` for reasoning models).
 */
function isMistralClient(context: RenderContext): boolean {
	if (/^mistral-client/.test(context.request.headers["user-agent"] ?? "")) return true;
	return MISTRAL_ONLY_FIELDS.some((field) => field in context.body);
}

/** Request fields of Mistral's chat completions that OpenAI's does not have. */
const MISTRAL_ONLY_FIELDS = ["prompt_mode", "safe_prompt", "random_seed"];

/** The deltas of the whole turn, in order, before the finishing chunk. */
function deltaSteps(
	reply: PlannedReply,
	ids: string[],
	reasoningField: MockReasoningField,
	wholeToolCalls = false,
): DeltaStep[] {
	// OpenAI opens with the role; when the turn starts with a tool call the role rides on its first fragment.
	const steps: DeltaStep[] =
		reply.blocks[0]?.type === "toolCall"
			? []
			: [{ delta: { role: "assistant", content: "", refusal: null }, padSource: "" }];
	let toolIndex = 0;
	reply.blocks.forEach((block, blockIndex) => {
		switch (block.type) {
			case "text":
				for (const piece of block.pieces) steps.push({ delta: { content: piece }, padSource: piece });
				return;
			case "thinking":
				if (block.redacted) return;
				for (const piece of block.pieces) {
					// Mistral (Magistral) streams thinking as a content chunk, not a reasoning field.
					const delta =
						reasoningField === "thinking-chunks"
							? { content: [{ type: "thinking", thinking: [{ type: "text", text: piece }] }] }
							: { content: null, [reasoningField]: piece };
					steps.push({ delta, padSource: piece });
				}
				return;
			case "toolCall": {
				const index = toolIndex++;
				if (wholeToolCalls) {
					const whole = { id: ids[blockIndex], function: { name: block.name, arguments: block.arguments }, index };
					steps.push({ delta: { tool_calls: [whole] }, padSource: block.arguments });
					return;
				}
				const opening = { index, id: ids[blockIndex], type: "function", function: { name: block.name, arguments: "" } };
				const delta =
					blockIndex === 0
						? { role: "assistant", content: null, tool_calls: [opening], refusal: null }
						: { tool_calls: [opening] };
				steps.push({ delta, padSource: block.name });
				for (const piece of block.pieces) {
					steps.push({ delta: { tool_calls: [{ index, function: { arguments: piece } }] }, padSource: piece });
				}
				return;
			}
		}
	});
	return steps;
}

function renderStream(reply: PlannedReply, context: RenderContext): WirePlan {
	const options = streamOptions(context);
	const includeUsage = options.include_usage === true;
	const obfuscate = options.include_obfuscation !== false;
	const envelope = {
		id: reply.id ?? context.ids.alphanumeric("chatcmpl-", 29),
		object: "chat.completion.chunk",
		created: context.now,
		model: replyModel(reply, context),
		service_tier: "default",
		system_fingerprint: "fp_0d1ef4c5a7",
	};
	const frames: string[] = [];
	const push = (fields: Record<string, unknown>, padSource: string): void => {
		const chunk: Record<string, unknown> = { ...envelope, ...fields };
		if (obfuscate) chunk.obfuscation = obfuscationFor(padSource, frames.length);
		frames.push(dataEvent(JSON.stringify(chunk)));
	};
	const choice = (delta: Record<string, unknown>, finishReason: string | null) => ({
		choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
		...(includeUsage ? { usage: null } : {}),
	});
	const mistral = isMistralClient(context);
	for (const step of deltaSteps(reply, toolIds(reply, context), reasoningFieldOf(reply, context), mistral))
		push(choice(step.delta, null), step.padSource);
	if (mistral) push({ ...choice({ content: "" }, finishReasonOf(reply)), usage: usageObject(reply) }, "");
	else push(choice({}, finishReasonOf(reply)), "");
	if (includeUsage) push({ choices: [], usage: usageObject(reply) }, "usage");
	frames.push(dataEvent("[DONE]"));
	const sent = applyStreamError(frames, reply.streamError, streamErrorFrame);
	return ssePlan(headers(context, "text/event-stream; charset=utf-8"), sent);
}

function renderComplete(reply: PlannedReply, context: RenderContext): WirePlan {
	const ids = toolIds(reply, context);
	const text = reply.blocks.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
	const reasoning = reply.blocks
		.flatMap((block) => (block.type === "thinking" && !block.redacted ? [block.text] : []))
		.join("");
	const toolCalls = reply.blocks.flatMap((block, index) =>
		block.type === "toolCall"
			? [{ id: ids[index], type: "function", function: { name: block.name, arguments: block.arguments } }]
			: [],
	);
	const message: Record<string, unknown> = {
		role: "assistant",
		content: reply.blocks.some((block) => block.type === "text") ? text : null,
		refusal: null,
		annotations: [],
	};
	const reasoningField = reasoningFieldOf(reply, context);
	if (reasoning !== "" && reasoningField === "thinking-chunks") {
		const thinking = { type: "thinking", thinking: [{ type: "text", text: reasoning }] };
		message.content = [thinking, ...(typeof message.content === "string" ? [{ type: "text", text }] : [])];
	} else if (reasoning !== "") message[reasoningField] = reasoning;
	if (toolCalls.length > 0) message.tool_calls = toolCalls;
	const completion = {
		id: reply.id ?? context.ids.alphanumeric("chatcmpl-", 29),
		object: "chat.completion",
		created: context.now,
		model: replyModel(reply, context),
		choices: [{ index: 0, message, logprobs: null, finish_reason: finishReasonOf(reply) }],
		usage: usageObject(reply),
		service_tier: "default",
		system_fingerprint: "fp_0d1ef4c5a7",
	};
	return jsonPlan(200, headers(context, "application/json"), JSON.stringify(completion, null, 2));
}
