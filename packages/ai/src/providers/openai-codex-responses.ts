import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { mergeHeaders } from "../utils/merge-headers.js";
import { buildCodexParams, codexHeaders, codexResponsesUrl } from "./openai-codex-request.js";
import type { OpenAICodexResponsesOptions } from "./openai-codex-responses-options.js";
import { CodexWebSocketUnavailableError, streamCodexOverWebSocket } from "./openai-codex-websocket.js";
import { processResponsesStream } from "./openai-responses-process-stream.js";
import { openAIOptionsFromSimple } from "./shared/openai-simple-options.js";
import { readOpenAIStreamItems } from "./shared/openai-stream-items.js";
import { runOpenAIStream } from "./shared/openai-stream-runner.js";
import { applyPayloadHook } from "./shared/provider-stream.js";

export type { OpenAICodexResponsesOptions } from "./openai-codex-responses-options.js";

/**
 * Streams one reply from the ChatGPT Codex endpoint (`<baseUrl>/codex/responses`, the Responses
 * wire format) with a ChatGPT access token as `options.apiKey` (its account id is sent as
 * `chatgpt-account-id`). Transport (as pi 1.4): "auto" (the default) sends a `response.create`
 * message over a WebSocket and reads the same events as JSON messages, and goes over SSE (the
 * `openai` SDK) when no WebSocket could be opened; "websocket" has no such fallback; "sse" is SSE
 * only. Same events, usage and errors as `openai-responses`; never throws.
 */
export function stream(
	model: Model,
	context: Context,
	options: OpenAICodexResponsesOptions = {},
): AssistantMessageEventStream {
	const sessionId = options.cacheRetention === "none" ? undefined : options.sessionId;
	const codexModel = { ...model, baseUrl: codexResponsesUrl(model.baseUrl).replace(/\/responses$/, "") };
	return runOpenAIStream(codexModel, options, async ({ client, builder, signal }) => {
		const params = await applyPayloadHook(buildCodexParams(model, context, options), model, options);
		const apiKey = client.apiKey;
		const headers = mergeHeaders(codexHeaders(apiKey, sessionId), model.headers, options.headers);
		const transport = options.transport ?? "auto";
		if (transport !== "sse") {
			try {
				await streamCodexOverWebSocket(model.baseUrl, apiKey, headers, params, builder, signal);
				return;
			} catch (error) {
				if (transport === "websocket" || !(error instanceof CodexWebSocketUnavailableError)) throw error;
			}
		}
		const response = await client.responses
			.create(params as ResponseCreateParamsStreaming, {
				signal,
				headers: { ...headers, "OpenAI-Beta": "responses=experimental" },
			})
			.asResponse();
		await processResponsesStream(readOpenAIStreamItems(response) as AsyncIterable<ResponseStreamEvent[]>, builder);
	});
}

/** `stream` with a uniform thinking level, mapped as for `openai-responses`. */
export function streamSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): AssistantMessageEventStream {
	const { maxTokens: _unused, ...rest } = openAIOptionsFromSimple(model, options);
	return stream(model, context, rest);
}
