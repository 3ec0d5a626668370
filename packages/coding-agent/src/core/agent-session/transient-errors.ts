import { type AssistantMessage, isContextOverflow } from "@pi/ai";

const TRANSIENT_PATTERN =
	/overloaded|rate.?limit|too many requests|\b429\b|\b529\b|\b500\b|\b502\b|\b503\b|\b504\b|service.?unavailable|server.?error|internal.?error|connection.?(error|refused)|other side closed|fetch failed|upstream.?connect|reset before headers|terminated|retry delay/i;

/**
 * Exhausted quotas, budgets and billing limits: a 429 that waiting seconds does not fix (Gemini's
 * "You exceeded your current quota, please check your plan and billing details", OpenAI's
 * `insufficient_quota`, subscription usage limits). pi 1.4 does not retry these either.
 */
const EXHAUSTED_PATTERN =
	/insufficient_quota|quota exceeded|out of budget|billing|monthly usage limit reached|available balance|usage_limit_exceeded|UsageLimitError/i;

/**
 * True for an assistant error worth retrying automatically (configuration.md §3.3): the text
 * matches a transient pattern, and the error is neither a context overflow nor an exhausted quota.
 */
export function isTransientError(message: AssistantMessage, contextWindow?: number): boolean {
	if (message.stopReason !== "error" || !message.errorMessage) return false;
	if (isContextOverflow(message, contextWindow)) return false;
	if (EXHAUSTED_PATTERN.test(message.errorMessage)) return false;
	return TRANSIENT_PATTERN.test(message.errorMessage);
}

/** Exponential backoff: base, 2×base, 4×base … capped at `maxDelayMs`. `attempt` is 1-based. */
export function backoffDelay(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
	return Math.min(baseDelayMs * 2 ** (attempt - 1), maxDelayMs);
}
