import type { CacheControlEphemeral, MessageParam } from "@anthropic-ai/sdk/resources/messages";
import type { StreamOptions } from "../types.js";

/**
 * The `cache_control` marker for a cache retention (ai.md §3.4, default "short"): none for "none",
 * the default 5-minute ephemeral cache for "short", and a 1-hour TTL for "long" on Anthropic's own
 * host (other hosts speaking this API may not know `ttl`, so they get the default).
 */
export function anthropicCacheControl(
	baseUrl: string,
	retention: StreamOptions["cacheRetention"] = "short",
): CacheControlEphemeral | undefined {
	if (retention === "none") return undefined;
	if (retention === "long" && baseUrl.includes("api.anthropic.com")) return { type: "ephemeral", ttl: "1h" };
	return { type: "ephemeral" };
}

/**
 * Marks the last block of the last user turn with `cache_control`, so the whole conversation so far
 * is cached as a prefix for the next request. Only block types that accept the marker are touched.
 */
export function markLastUserTurnForCaching(messages: MessageParam[], cacheControl: CacheControlEphemeral): void {
	const last = messages.at(-1);
	if (last?.role !== "user" || !Array.isArray(last.content)) return;
	const block = last.content.at(-1);
	if (block?.type === "text" || block?.type === "image" || block?.type === "tool_result") {
		block.cache_control = cacheControl;
	}
}
