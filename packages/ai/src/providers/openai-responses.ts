import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import type { OpenAIResponsesOptions } from "./openai-responses-options.js";
import { buildResponsesParams } from "./openai-responses-params.js";
import { processResponsesStream } from "./openai-responses-process-stream.js";
import { openAIOptionsFromSimple } from "./shared/openai-simple-options.js";
import { readOpenAIStreamItems } from "./shared/openai-stream-items.js";
import { runOpenAIStream } from "./shared/openai-stream-runner.js";
import { applyPayloadHook } from "./shared/provider-stream.js";

export type { OpenAIResponsesOptions } from "./openai-responses-options.js";

/**
 * Streams one reply over the OpenAI Responses API through the official `openai` SDK, with
 * `store: false`: reasoning continuity comes from replaying encrypted reasoning items.
 *
 * `options.apiKey` is required. Never throws: HTTP errors, `response.failed` / `error` events,
 * network drops, malformed events and aborts end the stream with an `error` event whose message
 * keeps the HTTP status and the vendor's text (ai.md §9).
 */
export function stream(
	model: Model,
	context: Context,
	options: OpenAIResponsesOptions = {},
): AssistantMessageEventStream {
	return runOpenAIStream(model, options, async ({ client, builder, signal }) => {
		const params = await applyPayloadHook(buildResponsesParams(model, context, options), model, options);
		// Vendor effort strings (thinkingLevelMap) are allowed; the body is sent as built.
		// The SDK sends the request and maps HTTP errors; readOpenAIStreamItems reads the body (same rules, less work).
		const response = await client.responses.create(params as ResponseCreateParamsStreaming, { signal }).asResponse();
		await processResponsesStream(readOpenAIStreamItems(response) as AsyncIterable<ResponseStreamEvent[]>, builder);
	});
}

/**
 * `stream` with a uniform thinking level (ai.md §7.2): off or omitted sends `reasoning: { effort: "none" }` on a reasoning model (see buildResponsesParams);
 * other levels are clamped to what the model supports (xhigh → high unless supported) and sent
 * as `reasoning: { effort, summary: "auto" }` with encrypted reasoning included.
 * `maxTokens` defaults to `min(model.maxTokens, 32000)`.
 */
export function streamSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): AssistantMessageEventStream {
	return stream(model, context, openAIOptionsFromSimple(model, options));
}
