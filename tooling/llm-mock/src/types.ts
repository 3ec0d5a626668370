/**
 * The wire format a route speaks. It is chosen by the request path (see the
 * README's route table), never by the script: one queued reply renders in
 * whichever format the request that takes it asked for.
 */
export type MockApi =
	| "openai-completions"
	| "openai-responses"
	| "anthropic-messages"
	| "google-generative-ai"
	| "bedrock-converse-stream"
	| "pi-messages";

/** One HTTP request as the mock received it; recorded before any response byte is written. */
export interface RecordedRequest {
	/** HTTP method, upper case (`POST`, `GET`). */
	method: string;
	/** Request target including the query string, e.g. `/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse`. */
	path: string;
	/** Header names in lower case; repeated headers joined with `, `. */
	headers: Record<string, string>;
	/** The body parsed as JSON, or the raw text when it is not JSON (`""` when empty). */
	body: unknown;
	/** Which route matched: a vendor API, the model listing, or nothing (answered 404). */
	api: MockApi | "models" | "unknown";
}

/** Why the turn ended, vendor-neutral. Rendered as each vendor's own value (README, "Stop reasons"). */
export type MockStopReason = "stop" | "length" | "toolUse";

/**
 * A stop reason outside the vendor-neutral vocabulary, sent verbatim as the route's own field:
 * Anthropic `stop_reason` (`refusal`, `pause_turn`…), Gemini `finishReason` (`SAFETY`,
 * `RECITATION`…), Chat Completions `finish_reason` (`content_filter`), Responses
 * `incomplete_details.reason` (the response then ends with `response.incomplete`). A string applies
 * to every route; an object gives one value per API, and routes it leaves out use `stopReason`.
 */
export type MockVendorStopReason = string | Partial<Record<MockApi, string>>;

/** Which `delta` field carries Chat Completions reasoning: DeepSeek/vLLM, OpenRouter/Ollama, GitHub Copilot. */
export type MockReasoningField = "reasoning_content" | "reasoning" | "reasoning_text" | "thinking-chunks";

/**
 * Token counts for the reply. `output` includes `reasoning` (as OpenAI and Anthropic count it);
 * Google's `candidatesTokenCount` is rendered as `output - reasoning`. `input` excludes cached tokens.
 * Default: `{ input: 10, output: ceil(characters / 4) }`, the rest 0.
 */
export interface MockUsage {
	input: number;
	output: number;
	cacheRead?: number;
	cacheWrite?: number;
	reasoning?: number;
}

/**
 * How a block's text is cut into deltas. A number N splits it into N roughly equal pieces by code
 * point (never inside a surrogate pair); an array is streamed verbatim and must concatenate to the
 * block's text. Default: one piece per 16 code points. Byte-level splitting is `splitEveryBytes`.
 */
export type MockDeltas = number | string[];

/** Visible assistant text. */
export interface MockTextBlock {
	type: "text";
	text: string;
	deltas?: MockDeltas;
	/**
	 * Google only: `thoughtSignature` on an empty text part right after the block in a stream (where
	 * Gemini 3 streams sign an answer), on the block's part in a `:generateContent` body.
	 */
	signature?: string;
}

/** Model reasoning. */
export interface MockThinkingBlock {
	type: "thinking";
	text: string;
	/**
	 * Anthropic `signature_delta`, OpenAI Responses `encrypted_content` (when the request asked for
	 * `reasoning.encrypted_content`), Google `thoughtSignature` where Gemini puts the thoughts'
	 * signature — never on a thought part: on the next function call without one, else at the end of
	 * the reply (README, "Google Gemini"). Default: a generated opaque string for Anthropic and OpenAI
	 * Responses; for Google none, except that Gemini 3 models always sign a reply.
	 */
	signature?: string;
	/**
	 * The vendor hid the reasoning: Anthropic sends a `redacted_thinking` block whose `data` is the
	 * signature; OpenAI Responses sends a reasoning item with an empty summary; Chat Completions and
	 * Google omit the block.
	 */
	redacted?: boolean;
	/**
	 * How `text` is cut into deltas. With `summary`, a number cuts each part into that many pieces
	 * and an array is not allowed.
	 */
	deltas?: MockDeltas;
	/**
	 * OpenAI Responses: stream the reasoning summary as these parts (`summary_index` 0..n, as gpt-5
	 * does). `text` must equal the parts joined by a blank line (`"\n\n"`), which is what every
	 * other route streams.
	 */
	summary?: string[];
}

/** A tool call. */
export interface MockToolCallBlock {
	type: "toolCall";
	/** Vendor call id (`toolu_…`, `call_…`). Default: generated. Google: sent as `functionCall.id` only when given. */
	id?: string;
	name: string;
	/** JSON text or an object (serialised with `JSON.stringify`). Google receives it parsed (`{}` if not JSON). */
	arguments: string | Record<string, unknown>;
	/** Split of the JSON text across argument deltas. Google never streams arguments. */
	deltas?: MockDeltas;
	/** Google only: `thoughtSignature` on the `functionCall` part. */
	signature?: string;
}

/** One content block of a reply, in output order. */
export type MockBlock = MockTextBlock | MockThinkingBlock | MockToolCallBlock;

/** Faults applied while writing a response body. Events are the SSE events as sent (Anthropic `ping` included). */
export interface MockFaults {
	/** Wait this long between events. Default: 0. */
	chunkDelayMs?: number;
	/** Write the body in pieces of this many bytes (splitting inside UTF-8 sequences and SSE lines). */
	splitEveryBytes?: number;
	/** Destroy the socket after this many events (0: right after the headers). */
	dropAfterEvents?: number;
	/** Stop writing after this many events and keep the connection open until the client goes away. */
	stallAfterEvents?: number;
	/**
	 * With `stallAfterEvents`: write the rest once this settles (API only, not in CLI scripts). A test
	 * can then act while the reply is certainly still streaming and let it end normally afterwards,
	 * where a `chunkDelayMs` window could close first on a loaded machine.
	 */
	resumeWhen?: PromiseLike<unknown>;
}

