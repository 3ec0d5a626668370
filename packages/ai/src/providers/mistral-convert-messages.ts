import type {
	ChatCompletionStreamRequestMessage as Messages,
	ChatCompletionStreamRequestTool as MistralTool,
} from "@mistralai/mistralai/models/components";
import { transformMessages } from "../transform-messages.js";
import type {
	AssistantMessage,
	Context,
	ImageContent,
	Model,
	TextContent,
	Tool,
	ToolResultMessage,
	UserMessage,
} from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import { normalizeCompletionsToolCallId } from "./openai-completions-tool-call-id.js";

type ContentChunk = { type: "text"; text: string } | { type: "image_url"; imageUrl: string };
type ThinkingChunk = { type: "thinking"; thinking: { type: "text"; text: string }[]; signature?: string };

/**
 * Converts a `Context` to Mistral chat messages (the SDK's camelCase shapes) after the shared
 * handoff transform (ai.md §8): tool-call ids become Mistral's 9 alphanumerics, same-model
 * thinking is replayed as `thinking` chunks (foreign thinking becomes text), tool results carry
 * the tool name, and their images follow in one user message.
 */
export function convertMistralMessages(model: Model, context: Context): Messages[] {
	const out: Messages[] = [];
	if (context.systemPrompt) out.push({ role: "system", content: sanitizeSurrogates(context.systemPrompt) });
	const messages = transformMessages(context.messages, model, (id) =>
		normalizeCompletionsToolCallId(id, model, "mistral"),
	);
	let pendingImages: ImageContent[] = [];
	const flushImages = (): void => {
		if (pendingImages.length === 0) return;
		out.push({
			role: "user",
			content: [{ type: "text", text: "Attached image(s) from tool result:" }, ...pendingImages.map(imageChunk)],
		});
		pendingImages = [];
	};
	for (const message of messages) {
		if (message.role !== "toolResult") flushImages();
		if (message.role === "user") {
			const converted = convertUser(message);
			if (converted) out.push(converted);
		} else if (message.role === "assistant") {
			const converted = convertAssistant(message, model);
			if (converted) out.push(converted);
		} else {
			out.push(convertToolResult(message));
			pendingImages.push(...message.content.filter((block): block is ImageContent => block.type === "image"));
		}
	}
	flushImages();
	return out;
}

function imageChunk(image: ImageContent): ContentChunk {
	return { type: "image_url", imageUrl: `data:${image.mimeType};base64,${image.data}` };
}

function convertUser(message: UserMessage): Messages | undefined {
	if (typeof message.content === "string") return { role: "user", content: sanitizeSurrogates(message.content) };
	const chunks = message.content.map((block) =>
		block.type === "text" ? { type: "text" as const, text: sanitizeSurrogates(block.text) } : imageChunk(block),
	);
	return chunks.length > 0 ? { role: "user", content: chunks } : undefined;
}

function convertAssistant(message: AssistantMessage, model: Model): Messages | undefined {
	const sameModel = message.provider === model.provider && message.api === model.api && message.model === model.id;
	const chunks: (ContentChunk | ThinkingChunk)[] = [];
	for (const block of message.content) {
		if (block.type === "text" && block.text.trim() !== "")
			chunks.push({ type: "text", text: sanitizeSurrogates(block.text) });
		if (block.type === "thinking" && sameModel && block.thinking.trim() !== "") {
			const chunk: ThinkingChunk = {
				type: "thinking",
				thinking: [{ type: "text", text: sanitizeSurrogates(block.thinking) }],
			};
			if (block.thinkingSignature) chunk.signature = block.thinkingSignature;
			chunks.push(chunk);
		}
	}
	const toolCalls = message.content.filter((block) => block.type === "toolCall");
	if (chunks.length === 0 && toolCalls.length === 0) return undefined;
	return {
		role: "assistant",
		content: chunks.length > 0 ? (chunks as never) : null,
		...(toolCalls.length > 0
			? {
					toolCalls: toolCalls.map((call) => ({
						id: call.id,
						type: "function" as const,
						function: { name: call.name, arguments: JSON.stringify(call.arguments) },
					})),
				}
			: {}),
	};
}

function convertToolResult(message: ToolResultMessage): Messages {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	const hasImages = message.content.some((block) => block.type === "image");
	return {
		role: "tool",
		toolCallId: message.toolCallId,
		name: message.toolName,
		content: sanitizeSurrogates(text === "" && hasImages ? "(see attached image)" : text),
	};
}

/** Tools as Mistral function tools. */
export function convertMistralTools(tools: readonly Tool[]): MistralTool[] {
	return tools.map((tool) => ({
		type: "function" as const,
		function: {
			name: tool.name,
			description: tool.description,
			// A plain JSON copy: TypeBox schemas carry symbol keys, which the SDK's request validation rejects.
			parameters: JSON.parse(JSON.stringify(tool.parameters)) as Record<string, unknown>,
		},
	}));
}
