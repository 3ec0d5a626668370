import { ABORTED_MESSAGE } from "../utils/failed-stream.js";
import { vendorText } from "./shared/openai-error.js";
import { describeRetryDelay, parseRetryAfterHeaders } from "./shared/retry-delay.js";

interface HttpErrorShape {
	statusCode: number;
	body: string;
	headers?: Headers;
}

function isHttpError(error: unknown): error is Error & HttpErrorShape {
	return (
		error instanceof Error &&
		typeof (error as Partial<HttpErrorShape>).statusCode === "number" &&
		typeof (error as Partial<HttpErrorShape>).body === "string"
	);
}

/**
 * The `errorMessage` for anything the Mistral SDK threw: `<status> <Mistral's message>` for HTTP
 * errors (with any Retry-After stated), the cause for connection failures, else the message.
 */
export function formatMistralError(error: unknown, maxRetryDelayMs: number | undefined): string {
	if (error instanceof Error && (error.name === "AbortError" || error.name === "RequestAbortedError"))
		return ABORTED_MESSAGE;
	if (isHttpError(error)) {
		// Same wording as the openai SDK for an empty body, so overflow detection matches a bare 400.
		if (error.body.trim() === "") return `${error.statusCode} status code (no body)`;
		const text = vendorText(error.body) || error.message;
		return `${error.statusCode} ${text}${describeRetryDelay(parseRetryAfterHeaders(error.headers), maxRetryDelayMs)}`;
	}
	if (error instanceof Error) {
		const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
		return `${error.message}${cause}`;
	}
	return String(error);
}
