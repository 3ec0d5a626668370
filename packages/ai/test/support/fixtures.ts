import type { AssistantMessage, Model, ToolCall, ToolResultMessage, UserMessage } from "../../src/types.js";
import { emptyUsage } from "../../src/utils/calculate-cost.js";

/** A test model; override any field. */
export function testModel(overrides: Partial<Model> = {}): Model {
	return {
		id: "test-model",
		name: "Test Model",
		api: "openai-completions",
		provider: "test",
		baseUrl: "http://127.0.0.1:1",
		reasoning: false,
		input: ["text", "image"],
		cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
		contextWindow: 100_000,
		maxTokens: 8192,
		...overrides,
	};
}

export function user(text: string): UserMessage {
	return { role: "user", content: text, timestamp: 1 };
}

export function assistant(
	content: AssistantMessage["content"],
	overrides: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "openai-completions",
		provider: "test",
		model: "test-model",
		usage: emptyUsage(),
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: 2,
		...overrides,
	};
}

export function toolCall(id: string, name = "read", args: Record<string, unknown> = {}): ToolCall {
	return { type: "toolCall", id, name, arguments: args };
}

export function toolResult(toolCallId: string, text = "ok", toolName = "read"): ToolResultMessage {
	return { role: "toolResult", toolCallId, toolName, content: [{ type: "text", text }], isError: false, timestamp: 3 };
}
