import { stream, streamSimple } from "../../../src/providers/mistral-conversations.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage } from "../api-under-test.js";
import { imageFromDataUrl } from "../support/data-url.js";
import { asNumber, asRecord, asString, records } from "../support/json-shape.js";
import { openaiCompletions } from "./openai-completions.js";

function messagesOf(body: unknown): Record<string, unknown>[] {
	return records(asRecord(body).messages);
}

function partsOf(message: Record<string, unknown>): Record<string, unknown>[] {
	const content = message.content;
	if (typeof content === "string") return [{ type: "text", text: content }];
	return records(content);
}

/**
 * The `mistral-conversations` API through `@mistralai/mistralai`: Chat Completions–shaped snake_case
 * JSON at `<baseUrl>/v1/chat/completions`, with Mistral's own content chunks (thinking chunks,
 * `image_url` as a string) and 9-character tool-call ids.
 */
export const mistralConversations: ApiUnderTest = {
	...openaiCompletions,
	api: "mistral-conversations",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return {
			id: "magistral-medium-latest",
			name: "Magistral Medium (mock)",
			api: "mistral-conversations",
			provider: "mistral",
			baseUrl: mockUrl,
			reasoning: true,
			input: ["text", "image"],
			cost: { input: 2, output: 5, cacheRead: 0.2, cacheWrite: 0 },
			contextWindow: 128_000,
			maxTokens: 40_000,
			...overrides,
		};
	},
	capabilities: {
		// Mistral sends each tool call whole, in one delta.
		streamsToolArguments: false,
		sendsToolCallIds: true,
		thinkingHasSignature: false,
		replaysThinking: true,
		redactedThinking: false,
	},
	replayedThinkingOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "assistant")
			.flatMap((message) =>
				partsOf(message)
					.filter((part) => part.type === "thinking")
					.map(
						(part): ReplayedThinking => ({
							text: records(part.thinking)
								.map((inner) => asString(inner.text) ?? "")
								.join(""),
							signature: asString(part.signature),
						}),
					),
			);
	},
	imagesOf(body) {
		return messagesOf(body)
			.filter((message) => message.role === "user")
			.flatMap((message) =>
				partsOf(message)
					.filter((part) => part.type === "image_url")
					.map(
						(part): SentImage =>
							imageFromDataUrl(asString(part.image_url) ?? asString(asRecord(part.image_url).url) ?? ""),
					),
			);
	},
	maxTokensOf: (body) => asNumber(asRecord(body).max_tokens),
	withMaxTokens: (payload, maxTokens) => ({ ...asRecord(payload), maxTokens }),
	isValidToolCallId: (id) => /^[A-Za-z0-9]{9}$/.test(id),
};
