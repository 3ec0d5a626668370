import { type AssistantMessageEventStream, createAssistantMessageEventStream } from "../../event-stream.js";
import type { Model, StreamOptions } from "../../types.js";
import { AssistantMessageBuilder } from "./assistant-message-builder.js";
import { createOpenAIClient, type OpenAIClientHandle } from "./openai-client.js";
import {
	ABORTED_MESSAGE,
	type FormattedOpenAIError,
	formatOpenAIError,
	type OpenAIErrorContext,
} from "./openai-error.js";

/** What a request body gets to work with. */
export interface OpenAIRequestContext extends OpenAIClientHandle {
	builder: AssistantMessageBuilder;
	signal: AbortSignal | undefined;
}

/**
 * Runs one OpenAI-style request and guarantees the stream contract (ai.md §1.2, §3.2): it never
 * throws; `start` is emitted first; a missing key or an already-aborted signal ends the stream at
 * once without a network call; anything `run` throws becomes the terminal `error` event with a
 * formatted message; an abort ends with `aborted` and keeps the partial content. `run` must end the
 * message with `builder.finish(...)` or `builder.fail(...)`; if it returns without doing so the
 * stream fails with a "stream ended" error.
 */
export function runOpenAIStream(
	model: Model,
	options: StreamOptions | undefined,
	run: (context: OpenAIRequestContext) => Promise<void>,
): AssistantMessageEventStream {
	const stream = createAssistantMessageEventStream();
	const builder = new AssistantMessageBuilder(model, stream);
	const signal = options?.signal;
	builder.start();
	if (signal?.aborted) {
		builder.fail(ABORTED_MESSAGE, true);
		return stream;
	}
	const apiKey = options?.apiKey;
	if (apiKey === undefined) {
		builder.fail(
			`No API key for provider "${model.provider}": pass options.apiKey (use "" for keyless servers).`,
			false,
		);
		return stream;
	}
	void execute(model, apiKey, options, builder, run);
	return stream;
}

async function execute(
	model: Model,
	apiKey: string,
	options: StreamOptions | undefined,
	builder: AssistantMessageBuilder,
	run: (context: OpenAIRequestContext) => Promise<void>,
): Promise<void> {
	const signal = options?.signal;
	let handle: OpenAIClientHandle | undefined;
	try {
		handle = createOpenAIClient(model, apiKey, options);
		await run({ ...handle, builder, signal });
		if (builder.isFinished) return;
		if (signal?.aborted) builder.fail(ABORTED_MESSAGE, true);
		else builder.fail("Stream ended before the response was complete", false);
	} catch (error) {
		const formatted = safeFormat(error, {
			signal,
			capture: handle?.capture,
			maxRetryDelayMs: options?.maxRetryDelayMs,
		});
		builder.fail(formatted.message, formatted.aborted);
	}
}

// A formatting bug must not leave the stream without its terminal event.
function safeFormat(error: unknown, context: OpenAIErrorContext): FormattedOpenAIError {
	try {
		return formatOpenAIError(error, context);
	} catch {
		return {
			message: error instanceof Error ? error.message : String(error),
			aborted: context.signal?.aborted === true,
		};
	}
}
