import type {
	ChatCompletionAssistantMessageParam,
	ChatCompletionContentPart,
	ChatCompletionMessageParam,
	ChatCompletionToolMessageParam,
} from "openai/resources/chat/completions";
import { transformMessages } from "../transform-messages.js";
import type {
	AssistantMessage,
	Context,
	ImageContent,
	Model,
	TextContent,
	ToolResultMessage,
	UserMessage,
} from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import type { ResolvedCompletionsCompat } from "./openai-completions-compat.js";
import { normalizeCompletionsToolCallId } from "./openai-completions-tool-call-id.js";

/** Delta fields reasoning text may arrive in; the one used is kept as the thinking signature. */
export const REASONING_FIELDS = ["reasoning_content", "reasoning", "reasoning_text"] as const;
/** One of `REASONING_FIELDS`. */
export type ReasoningField = (typeof REASONING_FIELDS)[number];

/** An assistant turn that may carry same-model reasoning back in its vendor field. */
type AssistantParam = ChatCompletionAssistantMessageParam & Partial<Record<ReasoningField, string>>;
/** A tool result; some servers (Mistral) require the tool name. */
type ToolParam = ChatCompletionToolMessageParam & { name?: string };

/** Text of the assistant turn bridging a tool result and a user message (`requiresAssistantAfterToolResult`). */
export const TOOL_RESULT_BRIDGE_TEXT = "I have processed the tool results.";
/** Tool-result text when a result holds only images (they follow in a user message, ai.md §8.7). */
export const IMAGE_ONLY_TOOL_RESULT_TEXT = "(see attached image)";
/** Text introducing the images of tool results in the following user message. */
export const TOOL_RESULT_IMAGES_TEXT = "Attached image(s) from tool result:";

/**
 * Converts a `Context` to Chat Completions messages after the shared handoff transform (ai.md §8).
 *
 * System prompt as `developer` for reasoning models when `supportsDeveloperRole`, else `system`;
 * user images as `image_url` data URLs; same-model thinking replayed in the field it arrived in
 * (e.g. `reasoning_content`) or as `<thinking>` text when `requiresThinkingAsText`; tool results
 * as `tool` messages (with `name` when `requiresToolResultName`) whose images follow in one user
 * message after the run of tool messages; an assistant bridge between a tool result and a user
 * message when `requiresAssistantAfterToolResult`. All outgoing text is surrogate-sanitised.
 */
export function convertCompletionsMessages(
	model: Model,
	context: Context,
	compat: ResolvedCompletionsCompat,
): ChatCompletionMessageParam[] {
	const out: ChatCompletionMessageParam[] = [];
	if (context.systemPrompt) {
		const role = model.reasoning && compat.supportsDeveloperRole ? "developer" : "system";
		out.push({ role, content: sanitizeSurrogates(context.systemPrompt) });
	}
	const messages = transformMessages(
		context.messages,
		model,
		(id) => normalizeCompletionsToolCallId(id, model, compat.toolCallIdFormat),
		{ thinkingAsText: compat.requiresThinkingAsText },
	);
	let pendingImages: ImageContent[] = [];
	const pushUser = (message: ChatCompletionMessageParam): void => {
		if (compat.requiresAssistantAfterToolResult && out.at(-1)?.role === "tool") {
			out.push({ role: "assistant", content: TOOL_RESULT_BRIDGE_TEXT });
		}
		out.push(message);
	};
	const flushToolImages = (): void => {
		if (pendingImages.length === 0) return;
		const parts: ChatCompletionContentPart[] = [{ type: "text", text: TOOL_RESULT_IMAGES_TEXT }];
		for (const image of pendingImages) parts.push(imagePart(image));
		pendingImages = [];
		pushUser({ role: "user", content: parts });
	};
	for (const message of messages) {
		if (message.role !== "toolResult") flushToolImages();
		if (message.role === "user") {
			const converted = convertUser(message);
			if (converted) pushUser(converted);
		} else if (message.role === "assistant") {
			const converted = convertAssistant(message, model, compat);
			if (converted) out.push(converted);
		} else {
			out.push(convertToolResult(message, compat));
			pendingImages.push(...message.content.filter((block): block is ImageContent => block.type === "image"));
		}
	}
	flushToolImages();
	return out;
}

function convertUser(message: UserMessage): ChatCompletionMessageParam | undefined {
	if (typeof message.content === "string") return { role: "user", content: sanitizeSurrogates(message.content) };
	const parts: ChatCompletionContentPart[] = message.content.map((block) =>
		block.type === "text" ? { type: "text", text: sanitizeSurrogates(block.text) } : imagePart(block),
	);
	return parts.length > 0 ? { role: "user", content: parts } : undefined;
}

function imagePart(image: ImageContent): ChatCompletionContentPart {
	return { type: "image_url", image_url: { url: `data:${image.mimeType};base64,${image.data}` } };
}

function convertAssistant(
	message: AssistantMessage,
	model: Model,
	compat: ResolvedCompletionsCompat,
): AssistantParam | undefined {
	const sameModel = message.provider === model.provider && message.api === model.api && message.model === model.id;
	const texts: string[] = [];
	const thinking: string[] = [];
	let reasoningField: ReasoningField | undefined;
	for (const block of message.content) {
		if (block.type === "text" && block.text.trim() !== "") texts.push(sanitizeSurrogates(block.text));
		if (block.type !== "thinking" || !sameModel || block.thinking.trim() === "") continue;
		if (compat.requiresThinkingAsText) {
			texts.push(`<thinking>\n${sanitizeSurrogates(block.thinking)}\n</thinking>`);
		} else if (isReasoningField(block.thinkingSignature)) {
			reasoningField ??= block.thinkingSignature;
			thinking.push(sanitizeSurrogates(block.thinking));
		}
	}
	const toolCalls = message.content.filter((block) => block.type === "toolCall");
	if (texts.length === 0 && toolCalls.length === 0) return undefined;
	// Plain-string content: part arrays make some models (DeepSeek via NIM) echo the structure back.
	const param: AssistantParam = { role: "assistant", content: texts.length > 0 ? texts.join("\n\n") : null };
	if (reasoningField) param[reasoningField] = thinking.join("\n\n");
	if (toolCalls.length > 0) {
		param.tool_calls = toolCalls.map((call) => ({
			id: call.id,
			type: "function",
			function: { name: call.name, arguments: JSON.stringify(call.arguments) },
		}));
	}
	return param;
}

function convertToolResult(message: ToolResultMessage, compat: ResolvedCompletionsCompat): ToolParam {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	const hasImages = message.content.some((block) => block.type === "image");
	const param: ToolParam = {
		role: "tool",
		tool_call_id: message.toolCallId,
		content: sanitizeSurrogates(text === "" && hasImages ? IMAGE_ONLY_TOOL_RESULT_TEXT : text),
	};
	if (compat.requiresToolResultName) param.name = message.toolName;
	return param;
}

function isReasoningField(value: string | undefined): value is ReasoningField {
	return (REASONING_FIELDS as readonly string[]).includes(value ?? "");
}
