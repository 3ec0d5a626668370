/** Default cap on a server-requested retry delay (ai.md §3.4 `maxRetryDelayMs`). */
export const DEFAULT_MAX_RETRY_DELAY_MS = 60_000;

/** Minimal view of response headers: a `Headers` object or anything with `get`. */
export interface HeaderReader {
	get(name: string): string | null;
}

/**
 * The delay a server asked for, in ms, from `retry-after-ms` (milliseconds) or `retry-after`
 * (seconds or an HTTP date). Undefined when absent or unparsable.
 */
export function parseRetryAfterHeaders(headers: HeaderReader | undefined, now = Date.now()): number | undefined {
	if (!headers) return undefined;
	const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
	if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
	const value = headers.get("retry-after");
	if (!value) return undefined;
	const seconds = Number.parseFloat(value);
	if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * A suffix for an error message that states the delay the server asked for (ai.md §9), or "" when
 * it asked for none. Vendor SDK retries are off (`maxRetries: 0`), so the request has already
 * failed; the suffix tells the retrying layer above how long the server wants it to wait, and
 * says so explicitly when that is longer than `maxRetryDelayMs` (0 = no cap; default 60000).
 */
export function describeRetryDelay(delayMs: number | undefined, maxRetryDelayMs = DEFAULT_MAX_RETRY_DELAY_MS): string {
	if (delayMs === undefined) return "";
	const seconds = Math.ceil(delayMs / 1000);
	if (maxRetryDelayMs > 0 && delayMs > maxRetryDelayMs) {
		return ` (server requested a retry delay of ${seconds}s, longer than maxRetryDelayMs ${maxRetryDelayMs}ms; not retrying)`;
	}
	return ` (server requested a retry delay of ${seconds}s)`;
}
