import type { TSchema } from "@sinclair/typebox";
import type { CatalogueProviderId } from "./models/generated/index.js";

/** Wire protocols with a built-in implementation. Open set: third parties register more. */
export type KnownApi =
	| "anthropic-messages"
	| "openai-completions"
	| "openai-responses"
	| "google-generative-ai"
	| "google-vertex"
	| "azure-openai-responses"
	| "bedrock-converse-stream"
	| "mistral-conversations"
	| "openai-codex-responses"
	| "pi-messages";
/** An API id: a known one, or any string a third party registers. */
export type Api = KnownApi | (string & {});

/** Built-in provider ids. Open set. */
export type KnownProvider = CatalogueProviderId;
export type ProviderId = KnownProvider | (string & {});

// ---------------------------------------------------------------------------
// Content blocks (ai.md §2.1)

/** Plain text. `textSignature` is opaque vendor metadata used for replay. */
export interface TextContent {
	type: "text";
	text: string;
	textSignature?: string;
}

/** Model reasoning. `thinkingSignature` carries what the vendor needs to accept the block back. */
export interface ThinkingContent {
	type: "thinking";
	thinking: string;
	thinkingSignature?: string;
	/** When true the text is empty or a placeholder and the encrypted payload is in `thinkingSignature`. */
	redacted?: boolean;
}

/** An image: base64 data without a data-URL prefix. */
export interface ImageContent {
	type: "image";
	data: string;
	mimeType: string;
}

/** A tool call. `arguments` is always an object, never a JSON string. */
export interface ToolCall {
	type: "toolCall";
	id: string;
	name: string;
	arguments: Record<string, unknown>;
	/** Google's opaque per-call signature. */
	thoughtSignature?: string;
}

// ---------------------------------------------------------------------------
// Messages (ai.md §2.2)

/** Cost in USD per category. */
export interface UsageCost {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	total: number;
}

/** Token usage. `input` never includes cached tokens (ai.md §2.4). */
export interface Usage {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	/**
	 * Reasoning (thinking) tokens, a part of `output` (which already counts them): a number, 0
	 * included, from the APIs that report the split (Gemini, Vertex, Chat Completions, the Responses
	 * family); absent where the vendor does not say.
	 */
	reasoning?: number;
	totalTokens: number;
	cost: UsageCost;
}

/** Why a message ended. `pending` only appears on partial snapshots during streaming. */
export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted" | "pending";

export interface UserMessage {
	role: "user";
	content: string | (TextContent | ImageContent)[];
	/** Unix ms. */
	timestamp: number;
}

export interface AssistantMessage {
	role: "assistant";
	content: (TextContent | ThinkingContent | ToolCall)[];
	/** API id that produced it. */
	api: Api;
	provider: ProviderId;
	model: string;
	responseId?: string;
	usage: Usage;
	stopReason: StopReason;
	/** Set when stopReason is "error" or "aborted"; keeps the HTTP status and the vendor's text. */
	errorMessage?: string;
	timestamp: number;
}

