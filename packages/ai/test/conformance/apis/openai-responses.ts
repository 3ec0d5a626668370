import { stream, streamSimple } from "../../../src/providers/openai-responses.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage, SentToolCall, SentToolResult } from "../api-under-test.js";
import { imageFromDataUrl } from "../support/data-url.js";
import { asNumber, asRecord, asString, decodeJsonString, records } from "../support/json-shape.js";
import { gpt5MiniMockModel } from "../support/openai-mock-model.js";

function itemsOf(body: unknown): Record<string, unknown>[] {
	return records(asRecord(body).input);
}

/** Message items with `role` (easy messages have no `type`; full ones have `type: "message"`). */
function messagesOf(body: unknown, roles: string[]): Record<string, unknown>[] {
	return itemsOf(body).filter(
		(item) => (item.type === undefined || item.type === "message") && roles.includes(asString(item.role) ?? ""),
	);
}

/** Text of a message's content: a string, or its `input_text` / `output_text` parts. */
function textsOf(content: unknown): string[] {
	if (typeof content === "string") return [content];
	return records(content)
		.filter((part) => part.type === "input_text" || part.type === "output_text")
		.map((part) => asString(part.text) ?? "");
}

function imageOf(part: Record<string, unknown>): SentImage {
	return imageFromDataUrl(asString(part.image_url) ?? "");
}

/** The `openai-responses` API through the `openai` SDK. */
export const openaiResponses: ApiUnderTest = {
	api: "openai-responses",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return gpt5MiniMockModel("openai-responses", "GPT-5 mini (mock)", mockUrl, overrides);
	},
	thinkingOptions: { reasoning: "medium" },
	capabilities: {
		streamsToolArguments: true,
		sendsToolCallIds: true,
		thinkingHasSignature: true,
		replaysThinking: true,
		redactedThinking: true,
	},

	requestedModelOf: (request) => asString(asRecord(request.body).model),
	systemPromptOf(body) {
		const texts = messagesOf(body, ["system", "developer"]).flatMap((item) => textsOf(item.content));
		return texts.length > 0 ? texts.join("\n") : undefined;
	},
	userTextsOf(body) {
		return messagesOf(body, ["user"])
			.map((item) => textsOf(item.content))
			.filter((texts) => texts.length > 0)
			.map((texts) => texts.join("\n"));
	},
	assistantTextsOf: (body) => messagesOf(body, ["assistant"]).flatMap((item) => textsOf(item.content)),
	replayedThinkingOf(body) {
		return itemsOf(body)
			.filter((item) => item.type === "reasoning")
			.map((item): ReplayedThinking => {
				const text = records(item.summary)
					.map((part) => asString(part.text) ?? "")
					.join("\n\n");
				const signature = asString(item.encrypted_content);
				return { text, signature, ...(text === "" && signature ? { redacted: true } : {}) };
			});
	},
	toolCallsOf(body) {
		return itemsOf(body)
			.filter((item) => item.type === "function_call")
			.map(
				(item): SentToolCall => ({
					id: asString(item.call_id),
					name: asString(item.name) ?? "",
					arguments: decodeJsonString(item.arguments),
				}),
			);
	},
	toolResultsOf(body) {
		return itemsOf(body)
			.filter((item) => item.type === "function_call_output")
			.map((item): SentToolResult => ({ toolCallId: asString(item.call_id), text: textsOf(item.output).join("\n") }));
	},
	imagesOf(body) {
		return itemsOf(body).flatMap((item) => {
			const content =
				item.type === "function_call_output" ? item.output : item.role === "user" ? item.content : undefined;
			return records(content)
				.filter((part) => part.type === "input_image")
				.map(imageOf);
		});
	},
	toolNamesOf: (body) => records(asRecord(body).tools).map((tool) => asString(tool.name) ?? ""),
	maxTokensOf: (body) => asNumber(asRecord(body).max_output_tokens),
	withMaxTokens: (payload, maxTokens) => ({ ...asRecord(payload), max_output_tokens: maxTokens }),

	// ai.md §8.4: the wire `call_id` is the sanitised call half of `callId|itemId`, at most 64 characters.
	isValidToolCallId: (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id),
	expectedErrorParts: (status, vendorText) => [String(status), vendorText],
};
