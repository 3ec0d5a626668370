import type {
	ContentBlockParam,
	ImageBlockParam,
	MessageParam,
	TextBlockParam,
	ToolResultBlockParam,
} from "@anthropic-ai/sdk/resources/messages";
import { sanitizeToolCallId, transformMessages } from "../transform-messages.js";
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolResultMessage } from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";

type AnthropicMediaType = "image/jpeg" | "image/png" | "image/gif" | "image/webp";

const MEDIA_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/gif", "image/webp"];

function isAnthropicMediaType(mimeType: string): mimeType is AnthropicMediaType {
	return MEDIA_TYPES.includes(mimeType);
}

/** Anthropic rejects text blocks that are empty or only whitespace. */
function hasText(text: string): boolean {
	return text.trim() !== "";
}

function textBlock(text: string): TextBlockParam {
	return { type: "text", text: sanitizeSurrogates(text) };
}

/** An image block, or a text note for a type Anthropic cannot read. */
function imageBlock(image: ImageContent): ImageBlockParam | TextBlockParam {
	if (!isAnthropicMediaType(image.mimeType)) return textBlock(`(image omitted: unsupported type ${image.mimeType})`);
	return { type: "image", source: { type: "base64", media_type: image.mimeType, data: image.data } };
}

function userContent(content: string | (TextContent | ImageContent)[]): (TextBlockParam | ImageBlockParam)[] {
	if (typeof content === "string") return hasText(content) ? [textBlock(content)] : [];
	return content.flatMap((block) => {
		if (block.type === "image") return [imageBlock(block)];
		return hasText(block.text) ? [textBlock(block.text)] : [];
	});
}

function assistantContent(message: AssistantMessage): ContentBlockParam[] {
	return message.content.flatMap((block): ContentBlockParam[] => {
		if (block.type === "text") return hasText(block.text) ? [textBlock(block.text)] : [];
		if (block.type === "toolCall") {
			return [{ type: "tool_use", id: block.id, name: block.name, input: block.arguments }];
		}
		if (block.redacted) {
			return block.thinkingSignature ? [{ type: "redacted_thinking", data: block.thinkingSignature }] : [];
		}
		if (block.thinkingSignature) {
			return [{ type: "thinking", thinking: sanitizeSurrogates(block.thinking), signature: block.thinkingSignature }];
		}
		// Thinking without a signature cannot be verified by the API; keep its text as plain text.
		return hasText(block.thinking) ? [textBlock(block.thinking)] : [];
	});
}

/** Note put before a tool result's images when it has no text (as pi 1.4 sends it). */
export const TOOL_RESULT_IMAGE_ONLY_TEXT = "(see attached image)";

/**
 * A tool result as pi 1.4 sends it: text-only content as one string (texts joined by newlines),
 * content with images as blocks led by a note when there is no text, and `is_error` always.
 */
function toolResultBlock(message: ToolResultMessage): ToolResultBlockParam {
	const hasImages = message.content.some((block) => block.type === "image");
	let content: ToolResultBlockParam["content"];
	if (!hasImages) {
		content = sanitizeSurrogates(message.content.map((block) => (block.type === "text" ? block.text : "")).join("\n"));
	} else {
		const blocks = userContent(message.content);
		content = blocks.some((block) => block.type === "text")
			? blocks
			: [{ type: "text", text: TOOL_RESULT_IMAGE_ONLY_TEXT }, ...blocks];
	}
	return { type: "tool_result", tool_use_id: message.toolCallId, content, is_error: message.isError };
}

/** Anthropic tool ids: `[A-Za-z0-9_-]`, at most 64 characters (ai.md §8.4). */
export function normalizeAnthropicToolCallId(id: string): string {
	return sanitizeToolCallId(id);
}

/**
 * Converts a conversation to Anthropic `messages` (ai.md §8): runs the shared cross-provider
 * transform, replays same-model thinking with its signature (`thinking`, or `redacted_thinking` with
 * the opaque `data`), groups consecutive tool results into one user turn of `tool_result` blocks
 * (images included), strips lone surrogates and drops empty text that the API would reject.
 */
export function convertAnthropicMessages(messages: readonly Message[], model: Model): MessageParam[] {
	const params: MessageParam[] = [];
	for (const message of transformMessages(messages, model, normalizeAnthropicToolCallId)) {
		if (message.role === "user") {
			const content = userContent(message.content);
			if (content.length > 0) params.push({ role: "user", content });
		} else if (message.role === "assistant") {
			const content = assistantContent(message);
			if (content.length > 0) params.push({ role: "assistant", content });
		} else {
			const block = toolResultBlock(message);
			const previous = params.at(-1);
			const previousContent = previous?.role === "user" ? previous.content : undefined;
			const groupsToolResults =
				Array.isArray(previousContent) && previousContent.every((item) => item.type === "tool_result");
			if (groupsToolResults) previousContent.push(block);
			else params.push({ role: "user", content: [block] });
		}
	}
	return params;
}
