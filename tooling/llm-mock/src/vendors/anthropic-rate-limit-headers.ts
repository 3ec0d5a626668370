// Anthropic rate-limit response headers. Sources: https://docs.claude.com/en/api/rate-limits ("If you
// exceed any of the rate limits you will get a 429 error describing which rate limit was exceeded,
// along with a retry-after header indicating how long to wait"; the "Response headers" table:
// `retry-after` in seconds and `anthropic-ratelimit-{requests,tokens,input-tokens,output-tokens}-
// {limit,remaining,reset}`, token counts rounded to the nearest thousand, resets in RFC 3339, the
// `tokens-*` family the sum of input and output); recorded Messages response headers (quoted in
// vercel/ai examples: every value an integer string, resets to the second such as
// `2025-02-24T22:25:32Z`, `anthropic-ratelimit-tokens-limit` = input limit + output limit, the
// tokens reset equal to the input-tokens reset).

/** `retry-after` of a 429 whose script gives no `retryAfterSeconds` (the real API always sends one). */
export const ANTHROPIC_DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The limits the default 429 message names ("50,000 input tokens per minute"), and plausible others. */
const LIMITS = { requests: 50, inputTokens: 50_000, outputTokens: 10_000 } as const;

/** RFC 3339 to the second, as the API writes resets (`toISOString` would add milliseconds). */
function rfc3339(unixSeconds: number): string {
	return new Date(Math.floor(unixSeconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * Headers of a 429 for exhausted input tokens (what the default message says): `retry-after`, then
 * each limit family with the input family at 0 remaining until `now + retryAfterSeconds`.
 */
export function anthropicRateLimitHeaders(now: number, retryAfterSeconds: number): Record<string, string> {
	const exhaustedUntil = rfc3339(now + retryAfterSeconds);
	const outputRemaining = LIMITS.outputTokens;
	return {
		"retry-after": String(retryAfterSeconds),
		"anthropic-ratelimit-requests-limit": String(LIMITS.requests),
		"anthropic-ratelimit-requests-remaining": String(LIMITS.requests - 1),
		"anthropic-ratelimit-requests-reset": rfc3339(now + 1),
		"anthropic-ratelimit-tokens-limit": String(LIMITS.inputTokens + LIMITS.outputTokens),
		"anthropic-ratelimit-tokens-remaining": String(outputRemaining),
		"anthropic-ratelimit-tokens-reset": exhaustedUntil,
		"anthropic-ratelimit-input-tokens-limit": String(LIMITS.inputTokens),
		"anthropic-ratelimit-input-tokens-remaining": "0",
		"anthropic-ratelimit-input-tokens-reset": exhaustedUntil,
		"anthropic-ratelimit-output-tokens-limit": String(LIMITS.outputTokens),
		"anthropic-ratelimit-output-tokens-remaining": String(outputRemaining),
		"anthropic-ratelimit-output-tokens-reset": rfc3339(now),
	};
}
