import { getApi, hasApi } from "./api-registry.js";
import { getEnvApiKey } from "./env-api-keys.js";
import { AssistantMessageEventStream } from "./event-stream.js";
import { builtinModels } from "./models/builtin-models.js";
import type { BuiltinModelId } from "./models/builtin-providers.js";
import type { Models } from "./models-collection.js";
import type { AssistantMessage, Context, KnownProvider, Model, SimpleStreamOptions, StreamOptions } from "./types.js";
import { ABORTED_MESSAGE, failedStream, failStream } from "./utils/failed-stream.js";
import { forwardStream } from "./utils/forward-stream.js";
import { mergeHeaders } from "./utils/merge-headers.js";
import { applyHeadersHook } from "./utils/transform-headers.js";
import { findToolSchemaError } from "./validation/validate-tool-schema.js";

let defaultModels: Models | undefined;

/**
 * The collection behind the top-level functions: every built-in provider, credentials from the
 * environment only. Created on first use.
 */
export function getDefaultModels(): Models {
	defaultModels ??= builtinModels();
	return defaultModels;
}

/**
 * Runs a request through the default collection. A model whose provider is not built in (a
 * hand-written Ollama model, say) is dispatched straight to its API module with
 * `options.apiKey`, else the provider's API-key environment variable; an invalid tool schema
 * still ends its stream with the schema error, as the collection does.
 */
function dispatch(
	kind: "stream" | "streamSimple",
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): AssistantMessageEventStream {
	const models = getDefaultModels();
	if (models.getProvider(model.provider) || !hasApi(model.api)) {
		return kind === "stream" ? models.stream(model, context, options) : models.streamSimple(model, context, options);
	}
	if (options?.signal?.aborted) return failedStream(model, ABORTED_MESSAGE, true);
	const schemaError = findToolSchemaError(context.tools);
	if (schemaError) return failedStream(model, schemaError);
	const api = getApi(model.api);
	const requestOptions = { ...options, apiKey: options?.apiKey ?? getEnvApiKey(model.provider) };
	const send = (requestModel: Model, sendOptions: SimpleStreamOptions) =>
		kind === "stream"
			? api.stream(requestModel, context, sendOptions)
			: api.streamSimple(requestModel, context, sendOptions);
	if (!options?.transformHeaders) return send(model, requestOptions);
	// The headers hook is asynchronous: the stream is returned now and fed once it has run.
	const target = new AssistantMessageEventStream();
	applyHeadersHook(model, requestOptions, mergeHeaders(model.headers, options.headers))
		.then((hooked) => forwardStream(send(hooked.model, hooked.options), target, model))
		.catch((error: unknown) => failStream(target, model, error instanceof Error ? error.message : String(error)));
	return target;
}

/** Streams a reply with API-specific options. Never throws; failures end the stream with `error`. */
export function stream<TOptions extends StreamOptions = StreamOptions>(
	model: Model,
	context: Context,
	options?: TOptions,
): AssistantMessageEventStream {
	return dispatch("stream", model, context, options);
}

/** `stream` + `result()`. Never rejects for request failures. */
export function complete<TOptions extends StreamOptions = StreamOptions>(
	model: Model,
	context: Context,
	options?: TOptions,
): Promise<AssistantMessage> {
	return stream(model, context, options).result();
}

/** Streams a reply with a uniform `reasoning` level. `maxTokens` defaults to min(model.maxTokens, 32000). */
export function streamSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): AssistantMessageEventStream {
	return dispatch("streamSimple", model, context, options);
}

/** `streamSimple` + `result()`. */
export function completeSimple(
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
): Promise<AssistantMessage> {
	return streamSimple(model, context, options).result();
}

/**
 * A built-in model. For a built-in provider written as a literal, only its catalogue's model ids
 * compile (`getModel("anthropic", "claude-nope")` is a type error); a provider id known only at
 * run time takes any string. Throws for an unknown provider (`Unknown provider "y". Known: …`) or
 * model (`Unknown model "x" for provider "y". Known: …`).
 */
export function getModel<TProvider extends KnownProvider>(
	provider: TProvider,
	modelId: BuiltinModelId<TProvider>,
): Model;
export function getModel<TProvider extends string>(
	provider: TProvider & (TProvider extends KnownProvider ? never : unknown),
	modelId: string,
): Model;
export function getModel(provider: string, modelId: string): Model {
	const models = getDefaultModels();
	if (!models.getProvider(provider)) {
		throw new Error(`Unknown provider "${provider}". Known: ${getProviders().join(", ")}`);
	}
	const model = models.getModel(provider, modelId);
	if (!model) {
		const known = models.getModels(provider).map((candidate) => candidate.id);
		throw new Error(`Unknown model "${modelId}" for provider "${provider}". Known: ${known.join(", ")}`);
	}
	return model;
}

/** The built-in models of `provider` (empty for an unknown provider). */
export function getModels(provider: string): Model[] {
	return getDefaultModels().getModels(provider);
}

/** The built-in provider ids. */
export function getProviders(): string[] {
	return getDefaultModels()
		.getProviders()
		.map((provider) => provider.id);
}
