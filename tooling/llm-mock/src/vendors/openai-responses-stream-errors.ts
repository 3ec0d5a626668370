// How an OpenAI Responses stream fails mid-way. Sources: the streaming reference (`response.failed`
// with the response's `error`; the `error` event, documented as `ResponseErrorEvent` in openai 6.30
// resources/responses/responses.d.ts: `{type:"error", code, message, param, sequence_number}`);
// recorded streams (vercel/ai packages/openai/src/responses/__fixtures__/openai-error.1.chunks.txt,
// a gpt-5-nano capture: `{"type":"error","sequence_number":2,"error":{"type":"insufficient_quota",
// "code":"insufficient_quota","message":…,"param":null}}` then `response.failed` whose
// `response.error` is `{code, message}`; openai-error-null-code.chunks.txt: `type` "server_error" with
// `code: null` and "An error occurred while processing the request."). The nested recorded shape
// makes the SDK's stream reader throw `APIError` (it throws on any event whose data has `error`);
// the documented flat shape reaches the caller as an event.
import { namedEvent } from "../internal/wire-plan.js";
import type { MockStreamError } from "../types.js";

/** Default wording of a bare `error` event (the recorded server_error text). */
const ERROR_EVENT_MESSAGE = "An error occurred while processing the request.";

/** Default wording of `response.failed`. */
const FAILED_MESSAGE = "An error occurred while processing your request.";

/** Builds the `response` object of `response.failed`: the in-progress response with this status and error. */
export type FailedResponse = (error: { code: string; message: string }) => Record<string, unknown>;

/**
 * The frames that end a failing stream, numbered from `sequence_number`: `response.failed`
 * (default), the recorded bare `error` event followed by `response.failed`, or the documented flat
 * `error` event alone.
 */
export function responsesStreamErrorFrames(
	sequence_number: number,
	streamError: MockStreamError,
	failedResponse: FailedResponse,
): string[] {
	const failed = (at: number, error: { code: string; message: string }): string =>
		namedEvent(
			"response.failed",
			JSON.stringify({ type: "response.failed", sequence_number: at, response: failedResponse(error) }),
		);
	const code = streamError.code ?? null;
	switch (streamError.responsesEvent ?? "response.failed") {
		case "response.failed":
			return [
				failed(sequence_number, {
					code: streamError.code ?? "server_error",
					message: streamError.message ?? FAILED_MESSAGE,
				}),
			];
		case "error": {
			const message = streamError.message ?? ERROR_EVENT_MESSAGE;
			const error = { type: code ?? "server_error", code, message, param: null };
			return [
				namedEvent("error", JSON.stringify({ type: "error", sequence_number, error })),
				failed(sequence_number + 1, { code: code ?? "server_error", message }),
			];
		}
		case "error-flat": {
			const message = streamError.message ?? ERROR_EVENT_MESSAGE;
			return [namedEvent("error", JSON.stringify({ type: "error", code, message, param: null, sequence_number }))];
		}
	}
}
