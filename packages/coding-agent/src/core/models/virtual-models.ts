// Virtual models: a selectable model whose `route()` picks a physical model (and thinking level)
// for each request. Selection (the virtual pair) and dispatch (the physical pair) stay apart:
// providers only ever see physical models, and each assistant message names the model that
// answered. Registered by extensions (`pi.registerVirtualModel`) or SDK code
// (`modelRuntime.registerVirtualModel`).
import {
	type AssistantMessage,
	AssistantMessageBuilder,
	AssistantMessageEventStream,
	type Context,
	type Model,
	type SimpleStreamOptions,
	type ThinkingLevelOrOff,
} from "@pi/ai";

/** Why a request is made (see docs/extensions.md "Virtual models"). */
export type RouteReason = "user" | "continuation" | "retry" | "direct";

/** A physical model and thinking level that answered (or failed) a request. */
export interface RoutedPair {
	model: Model;
	thinkingLevel?: ThinkingLevelOrOff;
}

/** What `route()` is asked. */
export interface RouteRequest<TState = unknown> {
	/** The selected virtual model and level. */
	model: Model;
	thinkingLevel: ThinkingLevelOrOff;
	reason: RouteReason;
	/** The physical pair of the latest successful response in `messages`. */
	previous?: RoutedPair;
	/** For `retry`: the pair whose request failed, and its message. */
	failed?: RoutedPair & { message: AssistantMessage };
	/** Router state last returned on this session. */
	state?: TState;
	messages: Context["messages"];
	signal?: AbortSignal;
}

/** What `route()` answers: a physical model, its level, and optionally new router state. */
export interface RouteResult<TState = unknown> {
	model: Model;
	thinkingLevel: ThinkingLevelOrOff;
	state?: TState;
}

/** What a router may use: the catalogue to find physical models in. */
export interface RouteContext {
	modelRegistry: {
		find(provider: string, id: string): Model | undefined;
		getAll(): Model[];
	};
}

/** A virtual model as registered. */
export interface VirtualModelDefinition<TState = unknown> {
	provider: string;
	id: string;
	name?: string;
	/** Levels offered for selection; default `["off"]`. */
	thinkingLevels?: ThinkingLevelOrOff[];
	contextWindow?: number;
	maxTokens?: number;
	input?: ("text" | "image")[];
	route(request: RouteRequest<TState>, ctx: RouteContext): RouteResult<TState> | Promise<RouteResult<TState>>;
}

/** The `api` of a virtual model's catalogue entry: no provider implements it. */
export const VIRTUAL_API = "virtual";

/** The catalogue entry (a `Model`) that lists a virtual model in /model, --model and settings. */
export function virtualModelEntry(definition: VirtualModelDefinition<never>): Model {
	const levels = definition.thinkingLevels ?? ["off"];
	return {
		id: definition.id,
		name: definition.name ?? definition.id,
		api: VIRTUAL_API,
		provider: definition.provider,
		baseUrl: "",
		reasoning: levels.some((level) => level !== "off"),
		input: definition.input ?? ["text", "image"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: definition.contextWindow ?? 0,
		maxTokens: definition.maxTokens ?? 0,
	} as Model;
}

/** True for a catalogue entry made by `virtualModelEntry`. */
export function isVirtualModel(model: Model): boolean {
	return model.api === VIRTUAL_API;
}

function reasonOf(messages: Context["messages"]): RouteReason {
	const last = messages[messages.length - 1];
	return last?.role === "user" ? "user" : "continuation";
}

function previousOf(
	messages: Context["messages"],
	find: RouteContext["modelRegistry"]["find"],
): RoutedPair | undefined {
	for (let index = messages.length - 1; index >= 0; index--) {
		const message = messages[index]!;
		if (message.role !== "assistant" || message.stopReason === "error" || message.stopReason === "aborted") continue;
		const model = find(message.provider, message.model);
		return model ? { model } : undefined;
	}
	return undefined;
}

/**
 * Streams one request of a virtual model: asks `route()`, then streams the physical model with
 * `stream`. A router that throws, or answers with a virtual or unknown model, ends the request
 * with an error response (never a thrown error).
 */
export function streamVirtualModel<TState>(
	definition: VirtualModelDefinition<TState>,
	selected: Model,
	context: Context,
	options: SimpleStreamOptions | undefined,
	routing: {
		ctx: RouteContext;
		state: TState | undefined;
		setState(state: TState): void;
		stream(model: Model, context: Context, options: SimpleStreamOptions | undefined): AssistantMessageEventStream;
	},
): AssistantMessageEventStream {
	const target = new AssistantMessageEventStream();
	const fail = (message: string) => {
		const builder = new AssistantMessageBuilder(selected, target);
		builder.start();
		builder.fail(message, false);
	};
	const request: RouteRequest<TState> = {
		model: selected,
		thinkingLevel: options?.reasoning ?? "off",
		reason: reasonOf(context.messages),
		previous: previousOf(context.messages, (provider, id) => routing.ctx.modelRegistry.find(provider, id)),
		state: routing.state,
		messages: context.messages,
		...(options?.signal ? { signal: options.signal } : {}),
	};
	Promise.resolve()
		.then(() => definition.route(request, routing.ctx))
		.then(
			(result) => {
				if (!result?.model || isVirtualModel(result.model)) {
					fail(`Virtual model ${selected.provider}/${selected.id} routed to no physical model`);
					return;
				}
				if (result.state !== undefined && result.state !== routing.state) routing.setState(result.state);
				const reasoning = result.thinkingLevel === "off" ? undefined : result.thinkingLevel;
				const inner = routing.stream(result.model, context, { ...options, reasoning });
				inner.pipeTo(target, () =>
					fail(`Provider stream for "${result.model.provider}" ended without a terminal event`),
				);
			},
			(error: unknown) =>
				fail(
					`Virtual model ${selected.provider}/${selected.id}: route failed: ${error instanceof Error ? error.message : String(error)}`,
				),
		);
	return target;
}
