import { stream, streamSimple } from "../../../src/providers/anthropic-messages.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage, SentToolCall, SentToolResult } from "../api-under-test.js";
import { asNumber, asRecord, asString, records } from "../support/json-shape.js";

/** Anthropic's `error.type` per HTTP status (https://docs.anthropic.com/en/api/errors). */
const ERROR_TYPES: Record<number, string> = {
	400: "invalid_request_error",
	401: "authentication_error",
	403: "permission_error",
	404: "not_found_error",
	413: "request_too_large",
	429: "rate_limit_error",
	500: "api_error",
	529: "overloaded_error",
};

function messagesOf(body: unknown, role: "user" | "assistant"): Record<string, unknown>[] {
	return records(asRecord(body).messages).filter((message) => message.role === role);
}

/** Content blocks of a message; a string content reads as one text block. */
function blocksOf(message: Record<string, unknown>): Record<string, unknown>[] {
	const content = message.content;
	if (typeof content === "string") return [{ type: "text", text: content }];
	return records(content);
}

function textOfBlocks(content: unknown): string {
	if (typeof content === "string") return content;
	return records(content)
		.filter((block) => block.type === "text")
		.map((block) => asString(block.text) ?? "")
		.join("\n");
}

function imageOf(block: Record<string, unknown>): SentImage {
	const source = asRecord(block.source);
	return { data: asString(source.data) ?? "", mimeType: asString(source.media_type) };
}

/** The `anthropic-messages` API (Claude) through `@anthropic-ai/sdk`. */
export const anthropicMessages: ApiUnderTest = {
	api: "anthropic-messages",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return {
			// Haiku 4.5: budget thinking, and not on the SDK's deprecation list (which warns on stderr).
			id: "claude-haiku-4-5",
			name: "Claude Haiku 4.5 (mock)",
			api: "anthropic-messages",
			provider: "anthropic",
			baseUrl: mockUrl,
			reasoning: true,
			input: ["text", "image"],
			cost: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
			contextWindow: 200_000,
			maxTokens: 64_000,
			...overrides,
		};
	},
	thinkingOptions: { reasoning: "medium" },
	capabilities: {
		streamsToolArguments: true,
		sendsToolCallIds: true,
		thinkingHasSignature: true,
		replaysThinking: true,
		redactedThinking: true,
		reportsCacheWrite: true,
	},

	requestedModelOf: (request) => asString(asRecord(request.body).model),
	systemPromptOf(body) {
		const system = asRecord(body).system;
		if (system === undefined) return undefined;
		return textOfBlocks(system);
	},
	userTextsOf(body) {
		return messagesOf(body, "user")
			.map((message) => blocksOf(message).filter((block) => block.type === "text"))
			.filter((texts) => texts.length > 0)
			.map((texts) => texts.map((block) => asString(block.text) ?? "").join("\n"));
	},
	assistantTextsOf(body) {
		return messagesOf(body, "assistant").flatMap((message) =>
			blocksOf(message)
				.filter((block) => block.type === "text")
				.map((block) => asString(block.text) ?? ""),
		);
	},
	replayedThinkingOf(body) {
		return messagesOf(body, "assistant").flatMap((message) =>
			blocksOf(message).flatMap((block): ReplayedThinking[] => {
				if (block.type === "thinking") {
					return [{ text: asString(block.thinking) ?? "", signature: asString(block.signature) }];
				}
				if (block.type === "redacted_thinking") return [{ text: "", signature: asString(block.data), redacted: true }];
				return [];
			}),
		);
	},
	toolCallsOf(body) {
		return messagesOf(body, "assistant").flatMap((message) =>
			blocksOf(message)
				.filter((block) => block.type === "tool_use")
				.map(
					(block): SentToolCall => ({
						id: asString(block.id),
						name: asString(block.name) ?? "",
						arguments: block.input,
					}),
				),
		);
	},
	toolResultsOf(body) {
		return messagesOf(body, "user").flatMap((message) =>
			blocksOf(message)
				.filter((block) => block.type === "tool_result")
				.map(
					(block): SentToolResult => ({
						toolCallId: asString(block.tool_use_id),
						text: textOfBlocks(block.content),
						isError: block.is_error === true,
					}),
				),
		);
	},
	imagesOf(body) {
		return messagesOf(body, "user").flatMap((message) =>
			blocksOf(message).flatMap((block): SentImage[] => {
				if (block.type === "image") return [imageOf(block)];
				if (block.type === "tool_result") {
					return records(block.content)
						.filter((inner) => inner.type === "image")
						.map(imageOf);
				}
				return [];
			}),
		);
	},
	toolNamesOf: (body) => records(asRecord(body).tools).map((tool) => asString(tool.name) ?? ""),
	maxTokensOf: (body) => asNumber(asRecord(body).max_tokens),
	withMaxTokens: (payload, maxTokens) => ({ ...asRecord(payload), max_tokens: maxTokens }),

	isValidToolCallId: (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id),
	expectedErrorParts(status, vendorText) {
		const type = ERROR_TYPES[status];
		return [String(status), ...(type ? [type] : []), vendorText];
	},
};
