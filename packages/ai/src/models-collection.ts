import { getApi, hasApi } from "./api-registry.js";
import { type CredentialStore, createInMemoryCredentialStore } from "./credential-store.js";
import { defaultEnv } from "./env-api-keys.js";
import { AssistantMessageEventStream } from "./event-stream.js";
import type { AuthResult, Provider } from "./provider.js";
import { resolveProviderAuth } from "./provider-auth.js";
import { defaultSimpleMaxTokens } from "./simple-max-tokens.js";
import type { ProviderStreams } from "./stream-function.js";
import type { AssistantMessage, Context, Model, SimpleStreamOptions, StreamOptions } from "./types.js";
import { createDispatchOrder, type DispatchTurn } from "./utils/dispatch-order.js";
import { ABORTED_MESSAGE, errorText, failStream } from "./utils/failed-stream.js";
import { forwardStream } from "./utils/forward-stream.js";
import { mergeHeaders } from "./utils/merge-headers.js";
import { applyHeadersHook } from "./utils/transform-headers.js";
import { forwardWithUnauthorizedRetry } from "./utils/unauthorized-retry.js";
import { findToolSchemaError } from "./validation/validate-tool-schema.js";

/** Options of `createModels`. */
export interface CreateModelsOptions {
	/** Where stored credentials live. Default: an empty in-memory store. */
	credentials?: CredentialStore;
}

/** Options of `Models.getAuth`. */
export interface GetAuthOptions {
	/** An explicit key; wins over everything. */
	apiKey?: string;
	/** Environment overrides merged over `process.env`. */
	env?: Record<string, string>;
	/** A stored OAuth token must stay valid at least this long, or it is refreshed first. */
	minValidityMs?: number;
	/** Use a stored OAuth token as it is, without refreshing it even when expired. */
	noRefresh?: boolean;
}

/**
 * A collection of providers and their models, with auth resolution and dispatch (ai.md §5.4).
 * Reads are synchronous. The stream functions never throw or reject: an unknown provider, a
 * missing key, a failed OAuth refresh or an invalid tool schema ends the stream with an `error`
 * event whose message says what to fix. Requests to one provider reach its API module in the
 * order they were started, whatever their auth resolution took.
 */
