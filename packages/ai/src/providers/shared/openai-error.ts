import { APIConnectionError, APIError, APIUserAbortError } from "openai/error";
import { ABORTED_MESSAGE } from "../../utils/failed-stream.js";
import type { OpenAIResponseCapture } from "./openai-client.js";
import { describeRetryDelay, parseRetryAfterHeaders } from "./retry-delay.js";

/** Longest vendor body kept in an error message, in characters. */
const MAX_BODY_CHARS = 2000;

/** A failure turned into the text the final message carries. */
export interface FormattedOpenAIError {
	message: string;
	aborted: boolean;
}

/** What the formatter needs besides the thrown value. */
export interface OpenAIErrorContext {
	signal?: AbortSignal;
	capture?: OpenAIResponseCapture;
	/** Longest acceptable server-requested retry delay; default 60000, 0 = no cap (ai.md §9). */
	maxRetryDelayMs?: number;
	/**
	 * Names the API in HTTP errors that carry a body, pi 1.4's wording for some APIs:
	 * `<prefix> (<status>): <the vendor's error object as JSON, or the raw body>`.
	 */
	httpErrorPrefix?: string;
}

/**
 * Formats anything the `openai` SDK (or the stream loop) threw into an `errorMessage` that keeps
 * the HTTP status and the vendor's own text (ai.md §9): `429 Rate limit reached…`, or exactly the
 * SDK's `400 status code (no body)` when the body really was empty, so overflow detection matches.
 */
export function formatOpenAIError(error: unknown, context: OpenAIErrorContext = {}): FormattedOpenAIError {
	if (context.signal?.aborted || error instanceof APIUserAbortError) return { message: ABORTED_MESSAGE, aborted: true };
	if (error instanceof APIConnectionError) {
		return { message: withCause(error.message.replace(/\.$/, ""), error.cause), aborted: false };
	}
	if (error instanceof APIError) return { message: formatApiError(error, context), aborted: false };
	if (error instanceof SyntaxError)
		return { message: `Invalid JSON in response stream: ${error.message}`, aborted: false };
	if (error instanceof Error) return { message: withCause(error.message, error.cause), aborted: false };
	return { message: typeof error === "string" ? error : JSON.stringify(error), aborted: false };
}

function formatApiError(error: APIError, context: OpenAIErrorContext): string {
	const status = error.status;
	let message = error.message;
	const detail: unknown = error.error;
	const prefixed = context.httpErrorPrefix && status !== undefined ? prefixedBody(error, context) : undefined;
	if (prefixed !== undefined) {
		message = `${context.httpErrorPrefix} (${status}): ${prefixed}`;
	} else if (status !== undefined) {
		const body = context.capture?.errorBody?.trim();
		if (message === `${status} status code (no body)` && body) message = `${status} ${vendorText(body)}`;
		// Servers like Ollama answer `{"error":"…"}`; the SDK would print the string JSON-quoted.
		if (typeof detail === "string") message = `${status} ${detail}`;
	}
	const raw = isRecord(detail) && isRecord(detail.metadata) ? detail.metadata.raw : undefined;
	// OpenRouter puts the upstream provider's own error text here.
	if (typeof raw === "string" && raw !== "") message += `\n${raw}`;
	// A server-requested wait (Retry-After) is stated, and flagged when above maxRetryDelayMs (ai.md §9).
	return message + describeRetryDelay(parseRetryAfterHeaders(error.headers), context.maxRetryDelayMs);
}

/**
 * The body a prefixed HTTP error shows: the SDK's parsed error object as JSON, else the raw body
 * (capped). Undefined without a body: the SDK's `<status> status code (no body)` stays, so
 * overflow detection still matches a bare 400/413.
 */
function prefixedBody(error: APIError, context: OpenAIErrorContext): string | undefined {
	const detail: unknown = error.error;
	if (isRecord(detail) && Object.keys(detail).length > 0) return JSON.stringify(detail);
	const body = context.capture?.errorBody?.trim();
	if (!body) return undefined;
	return body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS)}…` : body;
}

/** The readable part of an error body: a known message field, else the raw text (capped). */
export function vendorText(body: string): string {
	try {
		const parsed: unknown = JSON.parse(body);
		const text = pickMessage(parsed);
		if (text) return text;
	} catch {
		// Not JSON: the raw text is the vendor's message.
	}
	return body.length > MAX_BODY_CHARS ? `${body.slice(0, MAX_BODY_CHARS)}…` : body;
}

function pickMessage(value: unknown): string | undefined {
	if (typeof value === "string") return value;
	if (!isRecord(value)) return undefined;
	for (const key of ["error", "message", "detail", "msg"]) {
		const found = value[key];
		const text = typeof found === "string" ? found : pickMessage(found);
		if (text) return text;
	}
	return undefined;
}

function withCause(message: string, cause: unknown): string {
	const causeText = cause instanceof Error ? describeCause(cause) : undefined;
	return causeText && !message.includes(causeText) ? `${message}: ${causeText}` : message;
}

// undici reports a dropped socket as `TypeError: terminated` caused by `SocketError: other side closed`.
function describeCause(cause: Error): string {
	const inner = cause.cause instanceof Error ? cause.cause.message : undefined;
	return inner && inner !== cause.message ? `${cause.message} (${inner})` : cause.message;
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}
