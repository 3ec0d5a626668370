import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { formatGoogleError } from "./google-format-error.js";
import { requestGoogle } from "./google-generative-ai.js";
import { googleOptionsFromSimple } from "./google-simple-options.js";
import { createVertexClient } from "./google-vertex-client.js";
import type { GoogleVertexOptions } from "./google-vertex-options.js";
import { runProviderStream } from "./shared/provider-stream.js";

export type { GoogleVertexOptions } from "./google-vertex-options.js";

/**
 * Streams one Gemini reply from Vertex AI (`google-vertex`) through `@google/genai` in Vertex mode
 * (loaded on first use): a Google Cloud API key in `options.apiKey`, or "" for application default
 * credentials with a project and location (see `createVertexClient`). Same request body, events,
 * usage and errors as `google-generative-ai`; never throws.
 */
export function stream(model: Model, context: Context, options: GoogleVertexOptions = {}): AssistantMessageEventStream {
	return runProviderStream(
		model,
		options,
		(request) =>
			requestGoogle(model, context, options, request, (sdk, clientModel, apiKey) =>
				createVertexClient(sdk, clientModel, apiKey, options),
			),
		(error) => formatGoogleError(error, options.maxRetryDelayMs),
	);
}

/** `stream` with a uniform thinking level, mapped as for `google-generative-ai`. */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	return stream(model, context, googleOptionsFromSimple(model, options));
}
