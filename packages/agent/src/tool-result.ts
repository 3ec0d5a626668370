import type { ToolCall, ToolResultMessage } from "@pi/ai";
import type { AgentToolResult } from "./types.js";

/** A tool call with its final result, ready to become a `tool_execution_end` and a ToolResultMessage. */
export interface FinalizedToolCall {
	toolCall: ToolCall;
	result: AgentToolResult;
	isError: boolean;
	/** `performance.now()` when preflight started. */
	startedAt: number;
	/** Set when the call ends: what `tool_execution_end` reports and the result message keeps. */
	durationMs?: number;
}

/** Builds the error result a failing, blocked or refused call gets: the text is what the model sees. */
export function createErrorToolResult(text: string): AgentToolResult {
	return { content: [{ type: "text", text }], details: {} };
}

/** The text of a thrown value, for error results. */
export function errorText(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Error text for a tool call contained in a `length`-truncated assistant message (§5.6). */
export function truncatedToolCallText(toolName: string): string {
	return (
		`Tool call "${toolName}" was not executed: the response hit the output token limit, ` +
		"so its arguments may be truncated. Re-issue the tool call with complete arguments."
	);
}

/**
 * Builds the ToolResultMessage for a finalized call; `terminate` is runtime-only and never stored.
 * Keys in the order the session files of pi 1.4 have them (`durationMs` just before `timestamp`).
 */
export function createToolResultMessage(finalized: FinalizedToolCall): ToolResultMessage {
	const { result } = finalized;
	return {
		role: "toolResult",
		toolCallId: finalized.toolCall.id,
		toolName: finalized.toolCall.name,
		// Untyped tools can return no content; keep null out of history and provider payloads.
		content: result.content ?? [],
		...(result.details === undefined ? {} : { details: result.details }),
		...(result.usage === undefined ? {} : { usage: result.usage }),
		isError: finalized.isError,
		...(finalized.durationMs === undefined ? {} : { durationMs: finalized.durationMs }),
		timestamp: Date.now(),
	};
}

/** Wall time since `startedAt`, whole ms, never negative. */
export function elapsedMs(startedAt: number): number {
	return Math.max(0, Math.round(performance.now() - startedAt));
}
