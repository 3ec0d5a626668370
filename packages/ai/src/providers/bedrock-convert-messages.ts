import type {
	Message as BedrockMessage,
	ContentBlock,
	ConverseStreamRequest,
	ImageFormat,
	ToolResultContentBlock,
} from "@aws-sdk/client-bedrock-runtime";
import { sanitizeToolCallId, transformMessages } from "../transform-messages.js";
import type { AssistantMessage, Context, ImageContent, Model, Tool, ToolResultMessage, UserMessage } from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";

const IMAGE_FORMATS: Record<string, ImageFormat> = {
	"image/png": "png",
	"image/jpeg": "jpeg",
	"image/jpg": "jpeg",
	"image/gif": "gif",
	"image/webp": "webp",
};

function imageBlock(image: ImageContent): ContentBlock {
	return {
		image: { format: IMAGE_FORMATS[image.mimeType] ?? "png", source: { bytes: Buffer.from(image.data, "base64") } },
	};
}

/**
 * Converts a `Context` to Converse messages after the shared handoff transform (ai.md §8):
 * tool-call ids sanitised to `[A-Za-z0-9_-]` (≤ 64), same-model thinking replayed as
 * `reasoningContent` with its signature (redacted thinking as `redactedContent`), consecutive tool
 * results merged into one user turn (Converse requires alternating roles).
 */
export function convertBedrockMessages(model: Model, context: Context): BedrockMessage[] {
	const out: BedrockMessage[] = [];
	const messages = transformMessages(context.messages, model, (id) => sanitizeToolCallId(id));
	for (const message of messages) {
		if (message.role === "user") out.push({ role: "user", content: userContent(message) });
		else if (message.role === "assistant") {
			const content = assistantContent(message, model);
			if (content.length > 0) out.push({ role: "assistant", content });
		} else {
			const block: ContentBlock = { toolResult: toolResult(message) };
			const last = out.at(-1);
			if (last?.role === "user" && last.content?.every((item) => item.toolResult !== undefined))
				last.content.push(block);
			else out.push({ role: "user", content: [block] });
		}
	}
	return out;
}

function userContent(message: UserMessage): ContentBlock[] {
	if (typeof message.content === "string") return [{ text: sanitizeSurrogates(message.content) }];
	return message.content.map((block) =>
		block.type === "text" ? { text: sanitizeSurrogates(block.text) } : imageBlock(block),
	);
}

function assistantContent(message: AssistantMessage, model: Model): ContentBlock[] {
	const sameModel = message.provider === model.provider && message.api === model.api && message.model === model.id;
	const content: ContentBlock[] = [];
	for (const block of message.content) {
		if (block.type === "text") {
			if (block.text.trim() !== "") content.push({ text: sanitizeSurrogates(block.text) });
		} else if (block.type === "thinking") {
			if (!sameModel) continue;
			if (block.redacted && block.thinkingSignature) {
				content.push({ reasoningContent: { redactedContent: Buffer.from(block.thinkingSignature, "base64") } });
			} else if (block.thinking.trim() !== "") {
				content.push({
					reasoningContent: {
						reasoningText: { text: sanitizeSurrogates(block.thinking), signature: block.thinkingSignature },
					},
				});
			}
		} else {
			content.push({
				toolUse: { toolUseId: block.id, name: block.name, input: block.arguments as Record<string, never> },
			});
		}
	}
	return content;
}

function toolResult(message: ToolResultMessage): NonNullable<ContentBlock["toolResult"]> {
	const content: ToolResultContentBlock[] = message.content.map((block) =>
		block.type === "text" ? { text: sanitizeSurrogates(block.text) } : { image: imageBlock(block).image! },
	);
	return {
		toolUseId: message.toolCallId,
		content: content.length > 0 ? content : [{ text: "" }],
		status: message.isError ? "error" : "success",
	};
}

/** Tools as Converse tool specs (JSON Schema input). */
export function convertBedrockTools(tools: readonly Tool[]): NonNullable<ConverseStreamRequest["toolConfig"]> {
	return {
		tools: tools.map((tool) => ({
			toolSpec: {
				name: tool.name,
				description: tool.description,
				inputSchema: { json: tool.parameters as unknown as Record<string, never> },
			},
		})),
	};
}
