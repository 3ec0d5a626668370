// `ctx.executeTool`: a tool calling another tool. The nested call goes through the same steps as a
// model-issued one (argument validation, `tool_call` and `tool_result` handlers, execution events)
// but adds nothing to the transcript: its result goes only to the calling tool.
import type { AgentTool, AgentToolResult } from "@pi/agent-core";
import { validateToolArguments } from "@pi/ai";
import { emitToolCall, emitToolResult } from "./agent-hooks.js";
import type { ExecutedToolResult, ExecuteToolOptions } from "./extension-api.js";
import type { ToolExecutionEndEvent, ToolExecutionStartEvent, ToolExecutionUpdateEvent } from "./extension-events.js";
import type { ExtensionRunner } from "./extension-runner.js";

/** One nested call to run. */
export interface NestedToolCallRequest extends ExecuteToolOptions {
	name: string;
	args: Record<string, unknown>;
	/** The id pi gave this call (`<parent id>/<n>`). */
	toolCallId: string;
	/** The calling tool's call id; absent for calls made outside a tool (commands, handlers). */
	parentToolCallId?: string;
}

export type NestedToolEvent = ToolExecutionStartEvent | ToolExecutionUpdateEvent | ToolExecutionEndEvent;

/** What running a nested call needs from the session. */
export interface NestedToolCallDeps {
	runner: ExtensionRunner;
	/** The tool to run, or why it cannot be called. */
	resolve(name: string): { tool: AgentTool } | { error: string };
	/** Delivers an execution event to the session's listeners (modes, RPC, ACP). */
	emit(event: NestedToolEvent): void;
}

function errorResult(text: string): AgentToolResult {
	return { content: [{ type: "text", text }], details: {} };
}

function messageOf(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}

/** Session listeners first, then extension handlers, as for model-issued calls. */
async function deliver(deps: NestedToolCallDeps, event: NestedToolEvent): Promise<void> {
	deps.emit(event);
	if (deps.runner.hasHandlers(event.type)) await deps.runner.emit(event);
}

/** Runs one nested call to the end; never rejects for a tool failure. */
export async function runNestedToolCall(
	deps: NestedToolCallDeps,
	request: NestedToolCallRequest,
): Promise<ExecutedToolResult> {
	const started = Date.now();
	const { name, toolCallId } = request;
	const parent = request.parentToolCallId !== undefined ? { parentToolCallId: request.parentToolCallId } : {};
	await deliver(deps, { type: "tool_execution_start", toolCallId, toolName: name, args: request.args, ...parent });
	const outcome = await runSteps(deps, request);
	await deliver(deps, {
		type: "tool_execution_end",
		toolCallId,
		toolName: name,
		result: outcome.result,
		isError: outcome.isError,
		durationMs: Date.now() - started,
		...parent,
	});
	return { ...outcome.result, isError: outcome.isError, toolCallId };
}

async function runSteps(
	deps: NestedToolCallDeps,
	request: NestedToolCallRequest,
): Promise<{ result: AgentToolResult; isError: boolean }> {
	const { name, toolCallId, signal } = request;
	const resolved = deps.resolve(name);
	if ("error" in resolved) return { result: errorResult(resolved.error), isError: true };
	const { tool } = resolved;
	let args: Record<string, unknown>;
	try {
		const raw = tool.prepareArguments ? tool.prepareArguments(request.args) : request.args;
		args = validateToolArguments(tool, { type: "toolCall", id: toolCallId, name, arguments: raw }) as Record<
			string,
			unknown
		>;
	} catch (error) {
		return { result: errorResult(messageOf(error)), isError: true };
	}
	if (deps.runner.hasHandlers("tool_call")) {
		const blocked = await emitToolCall(deps.runner, name, toolCallId, args);
		if (blocked?.block) return { result: errorResult(blocked.reason ?? "Tool execution was blocked"), isError: true };
	}
	if (signal?.aborted) return { result: errorResult("Operation aborted"), isError: true };
	let result: AgentToolResult;
	let isError = false;
	let accepting = true;
	const parent = request.parentToolCallId !== undefined ? { parentToolCallId: request.parentToolCallId } : {};
	try {
		result = await tool.execute(toolCallId, args, signal, (partialResult) => {
			if (!accepting) return;
			request.onUpdate?.(partialResult);
			void deliver(deps, {
				type: "tool_execution_update",
				toolCallId,
				toolName: name,
				args,
				partialResult,
				...parent,
			});
		});
		isError = result.isError === true;
	} catch (error) {
		result = errorResult(messageOf(error));
		isError = true;
	}
	accepting = false;
	if (deps.runner.hasHandlers("tool_result")) {
		const patch = await emitToolResult(deps.runner, {
			type: "tool_result",
			toolName: name,
			toolCallId,
			input: args,
			content: result.content,
			details: result.details,
			isError,
			...(result.usage ? { usage: result.usage } : {}),
		});
		if (patch) {
			// A handler that replaces `content` (a redaction) drops `structuredContent` unless it replaces both.
			const { structuredContent: _dropped, ...rest } = result;
			result = patch.content !== undefined ? { ...rest } : { ...result };
			if (patch.content !== undefined) result.content = patch.content;
			if (patch.details !== undefined) result.details = patch.details;
			if (patch.usage !== undefined) result.usage = patch.usage;
			if (patch.isError !== undefined) isError = patch.isError;
		}
	}
	return { result, isError };
}
