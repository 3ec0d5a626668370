import type { Message } from "@pi/ai";

const TOOL_RESULT_LIMIT = 2000;

function textOf(content: Message["content"]): string {
	if (typeof content === "string") return content;
	return content
		.filter((block): block is { type: "text"; text: string } => block.type === "text")
		.map((block) => block.text)
		.join("\n");
}

/**
 * Serialises LLM messages as plain text (compaction.md §5) so the summariser reads a transcript
 * instead of continuing a conversation.
 */
export function serializeConversation(messages: readonly Message[]): string {
	const parts: string[] = [];
	for (const message of messages) {
		if (message.role === "user") parts.push(`[User]: ${textOf(message.content)}`);
		else if (message.role === "toolResult") {
			const text = textOf(message.content);
			const truncated =
				text.length > TOOL_RESULT_LIMIT
					? `${text.slice(0, TOOL_RESULT_LIMIT)}\n[... ${text.length - TOOL_RESULT_LIMIT} more characters truncated]`
					: text;
			parts.push(`[Tool result]: ${truncated}`);
		} else {
			const thinking = message.content.flatMap((block) =>
				block.type === "thinking" && block.thinking ? [block.thinking] : [],
			);
			const text = message.content.flatMap((block) => (block.type === "text" && block.text ? [block.text] : []));
			const calls = message.content.flatMap((block) =>
				block.type === "toolCall"
					? [
							`${block.name}(${Object.entries(block.arguments)
								.map(([key, value]) => `${key}=${JSON.stringify(value)}`)
								.join(", ")})`,
						]
					: [],
			);
			if (thinking.length > 0) parts.push(`[Assistant thinking]: ${thinking.join("\n")}`);
			if (text.length > 0) parts.push(`[Assistant]: ${text.join("\n")}`);
			if (calls.length > 0) parts.push(`[Assistant tool calls]: ${calls.join("; ")}`);
		}
	}
	return parts.join("\n\n");
}
