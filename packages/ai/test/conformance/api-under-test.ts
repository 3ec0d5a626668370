import type { StreamFunction } from "../../src/stream-function.js";
import type { Api, Model, SimpleStreamOptions, StreamOptions } from "../../src/types.js";

/**
 * One wire API as the shared conformance suite sees it.
 *
 * The suite scripts replies on `@pi/llm-mock` (vendor-neutral), runs the API module's
 * `streamSimple` through its official SDK against the mock, then checks the events and the request
 * the mock recorded. Everything vendor-specific about reading a recorded request body lives in an
 * adapter implementing this interface (test/conformance/apis/<api>.ts), so every scenario is written
 * once. `body` parameters are the JSON body the mock recorded (`RecordedRequest.body`), typed
 * `unknown`: adapters narrow it themselves.
 */
export interface ApiUnderTest {
	/** API id, e.g. "anthropic-messages". Also the label of the `describe.each` row. */
	api: Api;
	/** The API module's `stream` (API-specific options). */
	stream: StreamFunction<StreamOptions>;
	/** The API module's `streamSimple`; the scenarios use this one. */
	streamSimple: StreamFunction<SimpleStreamOptions>;
	/**
	 * A reasoning-capable model with image input and non-zero prices, talking to the mock at
	 * `mockUrl` (`http://127.0.0.1:PORT`, no trailing slash; the adapter adds any path prefix such as
	 * `/v1`). `overrides` are spread last.
	 */
	makeModel(mockUrl: string, overrides?: Partial<Model>): Model;
	/**
	 * Options that switch thinking on for `makeModel`'s model, so the vendor is asked for reasoning
	 * and replays it (e.g. `{ reasoning: "high" }`).
	 */
	thinkingOptions: SimpleStreamOptions;
	/** What the wire format can express; scenarios that need a missing feature are skipped. */
	capabilities: ApiCapabilities;

	// ---- reading the recorded request body -------------------------------------------------

	/** The model id the request asked for (body field or URL path). */
	requestedModelOf(request: { path: string; body: unknown }): string | undefined;
	/** The system prompt as sent (all system/developer text joined with "\n"), or undefined. */
	systemPromptOf(body: unknown): string | undefined;
	/** Text of every user turn in order (tool results excluded), each turn's text parts joined with "\n". */
	userTextsOf(body: unknown): string[];
	/** Visible text of every assistant turn in the history, one entry per text part. */
	assistantTextsOf(body: unknown): string[];
	/** Thinking replayed in its native form (not as plain text), in order. */
	replayedThinkingOf(body: unknown): ReplayedThinking[];
	/** Tool calls in the assistant history, in order. `id` is undefined when the wire format sends none. */
	toolCallsOf(body: unknown): SentToolCall[];
	/** Tool results sent back, in order. `toolCallId` is undefined when the wire format sends none. */
	toolResultsOf(body: unknown): SentToolResult[];
	/** Every image in the request (user content and tool results), base64 data as sent. */
	imagesOf(body: unknown): SentImage[];
	/** Names of the tools declared in the request. */
	toolNamesOf(body: unknown): string[];
	/** The max output tokens field as sent, or undefined. */
	maxTokensOf(body: unknown): number | undefined;
	/**
	 * A copy of the payload `onPayload` received (ai.md §3.4) with the max output tokens field set to
	 * `maxTokens`, so a scenario can return it as the replacement and find it in the recorded request.
	 */
	withMaxTokens(payload: unknown, maxTokens: number): unknown;

	// ---- target rules ------------------------------------------------------------------------

	/** True when `id` is a tool-call id this API accepts (ai.md §8.4 normalisation for this target). */
	isValidToolCallId(id: string): boolean;
	/**
	 * Substrings the final `errorMessage` must contain for an HTTP error with this status whose vendor
	 * text is `vendorText` (e.g. `["429", "rate_limit_error", vendorText]`).
	 */
	expectedErrorParts(status: number, vendorText: string): string[];
}

/** Static facts about a wire format. */
export interface ApiCapabilities {
	/** Tool arguments arrive in several deltas (false for Google: one delta with the whole JSON). */
	streamsToolArguments: boolean;
	/** Tool calls and results carry ids on the wire (Google omits them for Gemini models). */
	sendsToolCallIds: boolean;
	/** Thinking comes back with a signature the vendor needs on replay. */
	thinkingHasSignature: boolean;
	/** The API replays same-model thinking natively on the next request. */
	replaysThinking: boolean;
	/** Redacted thinking (opaque payload, no text) can be produced and replayed. */
	redactedThinking: boolean;
	/** Usage reports prompt-cache writes separately (Anthropic). Default: false (cacheWrite stays 0). */
	reportsCacheWrite?: boolean;
	/** A max output tokens field is sent (the Codex endpoint takes none). Default: true. */
	sendsMaxTokens?: boolean;
}

/** A thinking block found in a request. */
export interface ReplayedThinking {
	text: string;
	signature?: string;
	redacted?: boolean;
}

/** A tool call found in a request's assistant history. */
export interface SentToolCall {
	id?: string;
	name: string;
	arguments: unknown;
}

/** A tool result found in a request. */
export interface SentToolResult {
	toolCallId?: string;
	/** All text of the result joined with "\n". */
	text: string;
	isError?: boolean;
}

/** An image found in a request. */
export interface SentImage {
	data: string;
	mimeType?: string;
}