export interface Models {
	/** The credential store requests resolve stored keys from. */
	readonly credentials: CredentialStore;
	/** Adds a provider, or replaces the one with the same id. */
	setProvider(provider: Provider): void;
	/** Removes a provider; returns whether it existed. */
	removeProvider(providerId: string): boolean;
	getProviders(): Provider[];
	getProvider(providerId: string): Provider | undefined;
	/** Every model, or one provider's models (empty for an unknown provider). */
	getModels(providerId?: string): Model[];
	getModel(providerId: string, modelId: string): Model | undefined;
	/** Streams with API-specific options (extra fields pass through to the API module). */
	stream<TOptions extends StreamOptions = StreamOptions>(
		model: Model,
		context: Context,
		options?: TOptions,
	): AssistantMessageEventStream;
	/** `stream` + `result()`. Never rejects for request failures. */
	complete<TOptions extends StreamOptions = StreamOptions>(
		model: Model,
		context: Context,
		options?: TOptions,
	): Promise<AssistantMessage>;
	/** Streams with a uniform `reasoning` level. `maxTokens` defaults to min(model.maxTokens, 32000). */
	streamSimple(model: Model, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream;
	/** `streamSimple` + `result()`. */
	completeSimple(model: Model, context: Context, options?: SimpleStreamOptions): Promise<AssistantMessage>;
	/**
	 * Resolves request auth for a provider (or a model's provider): explicit key > stored
	 * credential > environment. Undefined when the provider is unknown or not configured.
	 * Rejects only when the credential store fails or a stored OAuth credential cannot be refreshed.
	 */
	getAuth(providerIdOrModel: string | Model, options?: GetAuthOptions): Promise<AuthResult | undefined>;
}

function isProviderStreams(value: unknown): value is ProviderStreams {
	if (typeof value !== "object" || value === null) return false;
	const candidate = value as Partial<ProviderStreams>;
	return typeof candidate.stream === "function" && typeof candidate.streamSimple === "function";
}

/** The streams a provider uses for `apiId`, or an error message. */
function resolveStreams(provider: Provider, apiId: string): ProviderStreams | string {
	const api = provider.api;
	if (isProviderStreams(api)) return api;
	const own = api?.[apiId];
	if (own) return own;
	if (hasApi(apiId)) return getApi(apiId);
	return `Provider "${provider.id}" has no implementation for API "${apiId}"`;
}

/** Creates an empty `Models` collection. */
export function createModels(options: CreateModelsOptions = {}): Models {
	const credentials = options.credentials ?? createInMemoryCredentialStore();
	const providers = new Map<string, Provider>();
	const dispatchOrder = createDispatchOrder();

	async function run(
		kind: "stream" | "streamSimple",
		model: Model,
		context: Context,
		options: SimpleStreamOptions | undefined,
		target: AssistantMessageEventStream,
		turn: DispatchTurn,
	): Promise<void> {
		const provider = providers.get(model.provider);
		if (!provider) {
			const known = [...providers.keys()].join(", ") || "none";
			return failStream(target, model, `Unknown provider "${model.provider}". Registered providers: ${known}`);
		}
		const streams = resolveStreams(provider, model.api);
		if (typeof streams === "string") return failStream(target, model, streams);
		const schemaError = findToolSchemaError(context.tools);
		if (schemaError) return failStream(target, model, schemaError);
		const resolve = (rejectedAccess?: string) =>
			resolveProviderAuth({
				provider,
				credentials,
				apiKey: options?.apiKey,
				env: { ...defaultEnv(), ...options?.env },
				signal: options?.signal,
				rejectedAccess,
			});
		const auth = await resolve();
		if (options?.signal?.aborted) return failStream(target, model, ABORTED_MESSAGE, true);
		if (!auth.ok) return failStream(target, model, auth.error);
		// Requests reach the provider in the order they were started (ai.md §10 relies on it).
		if (!(await turn.wait(options?.signal))) return failStream(target, model, ABORTED_MESSAGE, true);
		const send = async (result: AuthResult): Promise<AssistantMessageEventStream> => {
			const { apiKey, headers, baseUrl } = result.auth;
			const assembled = mergeHeaders(headers, model.headers, options?.headers);
			const hooked = await applyHeadersHook(baseUrl ? { ...model, baseUrl } : model, { ...options }, assembled);
			const requestOptions: SimpleStreamOptions = { ...hooked.options, apiKey };
			if (!options?.transformHeaders) requestOptions.headers = assembled;
			if (kind === "streamSimple") {
				requestOptions.maxTokens ??= defaultSimpleMaxTokens(model);
				// Untyped callers may pass "off"; the API modules expect it omitted.
				if ((requestOptions.reasoning as string | undefined) === "off") delete requestOptions.reasoning;
			}
			const requestModel = hooked.model;
			return kind === "stream"
				? streams.stream(requestModel, context, requestOptions)
				: streams.streamSimple(requestModel, context, requestOptions);
		};
		const rejectedAccess = auth.result.oauthAccess;
		if (rejectedAccess === undefined) return forwardStream(await send(auth.result), target, model);
		// A stored OAuth token the provider rejects (revoked early, or refreshed elsewhere) gets one
		// refresh and one retry, before anything of the reply was passed on.
		await forwardWithUnauthorizedRetry(await send(auth.result), target, model, async () => {
			const again = await resolve(rejectedAccess);
			if (!again.ok) {
				failStream(target, model, again.error);
				return undefined;
			}
			return send(again.result);
		});
	}

	function start(
		kind: "stream" | "streamSimple",
		model: Model,
		context: Context,
		options: SimpleStreamOptions | undefined,
	): AssistantMessageEventStream {
		const target = new AssistantMessageEventStream();
		// An already-aborted request never reaches the network (ai.md §3.5).
		if (options?.signal?.aborted) {
			failStream(target, model, ABORTED_MESSAGE, true);
			return target;
		}
		const turn = dispatchOrder.enter(model.provider);
		run(kind, model, context, options, target, turn)
			.catch((error: unknown) => failStream(target, model, errorText(error)))
			.finally(turn.leave);
		return target;
	}

	return {
		credentials,
		setProvider: (provider) => {
			providers.set(provider.id, provider);
		},
		removeProvider: (providerId) => providers.delete(providerId),
		getProviders: () => [...providers.values()],
		getProvider: (providerId) => providers.get(providerId),
		getModels: (providerId) =>
			providerId === undefined
				? [...providers.values()].flatMap((provider) => provider.models)
				: [...(providers.get(providerId)?.models ?? [])],
		getModel: (providerId, modelId) => providers.get(providerId)?.models.find((model) => model.id === modelId),
		stream: (model, context, options) => start("stream", model, context, options),
		complete: (model, context, options) => start("stream", model, context, options).result(),
		streamSimple: (model, context, options) => start("streamSimple", model, context, options),
		completeSimple: (model, context, options) => start("streamSimple", model, context, options).result(),
		getAuth: async (providerIdOrModel, options = {}) => {
			const providerId = typeof providerIdOrModel === "string" ? providerIdOrModel : providerIdOrModel.provider;
			const provider = providers.get(providerId);
			if (!provider) return undefined;
			const outcome = await resolveProviderAuth({
				provider,
				credentials,
				apiKey: options.apiKey,
				env: { ...defaultEnv(), ...options.env },
				minValidityMs: options.minValidityMs,
				noRefresh: options.noRefresh,
			});
			if (outcome.ok) return outcome.result;
			if (outcome.missing) return undefined;
			throw new Error(outcome.error);
		},
	};
}
