import type { AgentMessage } from "@pi/agent-core";
import type { Model, Usage } from "@pi/ai";
import { estimateContextTokens } from "../compaction/token-estimate.js";
import type { SessionEntry } from "../session/session-types.js";

/** Context window usage; tokens and percent are null right after a compaction (rpc.md §9.9.1). */
export interface ContextUsage {
	tokens: number | null;
	contextWindow: number;
	percent: number | null;
}

/** `get_session_stats` data (rpc.md §9.9.1). */
export interface SessionStats {
	sessionFile?: string;
	sessionId: string;
	userMessages: number;
	assistantMessages: number;
	toolCalls: number;
	toolResults: number;
	totalMessages: number;
	tokens: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
	cost: number;
	contextUsage?: ContextUsage;
}

function usageOf(entry: SessionEntry): Usage | undefined {
	if (entry.type === "message") {
		const message = entry.message;
		if (message.role === "assistant") return message.usage;
		if (message.role === "toolResult") return message.usage;
		return undefined;
	}
	if (entry.type === "compaction" || entry.type === "branch_summary" || entry.type === "usage") return entry.usage;
	return undefined;
}

/** Token and cost totals over every entry of the session (all branches, summaries included). */
export function sumSessionUsage(entries: readonly SessionEntry[]): { tokens: SessionStats["tokens"]; cost: number } {
	const tokens = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 };
	let cost = 0;
	for (const entry of entries) {
		const usage = usageOf(entry);
		if (!usage) continue;
		tokens.input += usage.input;
		tokens.output += usage.output;
		tokens.cacheRead += usage.cacheRead;
		tokens.cacheWrite += usage.cacheWrite;
		tokens.total += usage.totalTokens || usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
		cost += usage.cost.total;
	}
	return { tokens, cost };
}

/** Message counts of the current context. */
export function countMessages(
	messages: readonly AgentMessage[],
): Pick<SessionStats, "userMessages" | "assistantMessages" | "toolCalls" | "toolResults" | "totalMessages"> {
	let userMessages = 0;
	let assistantMessages = 0;
	let toolCalls = 0;
	let toolResults = 0;
	for (const message of messages) {
		if (message.role === "user") userMessages++;
		else if (message.role === "assistant") {
			assistantMessages++;
			toolCalls += message.content.filter((block) => block.type === "toolCall").length;
		} else if (message.role === "toolResult") toolResults++;
	}
	return { userMessages, assistantMessages, toolCalls, toolResults, totalMessages: messages.length };
}

/** Context usage for a model, or undefined without a model or a known window. */
export function contextUsageFor(model: Model | undefined, tokens: number | null): ContextUsage | undefined {
	if (!model?.contextWindow) return undefined;
	return {
		tokens,
		contextWindow: model.contextWindow,
		percent: tokens === null ? null : (tokens / model.contextWindow) * 100,
	};
}

/** Text of the latest assistant reply (aborted empty ones skipped), trimmed; undefined when none or empty. */
export function lastAssistantText(messages: readonly AgentMessage[]): string | undefined {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		if (message.role !== "assistant") continue;
		if (message.stopReason === "aborted" && message.content.length === 0) continue;
		const text = message.content
			.flatMap((block) => (block.type === "text" ? [block.text] : []))
			.join("")
			.trim();
		return text || undefined;
	}
	return undefined;
}

/**
 * Whether the context size is unknown: the branch's newest compaction is newer than its last
 * good assistant reply (whose usage would describe the compacted context). Derived from the
 * entries, so it survives resume, switch and restart.
 */
export function contextTokensAreUnknown(branch: readonly SessionEntry[]): boolean {
	for (let i = branch.length - 1; i >= 0; i--) {
		const entry = branch[i]!;
		if (entry.type === "compaction") return true;
		if (entry.type !== "message" || entry.message.role !== "assistant") continue;
		if (entry.message.stopReason !== "error" && entry.message.stopReason !== "aborted") return false;
	}
	return false;
}

/** Context usage of the session now (rpc.md §9.9.1). */
export function sessionContextUsage(
	model: Model | undefined,
	branch: readonly SessionEntry[],
	messages: readonly AgentMessage[],
): ContextUsage | undefined {
	return contextUsageFor(model, contextTokensAreUnknown(branch) ? null : estimateContextTokens(messages));
}

/** `get_session_stats` data from the session's entries and current context. */
export function sessionStats(
	session: { sessionFile: string | undefined; sessionId: string; messages: readonly AgentMessage[] },
	entries: readonly SessionEntry[],
	contextUsage: ContextUsage | undefined,
): SessionStats {
	const { tokens, cost } = sumSessionUsage(entries);
	return {
		...(session.sessionFile ? { sessionFile: session.sessionFile } : {}),
		sessionId: session.sessionId,
		// As pi 1.4 counts them: every message entry, whatever context edits hide from the model
		// (edits change only what the model sees, never the session's accounting), system ones included.
		...countMessages(entries.flatMap((entry) => (entry.type === "message" ? [entry.message as AgentMessage] : []))),
		tokens,
		cost,
		...(contextUsage ? { contextUsage } : {}),
	};
}
