import { describeRetryDelay, type HeaderReader, parseRetryAfterHeaders } from "./shared/retry-delay.js";

/** The fields of an `@anthropic-ai/sdk` error this module reads (duck-typed: the SDK loads lazily). */
interface AnthropicErrorLike {
	message?: unknown;
	status?: unknown;
	headers?: unknown;
	error?: unknown;
	cause?: unknown;
	name?: unknown;
}

function isHeaderReader(value: unknown): value is HeaderReader {
	return value !== null && typeof value === "object" && typeof (value as { get?: unknown }).get === "function";
}

/** `{ type, message }` from an Anthropic error body `{"type":"error","error":{…}}`. */
function vendorError(body: unknown): { type?: string; message?: string } {
	if (body === null || typeof body !== "object") return {};
	const inner = (body as { error?: unknown }).error;
	if (inner === null || typeof inner !== "object") return {};
	const { type, message } = inner as { type?: unknown; message?: unknown };
	return {
		type: typeof type === "string" ? type : undefined,
		message: typeof message === "string" ? message : undefined,
	};
}

function causeText(cause: unknown): string {
	if (cause instanceof Error) {
		const nested = (cause as { cause?: unknown }).cause;
		return nested instanceof Error ? `${cause.message} (${nested.message})` : cause.message;
	}
	return cause === undefined ? "" : String(cause);
}

/**
 * Turns anything the Anthropic SDK throws into an `errorMessage` that keeps the HTTP status and the
 * vendor's own text (ai.md §9): `429 rate_limit_error: …`, `529 overloaded_error: Overloaded`,
 * `400 status code (no body)`. An error event inside a 200 stream has no status:
 * `overloaded_error: Overloaded`. A server-requested retry delay is appended (see
 * `describeRetryDelay`). Failed connections read `Connection error: <cause>`; a connection dropped
 * mid-stream keeps its cause (`terminated (other side closed)`); bad JSON says so.
 */
export function formatAnthropicError(error: unknown, maxRetryDelayMs?: number): string {
	if (error === null || typeof error !== "object") return String(error);
	const like = error as AnthropicErrorLike;
	const fallback = typeof like.message === "string" && like.message !== "" ? like.message : String(error);
	const status = typeof like.status === "number" ? like.status : undefined;
	const { type, message } = vendorError(like.error);
	const vendorText = type && message ? `${type}: ${message}` : (message ?? type);
	if (status !== undefined) {
		const base = vendorText ? `${status} ${vendorText}` : fallback;
		const delay = parseRetryAfterHeaders(isHeaderReader(like.headers) ? like.headers : undefined);
		return base + describeRetryDelay(delay, maxRetryDelayMs);
	}
	if (vendorText) return vendorText;
	if (like.name === "APIConnectionError" || like.name === "APIConnectionTimeoutError") {
		const cause = causeText(like.cause);
		return cause ? `${fallback.replace(/\.$/, "")}: ${cause}` : fallback;
	}
	if (error instanceof SyntaxError) return `Invalid JSON in Anthropic stream: ${error.message}`;
	// undici reports a dropped socket as `terminated` caused by `other side closed`.
	const cause = causeText(like.cause);
	return cause && !fallback.includes(cause) ? `${fallback} (${cause})` : fallback;
}
