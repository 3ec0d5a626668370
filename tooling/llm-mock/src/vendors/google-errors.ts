// Gemini API error shapes. Sources: https://ai.google.dev/gemini-api/docs/troubleshooting (status
// table: 400 INVALID_ARGUMENT, 403 PERMISSION_DENIED, 404 NOT_FOUND, 429 RESOURCE_EXHAUSTED,
// 500 INTERNAL, 503 UNAVAILABLE) and https://cloud.google.com/apis/design/errors (body
// `{"error":{"code","message","status","details"}}`, `google.rpc.RetryInfo` with `retryDelay`).
// The @google/genai SDK reads the body as JSON when content-type contains application/json and
// also checks every stream chunk for a top-level `error` object (throwIfStreamErrorChunk).
// A bad API key is not a 401 on the Gemini API but 400 INVALID_ARGUMENT with an ErrorInfo detail
// (reason API_KEY_INVALID, domain googleapis.com, metadata.service generativelanguage.googleapis.com)
// and a LocalizedMessage detail, as real responses quoted in continuedev/continue#8516 and
// google/timesketch#3703 show; 401 UNAUTHENTICATED is what a bad OAuth token gets.
import { emptyPlan, jsonPlan, type WirePlan } from "../internal/wire-plan.js";
import type { MockError } from "../types.js";
import { googleDataEvent, toGooglePrettyJson } from "./google-json.js";

/** Overflow message; spec ai.md §9 matches "input token count.*exceeds the maximum". */
export const GOOGLE_OVERFLOW_MESSAGE =
	"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).";

function defaultError(status: number, model: string): { status: string; message: string } {
	switch (status) {
		case 400:
			return { status: "INVALID_ARGUMENT", message: "Request contains an invalid argument." };
		case 401:
			return {
				status: "UNAUTHENTICATED",
				message:
					"Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.",
			};
		case 403:
			return { status: "PERMISSION_DENIED", message: "The caller does not have permission" };
		case 404:
			return {
				status: "NOT_FOUND",
				message: `models/${model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.`,
			};
		case 413:
			return { status: "INVALID_ARGUMENT", message: "Request payload size exceeds the limit: 20971520 bytes." };
		case 429:
			return {
				status: "RESOURCE_EXHAUSTED",
				message:
					"You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.",
			};
		case 500:
			return {
				status: "INTERNAL",
				message:
					"An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting",
			};
		case 503:
			return { status: "UNAVAILABLE", message: "The model is overloaded. Please try again later." };
		default:
			return status >= 500
				? { status: "UNAVAILABLE", message: "The model is overloaded. Please try again later." }
				: { status: "INVALID_ARGUMENT", message: "Request contains an invalid argument." };
	}
}

/** The Gemini API's answer to a key that is not valid. */
export const GOOGLE_INVALID_API_KEY_MESSAGE = "API key not valid. Please pass a valid API key.";

/**
 * HTTP error: pretty JSON body, `RetryInfo` detail when a delay is given. `kind: "invalid_api_key"`
 * is the 400 `INVALID_ARGUMENT` body with `ErrorInfo` reason `API_KEY_INVALID`.
 */
export function renderGoogleError(error: MockError, model: string): WirePlan {
	const badKey = error.kind === "invalid_api_key";
	const status = error.status ?? 400;
	const headers: Record<string, string> = { vary: "Origin, X-Origin, Referer", server: "scaffolding on HTTPServer2" };
	if (error.noBody) return emptyPlan(status, headers);
	const fallback = badKey
		? { status: "INVALID_ARGUMENT", message: GOOGLE_INVALID_API_KEY_MESSAGE }
		: defaultError(status, model);
	const message = error.overflow ? GOOGLE_OVERFLOW_MESSAGE : (error.message ?? fallback.message);
	const body: Record<string, unknown> = {
		code: status,
		message,
		status: error.overflow ? "INVALID_ARGUMENT" : fallback.status,
	};
	const details: Record<string, unknown>[] = badKey ? invalidKeyDetails(message) : [];
	if (error.retryAfterSeconds !== undefined) {
		details.push({ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${error.retryAfterSeconds}s` });
	}
	if (details.length > 0) body.details = details;
	headers["content-type"] = "application/json; charset=UTF-8";
	return jsonPlan(status, headers, toGooglePrettyJson({ error: body }));
}

function invalidKeyDetails(message: string): Record<string, unknown>[] {
	return [
		{
			"@type": "type.googleapis.com/google.rpc.ErrorInfo",
			reason: "API_KEY_INVALID",
			domain: "googleapis.com",
			metadata: { service: "generativelanguage.googleapis.com" },
		},
		{ "@type": "type.googleapis.com/google.rpc.LocalizedMessage", locale: "en-US", message },
	];
}

/** An error object as a stream event: the SDK throws `ApiError` when a chunk holds `error`. */
export function renderGoogleStreamError(message: string | undefined): string {
	return googleDataEvent({
		error: { code: 503, message: message ?? "The model is overloaded. Please try again later.", status: "UNAVAILABLE" },
	});
}
