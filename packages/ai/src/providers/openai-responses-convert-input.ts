import type {
	ResponseFunctionCallOutputItemList,
	ResponseInputContent,
	ResponseInputItem,
	ResponseReasoningItem,
} from "openai/resources/responses/responses";
import { transformMessages } from "../transform-messages.js";
import type {
	AssistantMessage,
	Context,
	ImageContent,
	Model,
	OpenAIResponsesCompat,
	TextContent,
	ToolResultMessage,
	UserMessage,
} from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import { parseTextSignature } from "./openai-responses-text-signature.js";
import { normalizeResponsesToolCallId, splitResponsesToolCallId } from "./openai-responses-tool-call-id.js";

/** Longest item id the API accepts. */
const MAX_ITEM_ID_LENGTH = 64;

/** Tool-result text when a result holds only images. */
export const IMAGE_ONLY_TOOL_OUTPUT_TEXT = "(see attached image)";

/**
 * Converts a `Context` to Responses input items after the shared handoff transform (ai.md §8).
 *
 * System prompt as a `developer` message for reasoning models (unless `supportsDeveloperRole` is
 * false), else `system`; user turns as `input_text` / `input_image`; assistant turns as items:
 * same-model reasoning replayed from `thinkingSignature` (the reasoning item JSON), text as a
 * `message` item carrying the id from `textSignature` (an easy assistant message when there is
 * none), tool calls as `function_call` items (`call_id|itemId` split; the item id only for
 * same-model turns whose reasoning was replayed, so the API's reasoning pairing check holds);
 * tool results as `function_call_output` whose images travel as `input_image` parts when the model
 * takes images.
 */
export function convertResponsesInput(
	model: Model,
	context: Context,
	compat: OpenAIResponsesCompat,
): ResponseInputItem[] {
	const items: ResponseInputItem[] = [];
	if (context.systemPrompt) {
		const role = model.reasoning && compat.supportsDeveloperRole !== false ? "developer" : "system";
		items.push({ role, content: sanitizeSurrogates(context.systemPrompt) });
	}
	const messages = transformMessages(context.messages, model, (id) => normalizeResponsesToolCallId(id));
	for (const message of messages) {
		if (message.role === "user") {
			const converted = convertUser(message);
			if (converted) items.push(converted);
		} else if (message.role === "assistant") {
			items.push(...convertAssistant(message, model));
		} else {
			items.push(convertToolResult(message, model));
		}
	}
	return items;
}

function convertUser(message: UserMessage): ResponseInputItem | undefined {
	if (typeof message.content === "string") {
		return { role: "user", content: [{ type: "input_text", text: sanitizeSurrogates(message.content) }] };
	}
	const content: ResponseInputContent[] = message.content.map((block) =>
		block.type === "text" ? { type: "input_text", text: sanitizeSurrogates(block.text) } : inputImage(block),
	);
	return content.length > 0 ? { role: "user", content } : undefined;
}

function inputImage(image: ImageContent): ResponseInputContent & { type: "input_image" } {
	return { type: "input_image", detail: "auto", image_url: `data:${image.mimeType};base64,${image.data}` };
}

function convertAssistant(message: AssistantMessage, model: Model): ResponseInputItem[] {
	const sameModel = message.provider === model.provider && message.api === model.api && message.model === model.id;
	const items: ResponseInputItem[] = [];
	let skippedReasoning = false;
	for (const block of message.content) {
		if (block.type === "thinking") {
			const reasoning = sameModel ? parseReasoningItem(block.thinkingSignature) : undefined;
			if (reasoning) items.push(reasoning);
			else skippedReasoning = true;
		} else if (block.type === "text") {
			if (block.text !== "") items.push(assistantText(block));
		} else {
			const { callId, itemId } = splitResponsesToolCallId(block.id);
			const keepItemId = sameModel && !skippedReasoning && itemId?.startsWith("fc");
			items.push({
				type: "function_call",
				call_id: callId,
				name: block.name,
				arguments: JSON.stringify(block.arguments),
				...(keepItemId ? { id: itemId } : {}),
			});
		}
	}
	return items;
}

function assistantText(block: TextContent): ResponseInputItem {
	const text = sanitizeSurrogates(block.text);
	const signature = parseTextSignature(block.textSignature);
	if (!signature?.id.startsWith("msg") || signature.id.length > MAX_ITEM_ID_LENGTH) {
		return { role: "assistant", content: text };
	}
	return {
		type: "message",
		role: "assistant",
		id: signature.id,
		status: "completed",
		content: [{ type: "output_text", text, annotations: [] }],
		...(signature.phase ? { phase: signature.phase } : {}),
	};
}

/** The reasoning item stored as a thinking signature, or undefined when it is not one. */
function parseReasoningItem(signature: string | undefined): ResponseReasoningItem | undefined {
	if (!signature?.startsWith("{")) return undefined;
	try {
		const parsed: unknown = JSON.parse(signature);
		if (typeof parsed !== "object" || parsed === null) return undefined;
		const item = parsed as Partial<ResponseReasoningItem>;
		if (item.type !== "reasoning" || typeof item.id !== "string" || !Array.isArray(item.summary)) return undefined;
		return item as ResponseReasoningItem;
	} catch {
		// A signature from somewhere else: the block is not replayable.
		return undefined;
	}
}

function convertToolResult(message: ToolResultMessage, model: Model): ResponseInputItem {
	const { callId } = splitResponsesToolCallId(message.toolCallId);
	const text = sanitizeSurrogates(
		message.content
			.filter((block): block is TextContent => block.type === "text")
			.map((block) => block.text)
			.join("\n"),
	);
	const images = message.content.filter((block): block is ImageContent => block.type === "image");
	if (images.length === 0 || !model.input.includes("image")) {
		return { type: "function_call_output", call_id: callId, output: text };
	}
	const output: ResponseFunctionCallOutputItemList = [
		{ type: "input_text", text: text === "" ? IMAGE_ONLY_TOOL_OUTPUT_TEXT : text },
		...images.map((image) => inputImage(image)),
	];
	return { type: "function_call_output", call_id: callId, output };
}
