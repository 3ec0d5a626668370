import type { AssistantMessage, ToolCall, ToolResultMessage } from "@pi/ai";
import { executeReadyToolCall, finalizeToolOutcome, type ToolOutcome } from "./execute-tool-call.js";
import type { AgentEventSink } from "./loop-runtime.js";
import { preflightToolCall, type ToolPreflight } from "./tool-preflight.js";
import {
	createErrorToolResult,
	createToolResultMessage,
	elapsedMs,
	type FinalizedToolCall,
	truncatedToolCallText,
} from "./tool-result.js";
import type { AgentContext, AgentLoopConfig } from "./types.js";

/** The tool phase of one turn: result messages in assistant source order. */
export interface ToolBatchResult {
	messages: ToolResultMessage[];
	/** True when every finalised result asked to terminate (§5.7). */
	terminate: boolean;
}

/** Everything one batch needs. */
export interface ToolBatch {
	context: AgentContext;
	assistantMessage: AssistantMessage;
	toolCalls: ToolCall[];
	config: AgentLoopConfig;
	signal: AbortSignal | undefined;
	emit: AgentEventSink;
}

async function emitStart(batch: ToolBatch, toolCall: ToolCall): Promise<number> {
	const startedAt = performance.now();
	await batch.emit({
		type: "tool_execution_start",
		toolCallId: toolCall.id,
		toolName: toolCall.name,
		args: toolCall.arguments,
	});
	return startedAt;
}

async function emitEnd(batch: ToolBatch, finalized: FinalizedToolCall): Promise<void> {
	// Measured once: the event and the result message (kept in the session) carry the same figure.
	const durationMs = elapsedMs(finalized.startedAt);
	finalized.durationMs = durationMs;
	await batch.emit({
		type: "tool_execution_end",
		toolCallId: finalized.toolCall.id,
		toolName: finalized.toolCall.name,
		result: finalized.result,
		isError: finalized.isError,
		durationMs,
	});
}

async function emitResultMessage(batch: ToolBatch, finalized: FinalizedToolCall): Promise<ToolResultMessage> {
	const message = createToolResultMessage(finalized);
	await batch.emit({ type: "message_start", message });
	await batch.emit({ type: "message_end", message });
	return message;
}

/** Executes and finalises a preflighted call; an immediate outcome is already final. */
async function settle(batch: ToolBatch, preflight: ToolPreflight): Promise<ToolOutcome> {
	if (preflight.kind === "immediate") return preflight;
	// Parallel calls start after every preflight; an abort in between must not start them.
	if (batch.signal?.aborted) return { result: createErrorToolResult("Operation aborted"), isError: true };
	const executed = await executeReadyToolCall(preflight, batch.signal, batch.emit);
	return finalizeToolOutcome(batch.context, batch.assistantMessage, preflight, executed, batch.config, batch.signal);
}

function shouldTerminate(finalized: FinalizedToolCall[]): boolean {
	return finalized.length > 0 && finalized.every((call) => call.result.terminate === true);
}

/**
 * Sequential mode (§5.4): per call, preflight → execute → finalise → `tool_execution_end` →
 * result message. After an abort, the remaining calls are not started and get no events.
 */
async function executeSequentially(batch: ToolBatch): Promise<ToolBatchResult> {
	const finalized: FinalizedToolCall[] = [];
	const messages: ToolResultMessage[] = [];
	for (const toolCall of batch.toolCalls) {
		const startedAt = await emitStart(batch, toolCall);
		const preflight = await preflightToolCall(
			batch.context,
			batch.assistantMessage,
			toolCall,
			batch.config,
			batch.signal,
		);
		const call: FinalizedToolCall = { toolCall, startedAt, ...(await settle(batch, preflight)) };
		await emitEnd(batch, call);
		messages.push(await emitResultMessage(batch, call));
		finalized.push(call);
		if (batch.signal?.aborted) break;
	}
	return { messages, terminate: shouldTerminate(finalized) };
}

/**
 * Parallel mode (§5.5): preflight every call in source order (immediate outcomes end at once),
 * then run the ready calls concurrently; each `tool_execution_end` is emitted on completion,
 * and the result messages follow in source order once all have settled.
 */
async function executeInParallel(batch: ToolBatch): Promise<ToolBatchResult> {
	const pending: (FinalizedToolCall | { toolCall: ToolCall; startedAt: number; preflight: ToolPreflight })[] = [];
	for (const toolCall of batch.toolCalls) {
		const startedAt = await emitStart(batch, toolCall);
		const preflight = await preflightToolCall(
			batch.context,
			batch.assistantMessage,
			toolCall,
			batch.config,
			batch.signal,
		);
		if (preflight.kind === "immediate") {
			const call: FinalizedToolCall = { toolCall, startedAt, result: preflight.result, isError: true };
			await emitEnd(batch, call);
			pending.push(call);
		} else {
			pending.push({ toolCall, startedAt, preflight });
		}
	}
	const finalized = await Promise.all(
		pending.map(async (entry): Promise<FinalizedToolCall> => {
			if (!("preflight" in entry)) return entry;
			const call: FinalizedToolCall = {
				toolCall: entry.toolCall,
				startedAt: entry.startedAt,
				...(await settle(batch, entry.preflight)),
			};
			await emitEnd(batch, call);
			return call;
		}),
	);
	const messages: ToolResultMessage[] = [];
	for (const call of finalized) messages.push(await emitResultMessage(batch, call));
	return { messages, terminate: shouldTerminate(finalized) };
}

/**
 * Runs the tool calls of one assistant message. Sequential when `config.toolExecution` is
 * "sequential" or any call targets a tool whose `executionMode` is "sequential"; else parallel.
 */
export function executeToolBatch(batch: ToolBatch): Promise<ToolBatchResult> {
	const anySequentialTool = batch.toolCalls.some(
		(toolCall) => batch.context.tools.find((tool) => tool.name === toolCall.name)?.executionMode === "sequential",
	);
	if (batch.config.toolExecution === "sequential" || anySequentialTool) return executeSequentially(batch);
	return executeInParallel(batch);
}

/**
 * Refuses every tool call of a `length`-truncated assistant message (§5.6): each gets
 * `tool_execution_start`, an error result asking to re-issue it, `tool_execution_end` and its
 * result message. Nothing is executed.
 */
export async function refuseTruncatedToolCalls(batch: ToolBatch): Promise<ToolBatchResult> {
	const messages: ToolResultMessage[] = [];
	for (const toolCall of batch.toolCalls) {
		const startedAt = await emitStart(batch, toolCall);
		const call: FinalizedToolCall = {
			toolCall,
			startedAt,
			result: createErrorToolResult(truncatedToolCallText(toolCall.name)),
			isError: true,
		};
		await emitEnd(batch, call);
		messages.push(await emitResultMessage(batch, call));
	}
	return { messages, terminate: false };
}