/**
 * How an OpenAI Responses stream fails: `response.failed` (default); `error`, the bare error event
 * as recorded streams carry it (`{"type":"error","sequence_number","error":{"type","code","message","param"}}`,
 * then `response.failed`); `error-flat`, the event as the API reference documents it
 * (`{"type":"error","code","message","param","sequence_number"}`) and nothing after it.
 */
export type MockResponsesStreamErrorEvent = "response.failed" | "error" | "error-flat";

/** End a 200 stream early with the vendor's in-stream error event. */
export interface MockStreamError {
	/** Number of normal events sent before the error event. */
	afterEvents: number;
	/** Default: the vendor's overload wording. */
	message?: string;
	/** OpenAI Responses: the error `code` (default: null for the bare event, `server_error` for `response.failed`). */
	code?: string;
	/** OpenAI Responses: which event carries the error. Default: `response.failed`. */
	responsesEvent?: MockResponsesStreamErrorEvent;
}

/** A successful assistant turn, rendered in the wire format of the route that takes it. */
export interface MockReply extends MockFaults {
	type: "reply";
	blocks: MockBlock[];
	/** Default: `toolUse` when a tool call is present, else `stop`. */
	stopReason?: MockStopReason;
	/** A vendor stop reason sent verbatim instead of the one `stopReason` maps to. */
	vendorStopReason?: MockVendorStopReason;
	/** Chat Completions: the reasoning delta / message field. Default: `reasoning_content`. */
	reasoningField?: MockReasoningField;
	usage?: MockUsage;
	/** Message / response id. Default: generated in the vendor's format. */
	id?: string;
	/** Model name in the reply. Default: the request's model (Google: the model in the path). */
	model?: string;
	streamError?: MockStreamError;
}

/** HTTP statuses with a vendor error body in every API. */
export type MockErrorStatus = 400 | 401 | 403 | 404 | 413 | 429 | 500 | 503 | 529;

/**
 * A named failure rendered as each vendor sends it, status included: `invalid_api_key` is
 * Anthropic 401 `authentication_error` "invalid x-api-key", OpenAI 401 `invalid_api_key`, and Gemini
 * 400 `INVALID_ARGUMENT` "API key not valid. Please pass a valid API key." with an `ErrorInfo`
 * detail whose reason is `API_KEY_INVALID`.
 */
export type MockErrorKind = "invalid_api_key";

/** Fields shared by every scripted HTTP error. */
interface MockErrorFields {
	type: "error";
	/** Default: the vendor's usual wording for the status (or the kind). */
	message?: string;
	/**
	 * Sent as `retry-after` (and `retry-after-ms` for OpenAI; a `RetryInfo` detail for Google).
	 * Anthropic sends `retry-after` on every 429, so there it defaults to 60.
	 */
	retryAfterSeconds?: number;
	/** Use the vendor's context-overflow wording and error type. */
	overflow?: boolean;
	/** Send the status with an empty body. */
	noBody?: boolean;
}

/** An HTTP error with a status, in the vendor's error shape for that status. */
export interface MockStatusError extends MockErrorFields {
	status: MockErrorStatus;
	/** When given, the vendor's response for this kind, sent with `status` instead of the vendor's own. */
	kind?: MockErrorKind;
}

/** A named failure (see `MockErrorKind`), sent with the status the vendor uses for it. */
export interface MockKindError extends MockErrorFields {
	kind: MockErrorKind;
	/** Overrides the vendor's status for the kind (a proxy that rewrites it, say). */
	status?: MockErrorStatus;
}

/** An HTTP error in the vendor's error shape. */
export type MockError = MockStatusError | MockKindError;

/** A response sent verbatim, for recorded fixtures. */
export interface MockRaw {
	type: "raw";
	/** Default: 200. */
	status?: number;
	/** Default: `content-type` guessed from the body (`text/event-stream` when it starts with `event:` or `data:`). */
	headers?: Record<string, string>;
	body: string;
	splitEveryBytes?: number;
	chunkDelayMs?: number;
}

/** Chooses the response from the request it answers (called once, when that request arrives). */
export type MockResponder = (request: RecordedRequest) => MockResponse;

/** One scripted answer. Plain-data variants can be loaded from JSON (the CLI's `--script`). */
export type MockResponse = MockReply | MockError | MockRaw | MockResponder;

/** Options of `startMockLlm`. */
export interface MockLlmOptions {
	/** Default: 0 (an ephemeral port). */
	port?: number;
	/** Loopback address to bind. Default: `127.0.0.1`. */
	host?: string;
	/** Ids listed by `GET …/models`. Default: `["gpt-4o-mini", "claude-sonnet-4-5"]`. */
	models?: string[];
	/** Called with each request right after it is recorded (the CLI's `--record`). */
	onRequest?: (request: RecordedRequest) => void;
}

/** A running mock server. */
export interface MockLlm {
	/** `http://127.0.0.1:PORT`, no trailing slash; any path prefix (`/v1`, `/v1beta`) may follow. */
	url: string;
	/** Append answers; each vendor request takes the oldest one. */
	enqueue(...responses: MockResponse[]): void;
	/** Every request received, oldest first (this array is cleared in place by `reset`). */
	requests: RecordedRequest[];
	/** Number of queued answers not yet taken. */
	pending(): number;
	/** Drop queued answers and recorded requests. */
	reset(): void;
	/** Stop listening and destroy open connections (stalled streams included). Safe to call twice. */
	close(): Promise<void>;
}
