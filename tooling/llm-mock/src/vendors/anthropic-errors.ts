// Anthropic error shapes. Source: https://docs.claude.com/en/api/errors ("HTTP errors", "Error
// shapes": `{"type":"error","error":{"type","message"},"request_id"}`, status → error type table,
// `request-id` header on every response). The overflow wording is what the API returns for a
// prompt above the context window ("prompt is too long: N tokens > M maximum"). A bad key is 401
// `authentication_error` "invalid x-api-key" (the errors page's example body).
import { emptyPlan, jsonPlan, namedEvent, type WirePlan } from "../internal/wire-plan.js";
import type { MockError } from "../types.js";
import { ANTHROPIC_DEFAULT_RETRY_AFTER_SECONDS, anthropicRateLimitHeaders } from "./anthropic-rate-limit-headers.js";
import type { RenderContext } from "./vendor-renderer.js";

const ERROR_TYPES: Record<number, string> = {
	400: "invalid_request_error",
	401: "authentication_error",
	403: "permission_error",
	404: "not_found_error",
	413: "request_too_large",
	429: "rate_limit_error",
	500: "api_error",
	529: "overloaded_error",
};

const DEFAULT_MESSAGES: Record<string, string> = {
	invalid_request_error: "Invalid request",
	authentication_error: "invalid x-api-key",
	permission_error: "Your API key does not have permission to use the specified resource.",
	not_found_error: "Not found",
	request_too_large: "Request exceeds the maximum allowed number of bytes.",
	rate_limit_error:
		"This request would exceed the rate limit for your organization of 50,000 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.",
	api_error: "Internal server error",
	overloaded_error: "Overloaded",
};

/** The overflow message; spec ai.md §9 matches "prompt is too long". */
export const ANTHROPIC_OVERFLOW_MESSAGE = "prompt is too long: 210000 tokens > 200000 maximum";

/** A fresh `request-id` value (`req_011C…`, 24 characters after the prefix). */
export function anthropicRequestId(context: RenderContext): string {
	return context.ids.alphanumeric("req_011C", 20);
}

/**
 * HTTP error response: JSON body and `request-id`; a 429 always carries `retry-after` and the
 * `anthropic-ratelimit-*` headers. `kind: "invalid_api_key"` is the 401 `authentication_error`.
 */
export function renderAnthropicError(error: MockError, context: RenderContext): WirePlan {
	const status = error.status ?? 401;
	const requestId = anthropicRequestId(context);
	const headers: Record<string, string> = { "request-id": requestId };
	if (status === 429) {
		const retryAfter = error.retryAfterSeconds ?? ANTHROPIC_DEFAULT_RETRY_AFTER_SECONDS;
		Object.assign(headers, anthropicRateLimitHeaders(context.now, retryAfter));
	} else if (error.retryAfterSeconds !== undefined) {
		headers["retry-after"] = String(error.retryAfterSeconds);
	}
	if (error.noBody) return emptyPlan(status, headers);
	const type = errorType(error, status);
	const message = error.overflow ? ANTHROPIC_OVERFLOW_MESSAGE : (error.message ?? DEFAULT_MESSAGES[type] ?? "Error");
	headers["content-type"] = "application/json";
	return jsonPlan(status, headers, JSON.stringify({ type: "error", error: { type, message }, request_id: requestId }));
}

function errorType(error: MockError, status: number): string {
	if (error.overflow) return "invalid_request_error";
	if (error.kind === "invalid_api_key") return "authentication_error";
	return ERROR_TYPES[status] ?? fallbackType(status);
}

/** `event: error` inside a 200 stream, as the API sends when it overloads mid-response. */
export function renderAnthropicStreamError(message: string | undefined, context: RenderContext): string {
	const body = {
		type: "error",
		error: { type: "overloaded_error", message: message ?? "Overloaded" },
		request_id: anthropicRequestId(context),
	};
	return namedEvent("error", JSON.stringify(body));
}

function fallbackType(status: number): string {
	return status >= 500 ? "api_error" : "invalid_request_error";
}
