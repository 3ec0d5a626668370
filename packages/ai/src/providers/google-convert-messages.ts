import type { Content, FunctionResponsePart, Part } from "@google/genai";
import { isGemini3Model } from "../thinking-levels.js";
import { sanitizeToolCallId, transformMessages } from "../transform-messages.js";
import type { AssistantMessage, ImageContent, Message, Model, TextContent, ToolResultMessage } from "../types.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";

/**
 * Google's documented placeholder signature for function calls whose real signature is unknown
 * (history from another model): Gemini 3 requires a signature on every replayed function call.
 */
const SKIP_SIGNATURE = "skip_thought_signature_validator";

/** Text of the user turn that carries tool-result images for models that cannot nest them (ai.md §8.7). */
export const TOOL_RESULT_IMAGES_TEXT = "Images returned by the tool call above:";

/** Models served through this API that require ids on function calls and responses. */
function requiresToolCallIds(model: Model): boolean {
	return /^(claude-|gpt-oss-)/.test(model.id);
}

/** Tool-call ids, where Google needs them: `[A-Za-z0-9_-]`, at most 64 characters (ai.md §8.4). */
export function normalizeGoogleToolCallId(id: string): string {
	return sanitizeToolCallId(id);
}

function inlineImage(image: ImageContent): Part {
	return { inlineData: { mimeType: image.mimeType, data: image.data } };
}

function userParts(content: string | (TextContent | ImageContent)[]): Part[] {
	if (typeof content === "string") return content === "" ? [] : [{ text: sanitizeSurrogates(content) }];
	return content.flatMap((block): Part[] => {
		if (block.type === "image") return [inlineImage(block)];
		return block.text === "" ? [] : [{ text: sanitizeSurrogates(block.text) }];
	});
}

function modelParts(message: AssistantMessage, model: Model): Part[] {
	const withIds = requiresToolCallIds(model);
	return message.content.flatMap((block): Part[] => {
		if (block.type === "text") {
			if (block.text === "") return [];
			return [
				{
					text: sanitizeSurrogates(block.text),
					...(block.textSignature ? { thoughtSignature: block.textSignature } : {}),
				},
			];
		}
		if (block.type === "thinking") {
			// Gemini never redacts; a signature-only thought part is still worth replaying.
			if (block.thinking === "" && !block.thinkingSignature) return [];
			return [
				{
					thought: true,
					text: sanitizeSurrogates(block.thinking),
					...(block.thinkingSignature ? { thoughtSignature: block.thinkingSignature } : {}),
				},
			];
		}
		const signature = block.thoughtSignature ?? (isGemini3Model(model) ? SKIP_SIGNATURE : undefined);
		return [
			{
				functionCall: { name: block.name, args: block.arguments, ...(withIds ? { id: block.id } : {}) },
				...(signature ? { thoughtSignature: signature } : {}),
			},
		];
	});
}

function resultText(message: ToolResultMessage): string {
	const text = message.content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
	if (text !== "") return sanitizeSurrogates(text);
	return message.content.some((block) => block.type === "image") ? "(see attached image)" : "";
}

function functionResponsePart(message: ToolResultMessage, model: Model, nestedImages: FunctionResponsePart[]): Part {
	const text = resultText(message);
	return {
		functionResponse: {
			name: message.toolName,
			response: message.isError ? { error: text } : { output: text },
			...(requiresToolCallIds(model) ? { id: message.toolCallId } : {}),
			...(nestedImages.length > 0 ? { parts: nestedImages } : {}),
		},
	};
}

/**
 * Converts a conversation to Gemini `contents` (ai.md §8): runs the shared cross-provider
 * transform; user turns become `user` parts (text, `inlineData` images); assistant turns become
 * `model` parts with same-model thoughts replayed as `thought: true` parts and signatures kept on
 * thought, text and function-call parts; consecutive tool results become one `user` turn of
 * `functionResponse` parts. Gemini 3 nests tool-result images inside the function response; older
 * models get them in a following user turn. Lone surrogates are stripped from all text.
 */
export function convertGoogleMessages(messages: readonly Message[], model: Model): Content[] {
	const contents: Content[] = [];
	const nestsImages = isGemini3Model(model);
	let pendingImages: Part[] = [];
	const flushImages = (): void => {
		if (pendingImages.length === 0) return;
		contents.push({ role: "user", parts: [{ text: TOOL_RESULT_IMAGES_TEXT }, ...pendingImages] });
		pendingImages = [];
	};
	for (const message of transformMessages(messages, model, normalizeGoogleToolCallId)) {
		if (message.role !== "toolResult") flushImages();
		if (message.role === "user") {
			const parts = userParts(message.content);
			if (parts.length > 0) contents.push({ role: "user", parts });
		} else if (message.role === "assistant") {
			const parts = modelParts(message, model);
			if (parts.length > 0) contents.push({ role: "model", parts });
		} else {
			const images = message.content.filter((block): block is ImageContent => block.type === "image");
			const nested = nestsImages
				? images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } }))
				: [];
			if (!nestsImages) pendingImages.push(...images.map(inlineImage));
			const part = functionResponsePart(message, model, nested);
			const previous = contents.at(-1);
			if (previous?.role === "user" && previous.parts?.every((item) => item.functionResponse !== undefined)) {
				previous.parts.push(part);
			} else {
				contents.push({ role: "user", parts: [part] });
			}
		}
	}
	flushImages();
	return contents;
}
