// The stream-registry names extensions written for the released pi import from its ai package
// (`…/pi-ai` and `…/pi-ai/compat`): API providers registered by object, the built-in wire
// protocols as objects, and the transcript helpers. Each is a thin view of our registry
// (api-registry.ts) and of our `Context`, whose system prompt and tools live beside the messages.
import { getApi, hasApi, registerApi, unregisterApi } from "./api-registry.js";
import type { ProviderStreams, StreamFunction } from "./stream-function.js";
import type { Context, Message, SimpleStreamOptions, Tool } from "./types.js";

/** An API provider as the released pi registers one: its id and its two stream functions. */
export interface ApiProvider {
	api: string;
	stream: StreamFunction;
	streamSimple: StreamFunction<SimpleStreamOptions>;
}

const sources = new Map<string, string>();

/** Registers (or replaces) the stream functions of one API id; `sourceId` groups them for removal. */
export function registerApiProvider(provider: ApiProvider, sourceId?: string): void {
	registerApi(provider.api, { stream: provider.stream, streamSimple: provider.streamSimple });
	if (sourceId !== undefined) sources.set(provider.api, sourceId);
}

/** Removes every API registered with `sourceId`. */
export function unregisterApiProviders(sourceId: string): void {
	for (const [api, source] of sources) {
		if (source !== sourceId) continue;
		unregisterApi(api);
		sources.delete(api);
	}
}

/** The registered streams of an API id as a provider object, or undefined. */
export function getApiProvider(api: string): ApiProvider | undefined {
	return hasApi(api) ? apiProviderOf(api, getApi(api)) : undefined;
}

function apiProviderOf(api: string, streams: ProviderStreams): ApiProvider {
	return { api, stream: streams.stream, streamSimple: streams.streamSimple };
}

function builtinApi(api: string): ApiProvider {
	// Looked up per call, so a later replacement of the built-in is what runs.
	return {
		api,
		stream: (model, context, options) => getApi(api).stream(model, context, options),
		streamSimple: (model, context, options) => getApi(api).streamSimple(model, context, options),
	};
}

/** The Anthropic Messages wire protocol. */
export const anthropicMessagesApi = (): ApiProvider => builtinApi("anthropic-messages");
/** The OpenAI Responses wire protocol. */
export const openAIResponsesApi = (): ApiProvider => builtinApi("openai-responses");
/** The OpenAI Chat Completions wire protocol. */
export const openAICompletionsApi = (): ApiProvider => builtinApi("openai-completions");
/** The Google Generative AI wire protocol. */
export const googleGenerativeAiApi = (): ApiProvider => builtinApi("google-generative-ai");

/** A leading system message: the released pi's transcript form of `systemPrompt` and `tools`. */
export interface SystemMessage {
	role: "system";
	content: string;
	toolsAdded?: Tool[];
}

/** A context whose system prompt and tools lead its messages as one system message. */
export interface TranscriptContext extends Omit<Context, "messages"> {
	messages: (Message | SystemMessage)[];
}

type RoleOnly = readonly { role: string }[];

function leadingSystem(messages: RoleOnly): SystemMessage | undefined {
	const first = messages[0] as SystemMessage | undefined;
	return first?.role === "system" ? first : undefined;
}

/** The context with its system prompt and tools folded into one leading system message. */
export function collapseSystemMessages(context: Context | TranscriptContext): TranscriptContext {
	const rest = context.messages.filter((message) => (message as { role: string }).role !== "system");
	const existing = leadingSystem(context.messages);
	const content = context.systemPrompt ?? existing?.content ?? "";
	const tools = context.tools ?? existing?.toolsAdded ?? [];
	if (!content && tools.length === 0) return { ...context, messages: rest };
	return { ...context, messages: [{ role: "system", content, toolsAdded: tools }, ...rest] };
}

/** The system prompt of a transcript (its leading system message), or "". */
export function getCurrentSystemPrompt(messages: RoleOnly): string {
	return leadingSystem(messages)?.content ?? "";
}

/** The tools of a transcript (declared by its leading system message). */
export function getCurrentTools(messages: RoleOnly): Tool[] {
	return leadingSystem(messages)?.toolsAdded ?? [];
}
