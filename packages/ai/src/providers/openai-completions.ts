import type { ChatCompletionChunk, ChatCompletionCreateParamsStreaming } from "openai/resources/chat/completions";
import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { resolveCompletionsCompat } from "./openai-completions-compat.js";
import type { OpenAICompletionsOptions } from "./openai-completions-options.js";
import { buildCompletionsParams } from "./openai-completions-params.js";
import { processCompletionsStream } from "./openai-completions-process-stream.js";
import { openAIOptionsFromSimple } from "./shared/openai-simple-options.js";
import { readOpenAIStreamItems } from "./shared/openai-stream-items.js";
import { runOpenAIStream } from "./shared/openai-stream-runner.js";
import { applyPayloadHook } from "./shared/provider-stream.js";

export type { OpenAICompletionsOptions, OpenAICompletionsToolChoice } from "./openai-completions-options.js";

/**
 * Streams one reply over OpenAI Chat Completions (OpenAI and every OpenAI-compatible server:
 * Ollama, vLLM, LM Studio, llama.cpp, OpenRouter, Groq, …) through the official `openai` SDK.
 *
 * Server quirks are detected from `model.provider` / `model.baseUrl` and overridden field by
 * field by `model.compat` (ai.md §6). `options.apiKey` is required (pass "" for keyless servers).
 * Never throws: HTTP errors, network drops, malformed chunks and aborts end the stream with an
 * `error` event whose message keeps the HTTP status and the server's text (ai.md §9).
 */
export function stream(
	model: Model,
	context: Context,
	options: OpenAICompletionsOptions = {},
): AssistantMessageEventStream {
	return runOpenAIStream(model, options, async ({ client, builder, signal }) => {
		const compat = resolveCompletionsCompat(model);
		const built = buildCompletionsParams(model, context, options, compat);
		const params = await applyPayloadHook(built, model, options);
		// The body may carry vendor fields the SDK type does not know; it is sent as-is. The SDK sends
		// the request and maps HTTP errors; its body is read by readOpenAIStreamItems (same rules, less work).
		const response = await client.chat.completions
			.create(params as ChatCompletionCreateParamsStreaming, { signal })
			.asResponse();
		const chunks = readOpenAIStreamItems(response) as AsyncIterable<ChatCompletionChunk[]>;
		const finish = await processCompletionsStream(chunks, builder);
		if (signal?.aborted || finish === undefined) return;
		if (finish.kind === "error") {
			builder.fail(finish.message, false);
			return;
		}
		// The builder derives "toolUse" from the content (a `tool_calls` finish without a call is a stop).
		builder.finish(finish.reason);
	});
}

/**
 * `stream` with a uniform thinking level (ai.md §7.2): the level is clamped to what the model
 * supports (xhigh → high unless supported) and sent per `thinkingFormat`; omitted or "off" sends
 * the format's "off" form (or nothing). `maxTokens` defaults to `min(model.maxTokens, 32000)`.
 */
export function streamSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): AssistantMessageEventStream {
	return stream(model, context, openAIOptionsFromSimple(model, options));
}
