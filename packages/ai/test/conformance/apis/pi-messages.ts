import { stream, streamSimple } from "../../../src/providers/pi-messages.js";
import type { Message, Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage, SentToolCall, SentToolResult } from "../api-under-test.js";
import { asNumber, asRecord } from "../support/json-shape.js";

function contextOf(body: unknown): { systemPrompt?: string; messages: Message[]; tools?: { name: string }[] } {
	const context = asRecord(asRecord(body).context) as {
		systemPrompt?: string;
		messages?: Message[];
		tools?: { name: string }[];
	};
	return { ...context, messages: context.messages ?? [] };
}

function textOf(content: string | { type: string; text?: string }[]): string[] {
	if (typeof content === "string") return [content];
	return content.filter((block) => block.type === "text").map((block) => block.text ?? "");
}

/**
 * The `pi-messages` API (pi's own protocol, spoken by the Radius gateway): the request body is
 * `{ model, context, options }` with pi's own messages, so the readers look at pi's types.
 */
export const piMessages: ApiUnderTest = {
	api: "pi-messages",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return {
			id: "balanced",
			name: "Radius balanced (mock)",
			api: "pi-messages",
			provider: "radius",
			baseUrl: `${mockUrl}/v1`,
			reasoning: true,
			input: ["text", "image"],
			cost: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
			contextWindow: 1_000_000,
			maxTokens: 131_072,
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
		const model = asRecord(request.body).model;
		return typeof model === "string" ? model : undefined;
	},
	systemPromptOf: (body) => contextOf(body).systemPrompt,
	userTextsOf: (body) =>
		contextOf(body)
			.messages.filter((message) => message.role === "user")
			.map((message) => textOf(message.content as string | { type: string; text?: string }[]))
			.filter((texts) => texts.length > 0)
			.map((texts) => texts.join("\n")),
	assistantTextsOf: (body) =>
		contextOf(body).messages.flatMap((message) =>
			message.role === "assistant"
				? message.content.flatMap((block) => (block.type === "text" ? [block.text] : []))
				: [],
		),
	replayedThinkingOf: (body) =>
		contextOf(body).messages.flatMap((message) =>
			message.role === "assistant"
				? message.content.flatMap((block): ReplayedThinking[] =>
						block.type === "thinking"
							? [
									{
										text: block.thinking,
										signature: block.thinkingSignature,
										...(block.redacted ? { redacted: true } : {}),
									},
								]
							: [],
					)
				: [],
		),
	toolCallsOf: (body) =>
		contextOf(body).messages.flatMap((message) =>
			message.role === "assistant"
				? message.content.flatMap((block): SentToolCall[] =>
						block.type === "toolCall" ? [{ id: block.id, name: block.name, arguments: block.arguments }] : [],
					)
				: [],
		),
	toolResultsOf: (body) =>
		contextOf(body).messages.flatMap((message): SentToolResult[] =>
			message.role === "toolResult"
				? [
						{
							toolCallId: message.toolCallId,
							text: message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n"),
							isError: message.isError,
						},
					]
				: [],
		),
	imagesOf: (body) =>
		contextOf(body).messages.flatMap((message): SentImage[] => {
			if (message.role === "assistant" || typeof message.content === "string") return [];
			return message.content.flatMap((block) =>
				block.type === "image" ? [{ data: block.data, mimeType: block.mimeType }] : [],
			);
		}),
	toolNamesOf: (body) => (contextOf(body).tools ?? []).map((tool) => tool.name),
	maxTokensOf: (body) => asNumber(asRecord(asRecord(body).options).maxTokens),
	withMaxTokens: (payload, maxTokens) => {
		const record = asRecord(payload);
		return { ...record, options: { ...asRecord(record.options), maxTokens } };
	},

	isValidToolCallId: () => true,
	expectedErrorParts: (status, vendorText) => [String(status), vendorText],
};
