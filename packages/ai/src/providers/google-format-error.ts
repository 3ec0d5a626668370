import { describeRetryDelay } from "./shared/retry-delay.js";

/** The `error` object of a Google API error body. */
interface GoogleErrorBody {
	code?: number;
	message?: string;
	status?: string;
	details?: unknown[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The `{"error":{…}}` JSON inside an `@google/genai` error message. The SDK puts the whole body in
 * the message (`{"error":…}` for HTTP errors, `got status: X. {"error":…}` for error chunks inside
 * a stream).
 */
function parseErrorBody(message: string): GoogleErrorBody | undefined {
	const start = message.indexOf("{");
	if (start < 0) return undefined;
	try {
		const parsed: unknown = JSON.parse(message.slice(start));
		const inner = isRecord(parsed) ? parsed.error : undefined;
		if (!isRecord(inner)) return undefined;
		return {
			code: typeof inner.code === "number" ? inner.code : undefined,
			message: typeof inner.message === "string" ? inner.message : undefined,
			status: typeof inner.status === "string" ? inner.status : undefined,
			details: Array.isArray(inner.details) ? inner.details : undefined,
		};
	} catch {
		return undefined;
	}
}

/** The delay from a `google.rpc.RetryInfo` detail (`"retryDelay": "34s"`), in ms. */
export function googleRetryDelayMs(details: unknown[] | undefined): number | undefined {
	for (const detail of details ?? []) {
		if (!isRecord(detail) || typeof detail["@type"] !== "string" || !detail["@type"].endsWith("google.rpc.RetryInfo")) {
			continue;
		}
		const match = typeof detail.retryDelay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay) : null;
		if (match) return Number.parseFloat(match[1]!) * 1000;
	}
	return undefined;
}

function describeCause(error: Error): string {
	const cause = error.cause;
	if (!(cause instanceof Error)) return error.message;
	const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : "";
	return `${error.message} (${cause.message}${inner})`;
}

/**
 * Turns anything `@google/genai` throws into an `errorMessage` that keeps the HTTP status and
 * Google's own text (ai.md §9): `429 RESOURCE_EXHAUSTED: …`, `400 INVALID_ARGUMENT: …`, or
 * `400 status code (no body)` for an empty body. A `RetryInfo` delay is appended (see
 * `describeRetryDelay`). Failed connections read `Connection error: <cause>`; a connection dropped
 * mid-stream keeps its cause (`terminated (other side closed)`); bad JSON says so.
 */
export function formatGoogleError(error: unknown, maxRetryDelayMs?: number): string {
	if (!(error instanceof Error)) return String(error);
	const status = (error as { status?: unknown }).status;
	const body = parseErrorBody(error.message);
	if (typeof status === "number" || body) {
		const code = typeof status === "number" ? status : body?.code;
		const text = body?.message;
		const vendor = text ? (body?.status ? `${body.status}: ${text}` : text) : undefined;
		const base = vendor ? `${code ?? ""} ${vendor}`.trim() : `${code ?? ""} status code (no body)`.trim();
		return base + describeRetryDelay(googleRetryDelayMs(body?.details), maxRetryDelayMs);
	}
	if (error instanceof SyntaxError) return `Invalid JSON in Gemini stream: ${error.message}`;
	const described = describeCause(error);
	return error.message === "fetch failed" ? `Connection error: ${described}` : described;
}
