// OpenAI error shapes, shared by Chat Completions and Responses. Sources:
// https://platform.openai.com/docs/guides/error-codes (status → meaning, wording of 401/429/500/503),
// the SDK's `APIError` (openai 6.30 core/error: body `{"error":{"message","type","param","code"}}`,
// `x-request-id` header; `retry-after-ms` is read before `retry-after`). Overflow wording: Chat
// Completions "This model's maximum context length is …", Responses "Your input exceeds the context
// window of this model…", both with code `context_length_exceeded`.
import { emptyPlan, jsonPlan, type WirePlan } from "../internal/wire-plan.js";
import type { MockError } from "../types.js";
import type { RenderContext } from "./vendor-renderer.js";

interface OpenAIErrorBody {
	message: string;
	type: string;
	param: string | null;
	code: string | null;
}

/** An API's own context-overflow error: its wording and the request field it blames. */
export interface OpenAIOverflow {
	message: string;
	param: string;
}

/** Chat Completions overflow; spec ai.md §9 matches "maximum context length is \d+ tokens". */
export const OPENAI_COMPLETIONS_OVERFLOW: OpenAIOverflow = {
	message:
		"This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages.",
	param: "messages",
};

/** Responses overflow; spec ai.md §9 matches "exceeds the context window". */
export const OPENAI_RESPONSES_OVERFLOW: OpenAIOverflow = {
	message: "Your input exceeds the context window of this model. Please adjust your input and try again.",
	param: "input",
};

function defaultError(status: number, model: string): OpenAIErrorBody {
	switch (status) {
		case 401:
			return body(
				"Incorrect API key provided: sk-mock. You can find your API key at https://platform.openai.com/account/api-keys.",
				"invalid_request_error",
				"invalid_api_key",
			);
		case 403:
			return body(
				"Country, region, or territory not supported",
				"request_forbidden",
				"unsupported_country_region_territory",
			);
		case 404:
			return body(
				`The model \`${model}\` does not exist or you do not have access to it.`,
				"invalid_request_error",
				"model_not_found",
			);
		case 413:
			return body("Request too large.", "invalid_request_error", "request_too_large");
		case 429:
			return body(
				`Rate limit reached for ${model} in organization org-llmmock on tokens per min (TPM): Limit 30000, Used 30000, Requested 1000. Please try again in 2s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
				"tokens",
				"rate_limit_exceeded",
			);
		case 500:
			return body("The server had an error while processing your request. Sorry about that!", "server_error", null);
		case 503:
			return body("The engine is currently overloaded, please try again later.", "server_error", null);
		default:
			return status >= 500
				? body("The server is overloaded or not ready yet.", "server_error", null)
				: body("Invalid request.", "invalid_request_error", null);
	}
}

function body(message: string, type: string, code: string | null): OpenAIErrorBody {
	return { message, type, param: null, code };
}

/** A fresh `x-request-id` value (`req_` + 32 hex digits). */
export function openaiRequestId(context: RenderContext): string {
	return context.ids.hex("req_", 32);
}

/**
 * HTTP error for either OpenAI API (body pretty-printed with 4 spaces, as the API sends it).
 * `kind: "invalid_api_key"` is the 401 `invalid_api_key` body ("Incorrect API key provided…").
 */
export function renderOpenAIError(
	error: MockError,
	context: RenderContext,
	model: string,
	overflow: OpenAIOverflow,
): WirePlan {
	const status = error.status ?? 401;
	const headers: Record<string, string> = { "x-request-id": openaiRequestId(context) };
	if (error.retryAfterSeconds !== undefined) {
		headers["retry-after"] = String(error.retryAfterSeconds);
		headers["retry-after-ms"] = String(Math.round(error.retryAfterSeconds * 1000));
	}
	if (status === 429) {
		headers["x-ratelimit-limit-tokens"] = "30000";
		headers["x-ratelimit-remaining-tokens"] = "0";
		headers["x-ratelimit-reset-tokens"] = `${error.retryAfterSeconds ?? 2}s`;
	}
	if (error.noBody) return emptyPlan(status, headers);
	const errorBody = error.overflow
		? {
				message: overflow.message,
				type: "invalid_request_error",
				param: overflow.param,
				code: "context_length_exceeded",
			}
		: {
				...defaultError(error.kind === "invalid_api_key" ? 401 : status, model),
				...(error.message === undefined ? {} : { message: error.message }),
			};
	headers["content-type"] = "application/json; charset=utf-8";
	return jsonPlan(status, headers, `${JSON.stringify({ error: errorBody }, null, 4)}\n`);
}
