import type { UsageUpdate } from "./shared/assistant-message-builder.js";

/** Gemini `usageMetadata` counters this module reads. */
export interface GoogleUsageCounters {
	promptTokenCount?: number;
	cachedContentTokenCount?: number;
	candidatesTokenCount?: number;
	thoughtsTokenCount?: number;
	totalTokenCount?: number;
}

/**
 * Maps Gemini usage to ours (ai.md §2.4): `promptTokenCount` includes cached tokens, so
 * `input = promptTokenCount − cachedContentTokenCount` and `cacheRead = cachedContentTokenCount`;
 * `output = candidatesTokenCount + thoughtsTokenCount` (reasoning counts as output); Gemini has no
 * cache-write counter; `reasoning` is `thoughtsTokenCount` (0 when absent); `totalTokens` is Gemini's own total when reported.
 */
export function mapGoogleUsage(usage: GoogleUsageCounters): UsageUpdate {
	const cached = usage.cachedContentTokenCount ?? 0;
	return {
		input: Math.max(0, (usage.promptTokenCount ?? 0) - cached),
		output: (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0),
		cacheRead: cached,
		cacheWrite: 0,
		reasoning: usage.thoughtsTokenCount ?? 0,
		...(usage.totalTokenCount !== undefined ? { totalTokens: usage.totalTokenCount } : {}),
	};
}
