import type { AssistantMessage } from "@pi/ai";
import type { AgentEventSink } from "./loop-runtime.js";
import type { ReadyToolCall } from "./tool-preflight.js";
import { createErrorToolResult, errorText } from "./tool-result.js";
import type { AfterToolCallResult, AgentContext, AgentLoopConfig, AgentToolResult } from "./types.js";

/** A result and whether it is an error. */
export interface ToolOutcome {
	result: AgentToolResult;
	isError: boolean;
}

/**
 * Runs `execute` for a ready call (agent-core.md §5.3). Every `onUpdate` emits a
 * `tool_execution_update`; updates after `execute` settles are ignored, and pending update
 * emissions are awaited before this resolves. A thrown error becomes an error result.
 */
export async function executeReadyToolCall(
	ready: ReadyToolCall,
	signal: AbortSignal | undefined,
	emit: AgentEventSink,
): Promise<ToolOutcome> {
	const pendingUpdates: Promise<void>[] = [];
	let acceptingUpdates = true;
	const onUpdate = (partialResult: AgentToolResult): void => {
		if (!acceptingUpdates) return;
		pendingUpdates.push(
			Promise.resolve(
				emit({
					type: "tool_execution_update",
					toolCallId: ready.toolCall.id,
					toolName: ready.toolCall.name,
					args: ready.toolCall.arguments,
					partialResult,
				}),
			),
		);
	};
	let outcome: ToolOutcome;
	try {
		const result = await ready.tool.execute(ready.toolCall.id, ready.args, signal, onUpdate);
		outcome = { result, isError: result.isError === true };
	} catch (error) {
		outcome = { result: createErrorToolResult(errorText(error)), isError: true };
	}
	acceptingUpdates = false;
	await Promise.all(pendingUpdates);
	return outcome;
}

function mergeOverride(outcome: ToolOutcome, override: AfterToolCallResult): ToolOutcome {
	const result: AgentToolResult = { ...outcome.result };
	if (override.content !== undefined) result.content = override.content;
	if (override.details !== undefined) result.details = override.details;
	if (override.usage !== undefined) result.usage = override.usage;
	if (override.terminate !== undefined) result.terminate = override.terminate;
	return { result, isError: override.isError ?? outcome.isError };
}

/**
 * Applies `afterToolCall` (agent-core.md §5.3): given fields replace the result's, omitted fields
 * keep their values, no deep merge. A throwing hook turns the result into an error result.
 */
export async function finalizeToolOutcome(
	context: AgentContext,
	assistantMessage: AssistantMessage,
	ready: ReadyToolCall,
	outcome: ToolOutcome,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
): Promise<ToolOutcome> {
	if (!config.afterToolCall) return outcome;
	try {
		const override = await config.afterToolCall(
			{
				assistantMessage,
				toolCall: ready.toolCall,
				args: ready.args,
				result: outcome.result,
				isError: outcome.isError,
				context,
			},
			signal,
		);
		return override ? mergeOverride(outcome, override) : outcome;
	} catch (error) {
		return { result: createErrorToolResult(errorText(error)), isError: true };
	}
}