export interface ToolResultMessage<TDetails = unknown> {
	role: "toolResult";
	toolCallId: string;
	toolName: string;
	content: (TextContent | ImageContent)[];
	/** Structured data for UIs and state; never sent to the LLM. */
	details?: TDetails;
	/** LLM work done inside the tool, counted in session totals. */
	usage?: Usage;
	isError: boolean;
	/**
	 * Wall time of the call in ms, as `tool_execution_end` reported it; absent on results stored
	 * before it existed. Kept in session files (pi 1.4 writes it here, before `timestamp`) for the
	 * transcript's `Took …`; left out of the RPC / JSON event wire, whose message shape the spec fixes.
	 */
	durationMs?: number;
	timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;

/** A tool as the model sees it. `parameters` is a TypeBox schema, i.e. plain JSON Schema. */
export interface Tool<TParams extends TSchema = TSchema> {
	name: string;
	description: string;
	parameters: TParams;
}

/** Everything a model needs for one request. Plain data: can be stringified and sent elsewhere. */
export interface Context {
	systemPrompt?: string;
	messages: Message[];
	tools?: Tool[];
}

// ---------------------------------------------------------------------------
// Streaming events (ai.md §3.1)

/**
 * Events of one assistant reply.
 *
 * Order: one `start` first (unless the request failed before the vendor accepted it), then per
 * content index `*_start`, `*_delta`*, `*_end` (blocks of different indexes may interleave),
 * then exactly one terminal event, `done` or `error`, always last.
 * Every non-terminal event carries `partial`, a snapshot with `stopReason: "pending"`.
 */
export type AssistantMessageEvent =
	| { type: "start"; partial: AssistantMessage }
	| { type: "text_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
	| { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
	| { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
	| { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
	| { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
	| { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
	| { type: "error"; reason: "error" | "aborted"; error: AssistantMessage };

// ---------------------------------------------------------------------------
// Models (ai.md §5.1)

/** Reasoning effort. Higher layers add "off". */
export type ThinkingLevel = "minimal" | "low" | "medium" | "high" | "xhigh" | "max";

/** A thinking level or "off" (no thinking), as higher layers and settings store it. */
export type ThinkingLevelOrOff = "off" | ThinkingLevel;

/** Token budgets per level for budget-based APIs. */
export interface ThinkingBudgets {
	minimal?: number;
	low?: number;
	medium?: number;
	high?: number;
}

/** Quirks of OpenAI-compatible chat completion servers (ai.md §6). Each field overrides auto-detection. */
export interface OpenAICompletionsCompat {
	/** Send `store: false`. Default true. */
	supportsStore?: boolean;
	/** System prompt as "developer" for reasoning models; false → "system". Default true. */
	supportsDeveloperRole?: boolean;
	/** Send `reasoning_effort`. Default true. */
	supportsReasoningEffort?: boolean;
	reasoningEffortMap?: Partial<Record<ThinkingLevel, string>>;
	/** Send `stream_options.include_usage`. Default true. */
	supportsUsageInStreaming?: boolean;
	/** Send `strict: false` on tool definitions. Default false: not every server accepts the field. */
	supportsStrictMode?: boolean;
	/** Default "max_completion_tokens". */
	maxTokensField?: "max_completion_tokens" | "max_tokens";
	/** Add `name` to tool messages. Default false. */
	requiresToolResultName?: boolean;
	/** Insert an empty assistant turn between tool results and a user message. Default false. */
	requiresAssistantAfterToolResult?: boolean;
	/** Replay thinking as `<thinking>…</thinking>` text. Default false. */
	requiresThinkingAsText?: boolean;
	/** Default "openai". */
	thinkingFormat?: "openai" | "openrouter" | "deepseek" | "zai" | "qwen" | "qwen-chat-template" | "chat-template";
	chatTemplateKwargs?: Record<string, unknown>;
	sendSessionAffinityHeaders?: boolean;
	cacheControlFormat?: "anthropic";
	openRouterRouting?: { only?: string[]; order?: string[] };
	vercelGatewayRouting?: { only?: string[]; order?: string[] };
}

/** Quirks of OpenAI Responses servers. */
export interface OpenAIResponsesCompat {
	/** Default true. */
	supportsDeveloperRole?: boolean;
	/** Default true. */
	supportsLongCacheRetention?: boolean;
	/** Send `strict: false` on function tools. Default false: not every server accepts the field. */
	supportsStrictMode?: boolean;
}

/** Quirks of Anthropic Messages servers. */
export interface AnthropicMessagesCompat {
	/** Send `eager_input_streaming: true` on tool definitions. Default true. */
	supportsEagerToolInputStreaming?: boolean;
	/** Put the prompt-cache breakpoint on the last tool definition. Default true. */
	supportsCacheControlOnTools?: boolean;
}

/**
 * Prices of a long prompt, USD per million tokens: they replace the base prices for the whole
 * request once its prompt (input + cache read + cache write tokens) exceeds `inputTokensAbove`.
 */
export interface ModelCostTier {
	inputTokensAbove: number;
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
}

/** Prices in USD per million tokens. */
export interface ModelCost {
	input: number;
	output: number;
	cacheRead: number;
	cacheWrite: number;
	/** Long-prompt prices; the highest tier whose threshold the prompt exceeds applies. */
	tiers?: ModelCostTier[];
}

/** A model: plain data. Equality is `provider` + `id`. */
export interface Model<TApi extends Api = Api> {
	/** Sent to the API. */
	id: string;
	/** Human label. */
	name: string;
	api: TApi;
	provider: ProviderId;
	baseUrl: string;
	/** Supports thinking. */
	reasoning: boolean;
	input: ("text" | "image")[];
	/** USD per million tokens. */
	cost: ModelCost;
	/** Tokens. */
	contextWindow: number;
	/** Max output tokens. */
	maxTokens: number;
	headers?: Record<string, string>;
	/** Quirks of the server: for openai-completions, openai-responses and anthropic-messages. */
	compat?: OpenAICompletionsCompat | OpenAIResponsesCompat | AnthropicMessagesCompat;
	/** Prompt-cache lifetimes the vendor offers, in seconds (e.g. `{ short: 300, long: 3600 }`). */
	promptCache?: { short?: number; long?: number };
	/** A string is the vendor value to send for that level; null marks the level unsupported (ai.md §7.1). `off`: the value that turns reasoning off (null: it cannot be turned off). */
	thinkingLevelMap?: Partial<Record<ThinkingLevelOrOff, string | null>>;
	/**
	 * Fields merged into every request body (openai-completions and openai-responses only; other
	 * APIs ignore them). Request fields pi sets itself are overwritten by them.
	 */
	samplingParams?: Record<string, unknown>;
	/** `samplingParams` per thinking level (`"off"` when no level is requested), merged over `samplingParams`. */
	samplingParamsByThinkingLevel?: Partial<Record<ThinkingLevelOrOff, Record<string, unknown>>>;
	/** Request limits the service enforces (informational: pi does not rewrite history for them). */
	inputLimits?: ModelInputLimits;
}

/** {@link Model.inputLimits}. */
export interface ModelInputLimits {
	maxRequestBytes?: number;
	images?: {
		resize?: { maxWidth?: number; maxHeight?: number; maxBytes?: number; jpegQuality?: number };
		maxPerMessage?: number;
		maxPerRequest?: number;
	};
}

// ---------------------------------------------------------------------------
// Options (ai.md §3.4)

/** Replaces or inspects the vendor request body right before it is sent. Return undefined to keep it. */
export type PayloadHook = (payload: unknown, model: Model) => unknown | Promise<unknown>;

/** Request headers by name; in what a {@link HeadersHook} returns, `null` removes that header. */
export type ProviderHeaders = Record<string, string | null>;

/**
 * Has the last word on a request's headers: receives the assembled headers (auth, `model.headers`,
 * `options.headers`, later wins) and returns the headers to send; a `null` value removes that
 * header. Called once per request, after auth resolved and before the HTTP call. Headers a vendor
 * SDK adds on its own (its `user-agent`, the key's `authorization`) are not in the map.
 */
export type HeadersHook = (headers: ProviderHeaders) => ProviderHeaders | Promise<ProviderHeaders>;

/** Options every API understands. */
export interface StreamOptions {
	signal?: AbortSignal;
	/** Explicit key; wins over provider auth. */
	apiKey?: string;
	headers?: Record<string, string>;
	temperature?: number;
	maxTokens?: number;
	/** Enables provider session caching / affinity. */
	sessionId?: string;
	/** Default "short". */
	cacheRetention?: "none" | "short" | "long";
	transport?: "sse" | "websocket" | "auto";
	/** Longest server-requested retry wait accepted before failing at once. Default 60000; 0 = no cap. */
	maxRetryDelayMs?: number;
	metadata?: Record<string, unknown>;
	env?: Record<string, string>;
	onPayload?: PayloadHook;
	/** See {@link HeadersHook}. */
	transformHeaders?: HeadersHook;
	onResponse?: (info: { status: number; headers: Record<string, string> }) => void;
}

/** Options with a uniform thinking level, mapped per API (ai.md §7). */
export interface SimpleStreamOptions extends StreamOptions {
	/** Omitted = no thinking. */
	reasoning?: ThinkingLevel;
	thinkingBudgets?: ThinkingBudgets;
}
