import type { GoogleGenAI } from "@google/genai";
import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { buildGoogleParams } from "./google-build-params.js";
import { createGoogleClient, type GoogleSdk, loadGoogleSdk } from "./google-client.js";
import { formatGoogleError } from "./google-format-error.js";
import { mapGoogleFinishReason } from "./google-map-stop-reason.js";
import type { GoogleOptions } from "./google-options.js";
import { processGoogleChunks } from "./google-process-chunks.js";
import { googleOptionsFromSimple } from "./google-simple-options.js";
import { applyPayloadHook, type ProviderRequest, runProviderStream } from "./shared/provider-stream.js";

export type { GoogleOptions, GoogleThinkingOptions, GoogleToolChoice } from "./google-options.js";

/** Builds the SDK client for one request (the Gemini API's here; Vertex AI passes its own). */
export type GoogleClientFactory = (sdk: GoogleSdk, model: Model, apiKey: string) => GoogleGenAI;

/** One streamed `generateContent` request, shared by the Gemini API and Vertex AI modules. */
export async function requestGoogle(
	model: Model,
	context: Context,
	options: GoogleOptions,
	{ builder, apiKey }: ProviderRequest,
	createClient: GoogleClientFactory = (sdk, clientModel, key) => createGoogleClient(sdk, clientModel, key, options),
): Promise<void> {
	const sdk = await loadGoogleSdk();
	const client = createClient(sdk, model, apiKey);
	const params = await applyPayloadHook(buildGoogleParams(sdk, model, context, options), model, options);
	const chunks = await client.models.generateContentStream({
		...params,
		config: { ...params.config, ...(options.signal ? { abortSignal: options.signal } : {}) },
	});
	const outcome = await processGoogleChunks(chunks, builder);
	if (options.signal?.aborted) return;
	if (outcome.blockReason && builder.message.content.length === 0) {
		const detail = outcome.blockReasonMessage ? `: ${outcome.blockReasonMessage}` : "";
		builder.fail(`Gemini blocked the prompt: blockReason ${outcome.blockReason}${detail}`, false);
		return;
	}
	const stop = mapGoogleFinishReason(outcome.finishReason, outcome.finishMessage);
	if (stop.kind === "error") builder.fail(stop.errorMessage, false);
	else builder.finish(stop.reason);
}

/**
 * Streams one Gemini reply over the Gemini API (`google-generative-ai`, `streamGenerateContent`)
 * through `@google/genai`, which is loaded on the first call. Gemini does not stream function
 * arguments: each call arrives as one `toolcall_delta` with the whole JSON.
 *
 * Never throws or rejects: a missing `apiKey`, an HTTP error (`429 RESOURCE_EXHAUSTED: …`), a
 * dropped connection, malformed data or an abort all end the stream with an `error` event
 * (ai.md §1 rule 2).
 */
export function stream(model: Model, context: Context, options: GoogleOptions = {}): AssistantMessageEventStream {
	return runProviderStream(
		model,
		options,
		(request) => requestGoogle(model, context, options, request),
		(error) => formatGoogleError(error, options.maxRetryDelayMs),
	);
}

/** `stream` with a uniform thinking level (ai.md §7.2): Gemini 3 `thinkingLevel`, Gemini 2.5 `thinkingBudget`. */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	return stream(model, context, googleOptionsFromSimple(model, options));
}
