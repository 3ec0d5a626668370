import { ABORTED_MESSAGE } from "../utils/failed-stream.js";
import { describeRetryDelay } from "./shared/retry-delay.js";

interface ServiceErrorShape {
	name: string;
	message: string;
	$metadata?: { httpStatusCode?: number };
	$response?: { headers?: Record<string, string> };
	$retryable?: { throttling?: boolean };
}

/** HTTP status of the Bedrock exceptions that can arrive inside a stream (no HTTP status of their own). */
const IN_STREAM_STATUS: Record<string, number> = {
	ThrottlingException: 429,
	throttlingException: 429,
	InternalServerException: 500,
	internalServerException: 500,
	ServiceUnavailableException: 503,
	serviceUnavailableException: 503,
	ModelStreamErrorException: 424,
	modelStreamErrorException: 424,
	ValidationException: 400,
	validationException: 400,
};

/**
 * The `errorMessage` for anything the AWS SDK threw: `<status> <ExceptionName>: <message>` (the
 * status from the response, or the exception's documented status for in-stream exceptions), with a
 * Retry-After stated; aborts give the aborted message.
 */
export function formatBedrockError(error: unknown, maxRetryDelayMs: number | undefined): string {
	if (!(error instanceof Error)) return String(error);
	if (error.name === "AbortError") return ABORTED_MESSAGE;
	const service = error as Error & Partial<ServiceErrorShape>;
	const status = service.$metadata?.httpStatusCode ?? IN_STREAM_STATUS[error.name];
	if (status === undefined && !service.$metadata) {
		const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
		return `${error.message}${cause}`;
	}
	const bodyless = error.message === "" || error.message === "UnknownError" || error.name === "Unknown";
	if (bodyless && status !== undefined) return `${status} status code (no body)`;
	const retryAfter = Number(service.$response?.headers?.["retry-after"]);
	const delay = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined;
	const name = error.name && error.name !== "Error" ? `${error.name}: ` : "";
	return `${status ?? ""} ${name}${error.message}`.trim() + describeRetryDelay(delay, maxRetryDelayMs);
}
