import type { ChatCompletionStreamRequest } from "@mistralai/mistralai/models/components";
import type { AssistantMessageEventStream } from "../event-stream.js";
import { defaultSimpleMaxTokens } from "../simple-max-tokens.js";
import { clampThinkingLevel } from "../thinking-levels.js";
import type { Context, Model, SimpleStreamOptions, StreamOptions, ThinkingLevel } from "../types.js";
import { mergeHeaders } from "../utils/merge-headers.js";
import { convertMistralMessages, convertMistralTools } from "./mistral-convert-messages.js";
import { formatMistralError } from "./mistral-format-error.js";
import { capturingMistralFetch, type MistralStreamCapture } from "./mistral-http-client.js";
import { processMistralStream } from "./mistral-process-stream.js";
import { applyPayloadHook, runProviderStream } from "./shared/provider-stream.js";

/** Options of the `mistral-conversations` API module. */
export interface MistralOptions extends StreamOptions {
	/**
	 * Thinking: a model with a `thinkingLevelMap` gets `reasoning_effort` (the mapped value), any
	 * other reasoning model `prompt_mode: "reasoning"`. Unset: neither.
	 */
	reasoningEffort?: ThinkingLevel;
	/** `tool_choice`. Default: the API's ("auto"). */
	toolChoice?: "auto" | "none" | "any" | "required";
}

/** The chat request (the SDK's camelCase request; it sends snake_case). */
export function buildMistralRequest(
	model: Model,
	context: Context,
	options: MistralOptions,
): ChatCompletionStreamRequest {
	const request: ChatCompletionStreamRequest & Record<string, unknown> = {
		model: model.id,
		messages: convertMistralMessages(model, context),
		stream: true,
	};
	if (options.maxTokens !== undefined) request.maxTokens = options.maxTokens;
	if (options.temperature !== undefined) request.temperature = options.temperature;
	if (context.tools && context.tools.length > 0) request.tools = convertMistralTools(context.tools);
	if (options.toolChoice) request.toolChoice = options.toolChoice;
	const level = options.reasoningEffort;
	if (model.reasoning && level) {
		const mapped = model.thinkingLevelMap?.[level];
		if (model.thinkingLevelMap && mapped !== null) request.reasoningEffort = (mapped ?? level) as never;
		else if (!model.thinkingLevelMap) request.promptMode = "reasoning";
	}
	return request;
}

function stopReasonOf(finishReason: string | undefined): "stop" | "length" | "toolUse" | { error: string } {
	switch (finishReason) {
		case undefined:
		case "stop":
			return "stop";
		case "length":
		case "model_length":
			return "length";
		case "tool_calls":
			return "toolUse";
		default:
			return { error: `Mistral stopped with finish_reason "${finishReason}"` };
	}
}

/**
 * Streams one reply from Mistral's chat API (`POST <baseUrl>/v1/chat/completions`) through the
 * official `@mistralai/mistralai` SDK, loaded on first use, with retries off (the caller retries).
 * Thinking arrives as `thinking` content chunks and is replayed the same way to the same model.
 * Never throws: HTTP errors keep the status and Mistral's text (`429 …`), as do network drops,
 * invalid stream data and aborts.
 */
export function stream(model: Model, context: Context, options: MistralOptions = {}): AssistantMessageEventStream {
	const capture: MistralStreamCapture = {};
	return runProviderStream(
		model,
		options,
		async ({ builder, apiKey }) => {
			const [{ Mistral }, { HTTPClient }] = await Promise.all([
				import("@mistralai/mistralai"),
				import("@mistralai/mistralai/lib/http.js"),
			]);
			const client = new Mistral({
				apiKey,
				serverURL: model.baseUrl.replace(/\/+$/, "").replace(/\/v1$/, ""),
				retryConfig: { strategy: "none" },
				httpClient: new HTTPClient({ fetcher: capturingMistralFetch(capture) }),
			});
			const request = await applyPayloadHook(buildMistralRequest(model, context, options), model, options);
			const headers = mergeHeaders(model.headers, options.headers);
			const events = await client.chat.stream(request, {
				retries: { strategy: "none" },
				fetchOptions: { signal: options.signal, ...(headers ? { headers } : {}) },
			});
			const outcome = await processMistralStream(events, builder);
			const stop = stopReasonOf(outcome.finishReason);
			if (typeof stop === "object") builder.fail(stop.error, false);
			else builder.finish(stop);
		},
		(error) =>
			capture.streamError
				? `Mistral stream error: ${capture.streamError}`
				: formatMistralError(error, options.maxRetryDelayMs),
	);
}

/** `stream` with a uniform thinking level clamped to what the model supports. */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	const { reasoning, thinkingBudgets: _budgets, ...base } = options;
	const level = reasoning ? clampThinkingLevel(model, reasoning) : "off";
	return stream(model, context, {
		...base,
		maxTokens: base.maxTokens ?? defaultSimpleMaxTokens(model),
		reasoningEffort: level === "off" ? undefined : level,
	});
}
