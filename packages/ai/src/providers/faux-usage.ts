import type { AssistantMessage, Context, Message, StreamOptions } from "../types.js";
import type { UsageUpdate } from "./shared/assistant-message-builder.js";

/** Estimated tokens of a text: ceil(chars / 4). */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

function messageText(message: Message): string {
	if (message.role === "user") {
		if (typeof message.content === "string") return message.content;
		return message.content
			.map((block) => (block.type === "text" ? block.text : `[image:${block.mimeType}]`))
			.join("\n");
	}
	if (message.role === "toolResult") {
		const parts = message.content.map((block) => (block.type === "text" ? block.text : `[image:${block.mimeType}]`));
		return [message.toolName, ...parts].join("\n");
	}
	return assistantContentText(message.content);
}

/** The text a reply's content counts as for output usage: text, thinking, tool names and JSON args. */
export function assistantContentText(content: AssistantMessage["content"]): string {
	return content
		.map((block) =>
			block.type === "text"
				? block.text
				: block.type === "thinking"
					? block.thinking
					: `${block.name}:${JSON.stringify(block.arguments)}`,
		)
		.join("\n");
}

/** A stable text form of a prompt, so repeated prefixes of a conversation are repeated prefixes here. */
export function serializePrompt(context: Context): string {
	const parts: string[] = [];
	if (context.systemPrompt) parts.push(`system:${context.systemPrompt}`);
	if (context.tools && context.tools.length > 0) parts.push(`tools:${JSON.stringify(context.tools)}`);
	for (const message of context.messages) parts.push(`${message.role}:${messageText(message)}`);
	return parts.join("\n\n");
}

function commonPrefixLength(a: string, b: string): number {
	const length = Math.min(a.length, b.length);
	let index = 0;
	while (index < length && a.charCodeAt(index) === b.charCodeAt(index)) index++;
	return index;
}

/**
 * Input-side usage of a request (ai.md §10): ceil(chars / 4) of the serialized prompt. With a
 * `sessionId` and `cacheRetention !== "none"`, the prefix shared with the session's previous
 * prompt is reported as `cacheRead` and the rest as `cacheWrite` (input 0), and the prompt is
 * remembered in `promptCache` for the next request.
 */
export function estimateInputUsage(
	context: Context,
	options: StreamOptions | undefined,
	promptCache: Map<string, string>,
): UsageUpdate {
	const prompt = serializePrompt(context);
	const sessionId = options?.sessionId;
	if (!sessionId || options?.cacheRetention === "none") {
		return { input: estimateTokens(prompt), cacheRead: 0, cacheWrite: 0 };
	}
	const previous = promptCache.get(sessionId) ?? "";
	const shared = commonPrefixLength(previous, prompt);
	promptCache.set(sessionId, prompt);
	return {
		input: 0,
		cacheRead: estimateTokens(prompt.slice(0, shared)),
		cacheWrite: estimateTokens(prompt.slice(shared)),
	};
}
