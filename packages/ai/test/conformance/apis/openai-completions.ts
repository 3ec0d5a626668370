import { stream, streamSimple } from "../../../src/providers/openai-completions.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage, SentToolCall, SentToolResult } from "../api-under-test.js";
import { imageFromDataUrl } from "../support/data-url.js";
import { asNumber, asRecord, asString, decodeJsonString, records } from "../support/json-shape.js";
import { gpt5MiniMockModel } from "../support/openai-mock-model.js";

const REASONING_FIELDS = ["reasoning_content", "reasoning", "reasoning_text"];

function messagesOf(body: unknown): Record<string, unknown>[] {
	return records(asRecord(body).messages);
}

/** Content parts of a message; a string content reads as one text part. */
function partsOf(message: Record<string, unknown>): Record<string, unknown>[] {
	const content = message.content;
	if (typeof content === "string") return [{ type: "text", text: content }];
	return records(content);
}

function textsOf(message: Record<string, unknown>): string[] {
	return partsOf(message)
		.filter((part) => part.type === "text")
		.map((part) => asString(part.text) ?? "");
}

function imageOf(part: Record<string, unknown>): SentImage {
	return imageFromDataUrl(asString(asRecord(part.image_url).url) ?? "");
}

/** The user turn that carries tool-result images right after the tool messages (ai.md §8.7). */
function isToolResultImageTurn(messages: Record<string, unknown>[], index: number): boolean {
	const previous = messages[index - 1];
	const current = messages[index];
	return (
		previous?.role === "tool" && current?.role === "user" && partsOf(current).some((part) => part.type === "image_url")
	);
}

/** The `openai-completions` API (Chat Completions) through the `openai` SDK. */
export const openaiCompletions: ApiUnderTest = {
	api: "openai-completions",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return gpt5MiniMockModel("openai-completions", "GPT-5 mini via Chat Completions (mock)", mockUrl, overrides);
	},
	thinkingOptions: { reasoning: "medium" },
	capabilities: {
		streamsToolArguments: true,
		sendsToolCallIds: true,
		thinkingHasSignature: false,
		replaysThinking: true,
		redactedThinking: false,
	},

	requestedModelOf: (request) => asString(asRecord(request.body).model),
	systemPromptOf(body) {
		const texts = messagesOf(body)
			.filter((message) => message.role === "system" || message.role === "developer")
			.flatMap(textsOf);
		return texts.length > 0 ? texts.join("\n") : undefined;
	},
	userTextsOf(body) {
		const messages = messagesOf(body);
		return messages
			.filter((message, index) => message.role === "user" && !isToolResultImageTurn(messages, index))
			.map(textsOf)
			.filter((texts) => texts.length > 0)
			.map((texts) => texts.join("\n"));
	},
	assistantTextsOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "assistant")
			.flatMap(textsOf);
	},
	replayedThinkingOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "assistant")
			.flatMap((message): ReplayedThinking[] =>
				REASONING_FIELDS.flatMap((field) => {
					const text = asString(message[field]);
					return text === undefined ? [] : [{ text }];
				}),
			);
	},
	toolCallsOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "assistant")
			.flatMap((message) =>
				records(message.tool_calls).map((call): SentToolCall => {
					const fn = asRecord(call.function);
					return { id: asString(call.id), name: asString(fn.name) ?? "", arguments: decodeJsonString(fn.arguments) };
				}),
			);
	},
	toolResultsOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "tool")
			.map(
				(message): SentToolResult => ({
					toolCallId: asString(message.tool_call_id),
					text: textsOf(message).join("\n"),
				}),
			);
	},
	imagesOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "user")
			.flatMap((message) =>
				partsOf(message)
					.filter((part) => part.type === "image_url")
					.map(imageOf),
			);
	},
	toolNamesOf: (body) => records(asRecord(body).tools).map((tool) => asString(asRecord(tool.function).name) ?? ""),
	maxTokensOf(body) {
		const record = asRecord(body);
		return asNumber(record.max_completion_tokens) ?? asNumber(record.max_tokens);
	},
	withMaxTokens(payload, maxTokens) {
		const record = asRecord(payload);
		const field = record.max_tokens !== undefined ? "max_tokens" : "max_completion_tokens";
		return { ...record, [field]: maxTokens };
	},

	// ai.md §8.4: `callId|itemId` keeps the sanitised call id; OpenAI ids are at most 40 characters.
	isValidToolCallId: (id) => /^[A-Za-z0-9_-]{1,40}$/.test(id),
	expectedErrorParts: (status, vendorText) => [String(status), vendorText],
};
