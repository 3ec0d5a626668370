import type { Message } from "@pi/ai";
import type { AgentMessage } from "./types.js";

function isLlmMessage(message: AgentMessage): message is Message {
	return message.role === "user" || message.role === "assistant" || message.role === "toolResult";
}

/**
 * The `Agent`'s default `convertToLlm`: keeps only the roles `user`, `assistant` and
 * `toolResult` and drops every custom message. Returns a new array.
 */
export function defaultConvertToLlm(messages: AgentMessage[]): Message[] {
	return messages.filter(isLlmMessage);
}
