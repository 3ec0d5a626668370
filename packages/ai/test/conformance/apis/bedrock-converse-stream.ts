import { stream, streamSimple } from "../../../src/providers/bedrock-converse-stream.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage, SentToolCall, SentToolResult } from "../api-under-test.js";
import { asNumber, asRecord, asString, records } from "../support/json-shape.js";

function messagesOf(body: unknown, role: string): Record<string, unknown>[] {
	return records(asRecord(body).messages).filter((message) => message.role === role);
}

function blocksOf(body: unknown, role: string): Record<string, unknown>[] {
	return messagesOf(body, role).flatMap((message) => records(message.content));
}

function imageOf(image: Record<string, unknown>): SentImage {
	return { data: asString(asRecord(image.source).bytes) ?? "", mimeType: `image/${asString(image.format) ?? "png"}` };
}

/**
 * The `bedrock-converse-stream` API (Amazon Bedrock ConverseStream) through
 * `@aws-sdk/client-bedrock-runtime`, with a Bedrock API key (bearer) against the mock's
 * `/model/{id}/converse-stream` route, which answers in AWS event-stream framing.
 */
export const bedrockConverseStream: ApiUnderTest = {
	api: "bedrock-converse-stream",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return {
			id: "anthropic.claude-haiku-4-5-20251001-v1:0",
			name: "Claude Haiku 4.5 on Bedrock (mock)",
			api: "bedrock-converse-stream",
			provider: "amazon-bedrock",
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

	requestedModelOf: (request) => {
		const id = /\/model\/([^/]+)\/converse/.exec(request.path)?.[1];
		return id === undefined ? undefined : decodeURIComponent(id);
	},
	systemPromptOf(body) {
		const system = records(asRecord(body).system);
		return system.length > 0 ? system.map((block) => asString(block.text) ?? "").join("\n") : undefined;
	},
	userTextsOf(body) {
		return messagesOf(body, "user")
			.map((message) => records(message.content).filter((block) => block.text !== undefined))
			.filter((blocks) => blocks.length > 0)
			.map((blocks) => blocks.map((block) => asString(block.text) ?? "").join("\n"));
	},
	assistantTextsOf: (body) =>
		blocksOf(body, "assistant")
			.filter((block) => block.text !== undefined)
			.map((block) => asString(block.text) ?? ""),
	replayedThinkingOf(body) {
		return blocksOf(body, "assistant").flatMap((block): ReplayedThinking[] => {
			if (block.reasoningContent === undefined) return [];
			const reasoning = asRecord(block.reasoningContent);
			if (reasoning.redactedContent !== undefined) {
				const data = Buffer.from(asString(reasoning.redactedContent) ?? "", "base64").toString("base64");
				return [{ text: "", signature: data, redacted: true }];
			}
			const text = asRecord(reasoning.reasoningText);
			return [{ text: asString(text.text) ?? "", signature: asString(text.signature) }];
		});
	},
	toolCallsOf: (body) =>
		blocksOf(body, "assistant")
			.filter((block) => block.toolUse !== undefined)
			.map((block): SentToolCall => {
				const use = asRecord(block.toolUse);
				return { id: asString(use.toolUseId), name: asString(use.name) ?? "", arguments: use.input };
			}),
	toolResultsOf: (body) =>
		blocksOf(body, "user")
			.filter((block) => block.toolResult !== undefined)
			.map((block): SentToolResult => {
				const result = asRecord(block.toolResult);
				return {
					toolCallId: asString(result.toolUseId),
					text: records(result.content)
						.filter((inner) => inner.text !== undefined)
						.map((inner) => asString(inner.text) ?? "")
						.join("\n"),
					isError: result.status === "error",
				};
			}),
	imagesOf: (body) =>
		blocksOf(body, "user").flatMap((block): SentImage[] => {
			if (block.image !== undefined) return [imageOf(asRecord(block.image))];
			if (block.toolResult === undefined) return [];
			return records(asRecord(block.toolResult).content)
				.filter((inner) => inner.image !== undefined)
				.map((inner) => imageOf(asRecord(inner.image)));
		}),
	toolNamesOf: (body) =>
		records(asRecord(asRecord(body).toolConfig).tools).map((tool) => asString(asRecord(tool.toolSpec).name) ?? ""),
	maxTokensOf: (body) => asNumber(asRecord(asRecord(body).inferenceConfig).maxTokens),
	withMaxTokens: (payload, maxTokens) => {
		const record = asRecord(payload);
		return { ...record, inferenceConfig: { ...asRecord(record.inferenceConfig), maxTokens } };
	},

	isValidToolCallId: (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id),
	expectedErrorParts: (status, vendorText) => [String(status), vendorText],
};
