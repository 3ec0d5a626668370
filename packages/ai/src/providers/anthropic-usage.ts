import type { UsageUpdate } from "./shared/assistant-message-builder.js";

/** Anthropic usage counters as `message_start` and `message_delta` carry them (nullable in deltas). */
export interface AnthropicUsageCounters {
	input_tokens?: number | null;
	output_tokens?: number | null;
	cache_read_input_tokens?: number | null;
	cache_creation_input_tokens?: number | null;
}

/**
 * Maps Anthropic usage to ours (ai.md §2.4): `input_tokens` is already uncached input, cache reads
 * and writes come separately. Counters the event leaves out or sets to null are not touched, so a
 * `message_delta` that only reports output keeps the input counts from `message_start`. Anthropic
 * reports no total; the builder sums the four.
 */
export function mapAnthropicUsage(usage: AnthropicUsageCounters): UsageUpdate {
	const update: UsageUpdate = {};
	if (typeof usage.input_tokens === "number") update.input = usage.input_tokens;
	if (typeof usage.output_tokens === "number") update.output = usage.output_tokens;
	if (typeof usage.cache_read_input_tokens === "number") update.cacheRead = usage.cache_read_input_tokens;
	if (typeof usage.cache_creation_input_tokens === "number") update.cacheWrite = usage.cache_creation_input_tokens;
	return update;
}
