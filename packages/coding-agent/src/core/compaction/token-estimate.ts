import { contextTokens } from "@pi/ai";
import type { SessionMessage } from "../messages.js";

const IMAGE_CHARS = 4800;

function contentChars(content: string | readonly { type: string; text?: string }[]): number {
	if (typeof content === "string") return content.length;
	let chars = 0;
	for (const block of content) {
		if (block.type === "text") chars += block.text?.length ?? 0;
		else if (block.type === "image") chars += IMAGE_CHARS;
	}
	return chars;
}

/** Estimated tokens of one message: ceil(chars / 4) with the counting rules of compaction.md §2. */
export function estimateTokens(message: SessionMessage): number {
	let chars = 0;
	switch (message.role) {
		case "user":
		case "custom":
		case "toolResult":
			chars = contentChars(message.content);
			break;
		case "assistant":
			for (const block of message.content) {
				if (block.type === "text") chars += block.text.length;
				else if (block.type === "thinking") chars += block.thinking.length;
				else chars += block.name.length + JSON.stringify(block.arguments).length;
			}
			break;
		case "bashExecution":
			chars = message.command.length + message.output.length;
			break;
		case "branchSummary":
		case "compactionSummary":
			chars = message.summary.length;
			break;
	}
	return Math.ceil(chars / 4);
}

/**
 * Context size of a message list: real usage of the last successful assistant message plus
 * estimates of everything after it; the sum of estimates when there is none.
 */
export function estimateContextTokens(messages: readonly SessionMessage[]): number {
	for (let i = messages.length - 1; i >= 0; i--) {
		const message = messages[i]!;
		if (message.role === "assistant" && message.stopReason !== "error" && message.stopReason !== "aborted") {
			return contextTokens(message.usage) + sumEstimates(messages.slice(i + 1));
		}
	}
	return sumEstimates(messages);
}

/** Sum of the per-message estimates (no real usage involved). */
export function sumEstimates(messages: readonly SessionMessage[]): number {
	let total = 0;
	for (const message of messages) total += estimateTokens(message);
	return total;
}
