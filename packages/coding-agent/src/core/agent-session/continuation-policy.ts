import type { AgentMessage } from "@pi/agent-core";
import { type AssistantMessage, contextTokens, isContextOverflow, type Model } from "@pi/ai";
import { estimateContextTokens } from "../compaction/token-estimate.js";
import type { CompactionSettings, RetrySettings } from "../config/settings-types.js";
import type { SessionEntry } from "../session/session-types.js";
import { backoffDelay } from "./transient-errors.js";

/** The latest assistant reply of a context, if any. */
export function lastAssistant(messages: readonly AgentMessage[]): AssistantMessage | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		if (message.role === "assistant") return message;
	}
	return undefined;
}

/** A context overflow of the current model (compaction.md §3: provider and id must match). */
export function isOverflowOf(message: AssistantMessage, model: Model | undefined): boolean {
	if (!model || message.provider !== model.provider || message.model !== model.id) return false;
	return isContextOverflow(message, model.contextWindow);
}

/** `tokens > contextWindow − reserveTokens` (compaction.md §3 threshold). */
export function exceedsThreshold(tokens: number, model: Model | undefined, settings: CompactionSettings): boolean {
	// A context window of 0 means unknown (a virtual model that declares none): never compact on it.
	if (!model || tokens <= 0 || model.contextWindow <= 0) return false;
	return tokens > model.contextWindow - settings.reserveTokens;
}

/** Context size for the threshold check: real usage, or an estimate for an error reply. */
export function thresholdTokens(last: AssistantMessage, messages: readonly AgentMessage[]): number {
	return last.stopReason === "error" ? estimateContextTokens(messages) : contextTokens(last.usage);
}

/** The reply's usage describes the context before the newest compaction of the branch. */
export function isOlderThanLatestCompaction(message: AssistantMessage, branch: readonly SessionEntry[]): boolean {
	for (let i = branch.length - 1; i >= 0; i--) {
		const entry = branch[i]!;
		if (entry.type === "compaction") return message.timestamp <= Date.parse(entry.timestamp);
	}
	return false;
}

const SERVER_DELAY_PATTERN = /server requested a retry delay of (\d+(?:\.\d+)?)s/i;

/**
 * The wait before retry `attempt`: the delay the server asked for (`retry-after` /
 * `retry-after-ms`, which the providers state in the error text), else exponential backoff; both
 * capped at `maxAgentDelayMs` (configuration.md §3.3).
 */
export function retryDelayFor(errorMessage: string, attempt: number, settings: RetrySettings): number {
	const requested = SERVER_DELAY_PATTERN.exec(errorMessage);
	if (requested) return Math.min(Math.round(Number.parseFloat(requested[1]!) * 1000), settings.maxAgentDelayMs);
	return backoffDelay(attempt, settings.baseDelayMs, settings.maxAgentDelayMs);
}

export const OVERFLOW_GIVE_UP_MESSAGE =
	"Context overflow recovery failed after one compact-and-retry attempt. Use a smaller context (start a new session or /compact with focus) or a model with a larger context window.";
