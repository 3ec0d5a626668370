import type { AssistantMessageEventStream } from "../event-stream.js";
import { supportsAdaptiveThinking } from "../thinking-levels.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { buildAnthropicParams, isAnthropicThinkingOn } from "./anthropic-build-params.js";
import { createAnthropicClient } from "./anthropic-client.js";
import { formatAnthropicError } from "./anthropic-format-error.js";
import { mapAnthropicStopReason } from "./anthropic-map-stop-reason.js";
import type { AnthropicOptions } from "./anthropic-options.js";
import { processAnthropicEvents } from "./anthropic-process-events.js";
import { anthropicOptionsFromSimple } from "./anthropic-simple-options.js";
import { applyPayloadHook, type ProviderRequest, runProviderStream } from "./shared/provider-stream.js";

export type { AnthropicEffort, AnthropicOptions, AnthropicToolChoice } from "./anthropic-options.js";

/** Lets budget-thinking models think between tool calls (adaptive models do so without it). */
const INTERLEAVED_THINKING_BETA = "interleaved-thinking-2025-05-14";

function betasFor(model: Model, options: AnthropicOptions): string[] {
	const budgetThinking = isAnthropicThinkingOn(model, options) && !supportsAdaptiveThinking(model);
	return budgetThinking && options.interleavedThinking !== false ? [INTERLEAVED_THINKING_BETA] : [];
}

async function requestAnthropic(
	model: Model,
	context: Context,
	options: AnthropicOptions,
	{ builder, apiKey }: ProviderRequest,
): Promise<void> {
	const client = await createAnthropicClient(model, apiKey, options, betasFor(model, options));
	const body = await applyPayloadHook(buildAnthropicParams(model, context, options), model, options);
	const events = await client.messages.create({ ...body, stream: true }, { signal: options.signal });
	const outcome = await processAnthropicEvents(events, builder);
	// The SDK ends iteration quietly when the signal fires; the runner reports the abort.
	if (options.signal?.aborted) return;
	if (!outcome.complete) {
		builder.fail("Anthropic stream ended before message_stop (connection closed early)", false);
		return;
	}
	const stop = mapAnthropicStopReason(outcome.stopReason);
	if (stop.kind === "error") builder.fail(stop.errorMessage, false);
	else builder.finish(stop.reason);
}

/**
 * Streams one Claude reply over the Anthropic Messages API (`anthropic-messages`) through
 * `@anthropic-ai/sdk`, which is loaded on the first call.
 *
 * Never throws or rejects: a missing `apiKey`, an HTTP error (`429 rate_limit_error: …`), a dropped
 * connection, malformed data or an abort all end the stream with an `error` event (ai.md §1 rule 2).
 */
export function stream(model: Model, context: Context, options: AnthropicOptions = {}): AssistantMessageEventStream {
	return runProviderStream(
		model,
		options,
		(request) => requestAnthropic(model, context, options, request),
		(error) => formatAnthropicError(error, options.maxRetryDelayMs),
	);
}

/**
 * `stream` with a uniform thinking level (ai.md §7.2): adaptive thinking with an effort for
 * Opus/Sonnet 4.6 and newer, a token budget (and raised `max_tokens`) for older models.
 */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	return stream(model, context, anthropicOptionsFromSimple(model, options));
}
