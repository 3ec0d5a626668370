import type { AssistantMessageEventStream } from "../../event-stream.js";
import type { Model, StreamOptions } from "../../types.js";
import type { AssistantMessageBuilder } from "./assistant-message-builder.js";
import {
	createOpenAIClient,
	type OpenAIClientConstructor,
	type OpenAIClientHandle,
	type OpenAIResponseCapture,
} from "./openai-client.js";
import { formatOpenAIError } from "./openai-error.js";
import { runProviderStream } from "./provider-stream.js";

/** What an OpenAI request body gets to work with. */
export interface OpenAIRequestContext extends OpenAIClientHandle {
	builder: AssistantMessageBuilder;
	signal: AbortSignal | undefined;
}

/**
 * `runProviderStream` (the never-throw stream contract, ai.md §1.2, §3.2) bound to the `openai`
 * SDK: `run` gets a client made for this request, and whatever it throws is formatted with what
 * that client's fetch captured (status, error body), so the vendor's text survives (ai.md §9).
 * `run` must end the message with `builder.finish(...)` or `builder.fail(...)`.
 */
export function runOpenAIStream(
	model: Model,
	options: StreamOptions,
	run: (context: OpenAIRequestContext) => Promise<void>,
	construct?: OpenAIClientConstructor,
	/** See `OpenAIErrorContext.httpErrorPrefix`. */
	httpErrorPrefix?: string,
): AssistantMessageEventStream {
	let capture: OpenAIResponseCapture | undefined;
	return runProviderStream(
		model,
		options,
		async ({ builder, apiKey }) => {
			const handle = createOpenAIClient(model, apiKey, options, construct);
			capture = handle.capture;
			await run({ ...handle, builder, signal: options.signal });
		},
		(error) => formatOpenAIError(error, { capture, maxRetryDelayMs: options.maxRetryDelayMs, httpErrorPrefix }).message,
	);
}
