import type { SessionUpdate, ToolCallUpdate } from "@agentclientprotocol/sdk";
import type { AgentMessage } from "@pi/agent-core";
import type { AgentSessionEvent } from "../../core/agent-session/agent-session-events.js";
import {
	changedLineOf,
	resultBlocks,
	toolDiffContent,
	toolKindOf,
	toolLocationsOf,
	toolResultContent,
	toolTitleOf,
} from "./acp-tool-calls.js";

type Args = Record<string, unknown>;

interface RunningToolCall {
	toolCallId: string;
	toolName: string;
	args: Args;
}

function userText(message: AgentMessage): string | undefined {
	if (message.role !== "user") return undefined;
	const content = message.content;
	if (typeof content === "string") return content;
	return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

/**
 * Maps the session's events to `session/update`s (a live prompt turn). Keeps the tool calls in
 * flight so dialogs and terminals can be attached to the right one.
 */
export class AcpEventMapper {
	private readonly running = new Map<string, RunningToolCall>();
	constructor(private readonly cwd: () => string) {}

	/** The newest tool call still running (the one a permission dialog belongs to). */
	currentToolCall(): ToolCallUpdate | undefined {
		let last: RunningToolCall | undefined;
		for (const call of this.running.values()) last = call;
		return (
			last && {
				toolCallId: last.toolCallId,
				title: toolTitleOf(last.toolName, last.args),
				kind: toolKindOf(last.toolName),
			}
		);
	}

	/** The newest running bash call (the one an editor terminal belongs to). */
	currentBashCall(): string | undefined {
		let last: string | undefined;
		for (const call of this.running.values()) if (call.toolName === "bash") last = call.toolCallId;
		return last;
	}

	map(event: AgentSessionEvent): SessionUpdate | undefined {
		switch (event.type) {
			case "message_update": {
				const update = event.assistantMessageEvent;
				if (update.type === "text_delta")
					return { sessionUpdate: "agent_message_chunk", content: { type: "text", text: update.delta } };
				if (update.type === "thinking_delta")
					return { sessionUpdate: "agent_thought_chunk", content: { type: "text", text: update.delta } };
				return undefined;
			}
			case "message_start": {
				const text = userText(event.message);
				if (text === undefined) return undefined;
				// A user message the run takes in (queued prompt, extension message) is shown to the client.
				return { sessionUpdate: "user_message_chunk", content: { type: "text", text } };
			}
			case "tool_execution_start": {
				const args = (event.args ?? {}) as Args;
				this.running.set(event.toolCallId, { toolCallId: event.toolCallId, toolName: event.toolName, args });
				const diff = toolDiffContent(event.toolName, args, this.cwd());
				return {
					sessionUpdate: "tool_call",
					toolCallId: event.toolCallId,
					title: toolTitleOf(event.toolName, args),
					kind: toolKindOf(event.toolName),
					status: "in_progress",
					locations: toolLocationsOf(event.toolName, args, this.cwd()),
					...(diff.length > 0 ? { content: diff } : {}),
					rawInput: args,
					// A call a tool made (a codemode script's): linked to the script's own tool call.
					...(event.parentToolCallId !== undefined ? { _meta: { parentToolCallId: event.parentToolCallId } } : {}),
				};
			}
			case "tool_execution_update": {
				const blocks = resultBlocks(event.partialResult);
				if (blocks.length === 0) return undefined;
				return {
					sessionUpdate: "tool_call_update",
					toolCallId: event.toolCallId,
					content: blocks.map((block) => ({ type: "content", content: block })),
				};
			}
			case "tool_execution_end": {
				const call = this.running.get(event.toolCallId);
				this.running.delete(event.toolCallId);
				const args = call?.args ?? {};
				const line = changedLineOf(event.result);
				return {
					sessionUpdate: "tool_call_update",
					toolCallId: event.toolCallId,
					status: event.isError ? "failed" : "completed",
					content: toolResultContent(event.toolName, args, event.result, event.isError, this.cwd()),
					...(line !== undefined ? { locations: toolLocationsOf(event.toolName, args, this.cwd(), line) } : {}),
				};
			}
			default:
				return undefined;
		}
	}

	/** Forgets tool calls of a run that ended (an abort may leave some without an end event). */
	reset(): void {
		this.running.clear();
	}
}

/** The stored conversation as the updates that replay it (`session/load`). */
export function replayUpdates(messages: readonly AgentMessage[], cwd: string): SessionUpdate[] {
	const updates: SessionUpdate[] = [];
	const calls = new Map<string, { toolName: string; args: Args }>();
	for (const message of messages) {
		if (message.role === "user") {
			const content =
				typeof message.content === "string" ? [{ type: "text" as const, text: message.content }] : message.content;
			for (const block of content) {
				if (block.type === "text")
					updates.push({ sessionUpdate: "user_message_chunk", content: { type: "text", text: block.text } });
				else
					updates.push({
						sessionUpdate: "user_message_chunk",
						content: { type: "image", data: block.data, mimeType: block.mimeType },
					});
			}
		} else if (message.role === "assistant") {
			for (const block of message.content) {
				if (block.type === "text" && block.text)
					updates.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: block.text } });
				else if (block.type === "thinking" && block.thinking && !block.redacted)
					updates.push({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: block.thinking } });
				else if (block.type === "toolCall") {
					calls.set(block.id, { toolName: block.name, args: block.arguments });
					updates.push({
						sessionUpdate: "tool_call",
						toolCallId: block.id,
						title: toolTitleOf(block.name, block.arguments),
						kind: toolKindOf(block.name),
						status: "pending",
						locations: toolLocationsOf(block.name, block.arguments, cwd),
						rawInput: block.arguments,
					});
				}
			}
		} else if (message.role === "toolResult") {
			const call = calls.get(message.toolCallId);
			const args = call?.args ?? {};
			updates.push({
				sessionUpdate: "tool_call_update",
				toolCallId: message.toolCallId,
				status: message.isError ? "failed" : "completed",
				content: toolResultContent(message.toolName, args, message, message.isError, cwd),
			});
		}
	}
	return updates;
}
