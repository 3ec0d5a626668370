import { AzureOpenAI } from "openai/azure";
import type { ResponseCreateParamsStreaming, ResponseStreamEvent } from "openai/resources/responses/responses";
import type { AssistantMessageEventStream } from "../event-stream.js";
import type { Context, Model, SimpleStreamOptions } from "../types.js";
import { resolveAzureApiVersion, resolveAzureBaseUrl, resolveAzureDeployment } from "./azure-openai-config.js";
import type { AzureOpenAIResponsesOptions } from "./azure-openai-responses-options.js";
import { buildResponsesParams } from "./openai-responses-params.js";
import { processResponsesStream } from "./openai-responses-process-stream.js";
import { openAIOptionsFromSimple } from "./shared/openai-simple-options.js";
import { readOpenAIStreamItems } from "./shared/openai-stream-items.js";
import { runOpenAIStream } from "./shared/openai-stream-runner.js";
import { applyPayloadHook } from "./shared/provider-stream.js";

export type { AzureOpenAIResponsesOptions } from "./azure-openai-responses-options.js";

/**
 * Streams one reply over the Responses API of an Azure OpenAI resource through the `openai` SDK's
 * `AzureOpenAI` client: the key goes in the `api-key` header, `api-version` on the query, and the
 * deployment (see `resolveAzureDeployment`) as the request's `model`. The endpoint comes from
 * `AZURE_OPENAI_BASE_URL` / `AZURE_OPENAI_RESOURCE_NAME` / `model.baseUrl` (see
 * `resolveAzureBaseUrl`). Same events and usage as `openai-responses`; HTTP errors read
 * `Azure OpenAI API error (<status>): <Azure's error object>` as in pi 1.4; never throws.
 */
export function stream(
	model: Model,
	context: Context,
	options: AzureOpenAIResponsesOptions = {},
): AssistantMessageEventStream {
	return runOpenAIStream(
		model,
		options,
		async ({ client, builder, signal }) => {
			const built = {
				...buildResponsesParams(model, context, options, true),
				model: resolveAzureDeployment(model, options),
			};
			const params = await applyPayloadHook(built, model, options);
			const response = await client.responses.create(params as ResponseCreateParamsStreaming, { signal }).asResponse();
			await processResponsesStream(readOpenAIStreamItems(response) as AsyncIterable<ResponseStreamEvent[]>, builder);
		},
		// A missing endpoint throws here, inside the request, so it ends the stream as an error.
		({ baseURL: _modelBaseUrl, apiKey, ...rest }) =>
			new AzureOpenAI({
				...rest,
				baseURL: resolveAzureBaseUrl(model, options),
				apiVersion: resolveAzureApiVersion(options),
				apiKey: typeof apiKey === "string" ? apiKey : "",
			}),
		// pi 1.4's wording: `Azure OpenAI API error (429): {"message":…,"code":"rate_limit_exceeded"}`.
		"Azure OpenAI API error",
	);
}

/** `stream` with a uniform thinking level, mapped as for `openai-responses`. */
export function streamSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): AssistantMessageEventStream {
	return stream(model, context, openAIOptionsFromSimple(model, options));
}
