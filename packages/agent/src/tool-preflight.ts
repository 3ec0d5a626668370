import { type AssistantMessage, type ToolCall, validateToolArguments } from "@pi/ai";
import { createErrorToolResult, errorText } from "./tool-result.js";
import type { AgentContext, AgentLoopConfig, AgentTool, AgentToolResult } from "./types.js";

/** A call that passed preflight and may execute with `args`. */
export interface ReadyToolCall {
	kind: "ready";
	toolCall: ToolCall;
	tool: AgentTool;
	/** Validated arguments, possibly rewritten in place by `beforeToolCall`. */
	args: Record<string, unknown>;
}

/** A call that preflight already answered (unknown tool, invalid args, blocked, aborted). */
export interface ImmediateToolOutcome {
	kind: "immediate";
	result: AgentToolResult;
	isError: true;
}

/** Outcome of preflight for one call. */
export type ToolPreflight = ReadyToolCall | ImmediateToolOutcome;

function immediate(text: string, terminate?: boolean): ImmediateToolOutcome {
	const result = createErrorToolResult(text);
	if (terminate === true) result.terminate = true;
	return { kind: "immediate", result, isError: true };
}

function validateArguments(tool: AgentTool, toolCall: ToolCall): Record<string, unknown> {
	const rawArguments = tool.prepareArguments ? tool.prepareArguments(toolCall.arguments) : toolCall.arguments;
	const validated = validateToolArguments(tool, { ...toolCall, arguments: rawArguments });
	// Tool parameters are object schemas, so validated arguments are an object.
	return validated as Record<string, unknown>;
}

/**
 * Preflight of one tool call (agent-core.md §5.2, steps 2–5): look the tool up in the current
 * tools, prepare and validate the arguments, ask `beforeToolCall`, check the abort signal.
 * Never throws: every failure becomes an immediate error outcome.
 */
export async function preflightToolCall(
	context: AgentContext,
	assistantMessage: AssistantMessage,
	toolCall: ToolCall,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
): Promise<ToolPreflight> {
	const tool = context.tools.find((candidate) => candidate.name === toolCall.name);
	if (!tool) return immediate(`Tool ${toolCall.name} not found`);
	let args: Record<string, unknown>;
	try {
		args = validateArguments(tool, toolCall);
	} catch (error) {
		return immediate(errorText(error));
	}
	if (config.beforeToolCall) {
		try {
			const decision = await config.beforeToolCall({ assistantMessage, toolCall, args, context }, signal);
			if (decision?.block === true)
				return immediate(decision.reason || "Tool execution was blocked", decision.terminate);
		} catch (error) {
			return immediate(errorText(error));
		}
	}
	if (signal?.aborted) return immediate("Operation aborted");
	return { kind: "ready", toolCall, tool, args };
}
