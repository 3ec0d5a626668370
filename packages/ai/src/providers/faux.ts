import { AssistantMessageEventStream } from "../event-stream.js";
import { createProvider, keylessAuth, type Provider } from "../provider.js";
import type { ProviderStreams } from "../stream-function.js";
import type { Context, Model, ModelCost, SimpleStreamOptions } from "../types.js";
import { ABORTED_MESSAGE, errorText, failStream } from "../utils/failed-stream.js";
import { playFauxScript } from "./faux-playback.js";
import { type FauxScript, fauxAssistantMessage } from "./faux-script.js";
import { estimateInputUsage } from "./faux-usage.js";

/** A faux model: only `id` is required. */
export interface FauxModelDefinition {
	id: string;
	/** Default: the id. */
	name?: string;
	/** Default: false. */
	reasoning?: boolean;
	/** Default: text and image. */
	input?: ("text" | "image")[];
	/** Default: 128000. */
	contextWindow?: number;
	/** Default: 16384. */
	maxTokens?: number;
	/** Default: free. */
	cost?: ModelCost;
}

/** Options of `fauxProvider`. */
export interface FauxProviderOptions {
	/** Provider id. Default "faux". */
	provider?: string;
	/** API id of its models. Default "faux". */
	api?: string;
	/** Default: one model, `faux-1`. */
	models?: readonly FauxModelDefinition[];
	/** Pace deltas at this many (estimated) tokens per second. Default: one microtask per delta. */
	tokensPerSecond?: number;
}

/** One received request, recorded for assertions. `context` is a shallow copy taken at call time. */
export interface FauxRequest {
	model: Model;
	context: Context;
	options?: SimpleStreamOptions;
}

/** Counters of a faux provider. */
export interface FauxProviderState {
	/** Stream calls received (including ones answered with an error). */
	callCount: number;
	/** Every request, in call order. */
	requests: FauxRequest[];
}

/** Builds a reply from the request; may be async. A string is a plain text reply. */
export type FauxResponseFactory = (
	context: Context,
	options: SimpleStreamOptions | undefined,
	state: FauxProviderState,
	model: Model,
) => FauxScript | string | Promise<FauxScript | string>;

/** A queued reply: a script (e.g. from `fauxAssistantMessage`), a text, or a factory. */
export type FauxResponse = FauxScript | string | FauxResponseFactory;

/** The handle `fauxProvider` returns. */
export interface FauxProviderHandle {
	/** Register with `models.setProvider(faux.provider)`. Keyless. */
	provider: Provider;
	/** The API id of the faux models. */
	api: string;
	/** The faux models (the same objects `provider.models` holds). */
	models: Model[];
	/** The streams, for calling the faux provider directly. */
	streams: ProviderStreams;
	/** The first model, or the one with `modelId` (undefined when unknown). */
	getModel(): Model;
	getModel(modelId: string): Model | undefined;
	/** Replaces the queue. */
	setResponses(responses: readonly FauxResponse[]): void;
	/** Appends to the queue. */
	appendResponses(responses: readonly FauxResponse[]): void;
	getPendingResponseCount(): number;
	state: FauxProviderState;
}

/** The `errorMessage` of a request that found the queue empty. */
export const NO_MORE_FAUX_RESPONSES = "No more faux responses queued";

function toModel(definition: FauxModelDefinition, api: string, provider: string): Model {
	return {
		id: definition.id,
		name: definition.name ?? definition.id,
		api,
		provider,
		baseUrl: "http://127.0.0.1:0",
		reasoning: definition.reasoning ?? false,
		input: definition.input ? [...definition.input] : ["text", "image"],
		cost: definition.cost ? { ...definition.cost } : { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: definition.contextWindow ?? 128_000,
		maxTokens: definition.maxTokens ?? 16_384,
	};
}

/**
 * An in-memory provider that replays scripted replies through the real streaming machinery
 * (ai.md §10). Replies are consumed in request-start order; an empty queue ends the request with
 * `No more faux responses queued`. A request whose signal is already aborted ends at once and
 * consumes no reply. Usage is estimated at ceil(chars / 4) per side, with prompt caching
 * simulated per `sessionId`.
 */
export function fauxProvider(options: FauxProviderOptions = {}): FauxProviderHandle {
	const providerId = options.provider ?? "faux";
	const api = options.api ?? "faux";
	const definitions = options.models && options.models.length > 0 ? options.models : [{ id: "faux-1", name: "Faux 1" }];
	const state: FauxProviderState = { callCount: 0, requests: [] };
	const promptCache = new Map<string, string>();
	let queue: FauxResponse[] = [];
	let toolCallCounter = 0;

	const provider = createProvider({
		id: providerId,
		name: "Faux",
		auth: { apiKey: keylessAuth("Faux (no key)") },
		models: definitions.map((definition) => toModel(definition, api, providerId)),
	});
	const models = provider.models;

	/** Plays `response`; a factory that throws (or an unserializable script) ends the request with its message. */
	async function respond(
		response: FauxResponse | undefined,
		model: Model,
		context: Context,
		streamOptions: SimpleStreamOptions | undefined,
		target: AssistantMessageEventStream,
	): Promise<void> {
		let playing = false;
		try {
			const inputUsage = estimateInputUsage(context, streamOptions, promptCache);
			if (response === undefined) return failStream(target, model, NO_MORE_FAUX_RESPONSES);
			const resolved = typeof response === "function" ? await response(context, streamOptions, state, model) : response;
			const script = typeof resolved === "string" ? fauxAssistantMessage(resolved) : resolved;
			playing = true;
			await playFauxScript({
				model,
				target,
				script,
				inputUsage,
				signal: streamOptions?.signal,
				tokensPerSecond: options.tokensPerSecond,
				nextToolCallId: () => `faux_call_${++toolCallCounter}`,
			});
		} catch (error) {
			failStream(target, model, errorText(error), false, !playing);
		}
	}

	function stream(model: Model, context: Context, streamOptions?: SimpleStreamOptions): AssistantMessageEventStream {
		const target = new AssistantMessageEventStream();
		state.callCount++;
		state.requests.push({
			model,
			context: { ...context, messages: [...context.messages], ...(context.tools ? { tools: [...context.tools] } : {}) },
			...(streamOptions ? { options: { ...streamOptions } } : {}),
		});
		if (streamOptions?.signal?.aborted) {
			failStream(target, model, ABORTED_MESSAGE, true);
			return target;
		}
		const response = queue.shift();
		void respond(response, model, context, streamOptions, target);
		return target;
	}

	const streams: ProviderStreams = { stream, streamSimple: stream };
	provider.api = streams;

	function getModel(): Model;
	function getModel(modelId: string): Model | undefined;
	function getModel(modelId?: string): Model | undefined {
		return modelId === undefined ? models[0] : models.find((model) => model.id === modelId);
	}

	return {
		provider,
		api,
		models,
		streams,
		getModel,
		setResponses: (responses) => {
			queue = [...responses];
		},
		appendResponses: (responses) => {
			queue.push(...responses);
		},
		getPendingResponseCount: () => queue.length,
		state,
	};
}
