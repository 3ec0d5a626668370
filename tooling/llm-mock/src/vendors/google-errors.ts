// Gemini API error shapes. Sources: https://ai.google.dev/gemini-api/docs/troubleshooting (status
// table: 400 INVALID_ARGUMENT, 403 PERMISSION_DENIED, 404 NOT_FOUND, 429 RESOURCE_EXHAUSTED,
// 500 INTERNAL, 503 UNAVAILABLE) and https://cloud.google.com/apis/design/errors (body
// `{"error":{"code","message","status","details"}}`, `google.rpc.RetryInfo` with `retryDelay`).
// The @google/genai SDK reads the body as JSON when content-type contains application/json and
// also checks every stream chunk for a top-level `error` object (throwIfStreamErrorChunk).
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

/** HTTP error: pretty JSON body, `RetryInfo` detail when a delay is given. */
export function renderGoogleError(error: MockError, model: string): WirePlan {
	const headers: Record<string, string> = { vary: "Origin, X-Origin, Referer", server: "scaffolding on HTTPServer2" };
	if (error.noBody) return emptyPlan(error.status, headers);
	const fallback = defaultError(error.status, model);
	const body: Record<string, unknown> = {
		code: error.status,
		message: error.overflow ? GOOGLE_OVERFLOW_MESSAGE : (error.message ?? fallback.message),
		status: error.overflow ? "INVALID_ARGUMENT" : fallback.status,
	};
	if (error.retryAfterSeconds !== undefined) {
		body.details = [{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: `${error.retryAfterSeconds}s` }];
	}
	headers["content-type"] = "application/json; charset=UTF-8";
	return jsonPlan(error.status, headers, toGooglePrettyJson({ error: body }));
}

/** An error object as a stream event: the SDK throws `ApiError` when a chunk holds `error`. */
export function renderGoogleStreamError(message: string | undefined): string {
	return googleDataEvent({
		error: { code: 503, message: message ?? "The model is overloaded. Please try again later.", status: "UNAVAILABLE" },
	});
}
