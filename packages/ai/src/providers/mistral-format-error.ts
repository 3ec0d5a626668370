import { ABORTED_MESSAGE } from "../utils/failed-stream.js";
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

/** Longest Mistral error body kept in a message, in characters (as pi 1.4). */
const MAX_BODY_CHARS = 4000;

/**
 * The `errorMessage` for anything the Mistral SDK threw: `Mistral API error (<status>): <body>`
 * for HTTP errors, pi 1.4's wording (the body as Mistral sent it, capped; any Retry-After stated),
 * the cause for connection failures, else the message.
 */
export function formatMistralError(error: unknown, maxRetryDelayMs: number | undefined): string {
	if (error instanceof Error && (error.name === "AbortError" || error.name === "RequestAbortedError"))
		return ABORTED_MESSAGE;
	if (isHttpError(error)) {
		// Same wording as the openai SDK for an empty body, so overflow detection matches a bare 400.
		if (error.body.trim() === "") return `${error.statusCode} status code (no body)`;
		const body = error.body.trim();
		const text =
			body.length > MAX_BODY_CHARS
				? `${body.slice(0, MAX_BODY_CHARS)}... [truncated ${body.length - MAX_BODY_CHARS} chars]`
				: body;
		const delay = describeRetryDelay(parseRetryAfterHeaders(error.headers), maxRetryDelayMs);
		return `Mistral API error (${error.statusCode}): ${text}${delay}`;
	}
	if (error instanceof Error) {
		const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
		return `${error.message}${cause}`;
	}
	return String(error);
}
