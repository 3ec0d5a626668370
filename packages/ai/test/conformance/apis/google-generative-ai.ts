import { stream, streamSimple } from "../../../src/providers/google-generative-ai.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest, ReplayedThinking, SentImage, SentToolCall, SentToolResult } from "../api-under-test.js";
import { asNumber, asRecord, asString, records } from "../support/json-shape.js";

/** Google's `error.status` per HTTP status (https://ai.google.dev/gemini-api/docs/troubleshooting). */
const ERROR_STATUSES: Record<number, string> = {
	400: "INVALID_ARGUMENT",
	401: "UNAUTHENTICATED",
	403: "PERMISSION_DENIED",
	404: "NOT_FOUND",
	429: "RESOURCE_EXHAUSTED",
	500: "INTERNAL",
	503: "UNAVAILABLE",
};

function contentsOf(body: unknown, role: "user" | "model"): Record<string, unknown>[] {
	return records(asRecord(body).contents).filter((content) => content.role === role);
}

function partsOf(content: Record<string, unknown>): Record<string, unknown>[] {
	return records(content.parts);
}

function imageOf(part: Record<string, unknown>): SentImage {
	const inlineData = asRecord(part.inlineData);
	return { data: asString(inlineData.data) ?? "", mimeType: asString(inlineData.mimeType) };
}

/**
 * True for the user turn that carries a tool result's images right after the function responses
 * (ai.md §8.7): it is part of the tool result, not something the user typed.
 */
function isToolResultImageTurn(contents: Record<string, unknown>[], index: number): boolean {
	const previous = contents[index - 1];
	const current = contents[index];
	if (!previous || !current || previous.role !== "user" || current.role !== "user") return false;
	return (
		partsOf(previous).some((part) => part.functionResponse !== undefined) &&
		partsOf(current).some((part) => part.inlineData !== undefined)
	);
}

/** The `google-generative-ai` API (Gemini) through `@google/genai`. */
export const googleGenerativeAi: ApiUnderTest = {
	api: "google-generative-ai",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return {
			id: "gemini-2.5-flash",
			name: "Gemini 2.5 Flash (mock)",
			api: "google-generative-ai",
			provider: "google",
			baseUrl: `${mockUrl}/v1beta`,
			reasoning: true,
			input: ["text", "image"],
			cost: { input: 0.3, output: 2.5, cacheRead: 0.075, cacheWrite: 1 },
			contextWindow: 1_048_576,
			maxTokens: 65_536,
			...overrides,
		};
	},
	thinkingOptions: { reasoning: "medium" },
	capabilities: {
		streamsToolArguments: false,
		sendsToolCallIds: false,
		// Gemini never signs a thought part: the signature comes on a trailing empty text part (as
		// @pi/llm-mock now renders it, after recorded streams) and is kept as the text's signature.
		thinkingHasSignature: false,
		replaysThinking: true,
		redactedThinking: false,
	},

	requestedModelOf: (request) => /\/models\/([^/:?]+)/.exec(request.path)?.[1],
	systemPromptOf(body) {
		const instruction = asRecord(body).systemInstruction;
		if (instruction === undefined) return undefined;
		return partsOf(asRecord(instruction))
			.map((part) => asString(part.text) ?? "")
			.join("\n");
	},
	userTextsOf(body) {
		const contents = records(asRecord(body).contents);
		return contents
			.filter((content, index) => content.role === "user" && !isToolResultImageTurn(contents, index))
			.map((content) => partsOf(content).filter((part) => typeof part.text === "string"))
			.filter((texts) => texts.length > 0)
			.map((texts) => texts.map((part) => asString(part.text) ?? "").join("\n"));
	},
	assistantTextsOf(body) {
		return contentsOf(body, "model").flatMap((content) =>
			partsOf(content)
				.filter((part) => typeof part.text === "string" && part.thought !== true)
				.map((part) => asString(part.text) ?? ""),
		);
	},
	replayedThinkingOf(body) {
		return contentsOf(body, "model").flatMap((content) =>
			partsOf(content)
				.filter((part) => part.thought === true)
				.map(
					(part): ReplayedThinking => ({ text: asString(part.text) ?? "", signature: asString(part.thoughtSignature) }),
				),
		);
	},
	toolCallsOf(body) {
		return contentsOf(body, "model").flatMap((content) =>
			partsOf(content)
				.filter((part) => part.functionCall !== undefined)
				.map((part): SentToolCall => {
					const call = asRecord(part.functionCall);
					return { id: asString(call.id), name: asString(call.name) ?? "", arguments: call.args };
				}),
		);
	},
	toolResultsOf(body) {
		return contentsOf(body, "user").flatMap((content) =>
			partsOf(content)
				.filter((part) => part.functionResponse !== undefined)
				.map((part): SentToolResult => {
					const functionResponse = asRecord(part.functionResponse);
					const response = asRecord(functionResponse.response);
					const isError = response.error !== undefined;
					return {
						toolCallId: asString(functionResponse.id),
						text: asString(isError ? response.error : response.output) ?? "",
						isError,
					};
				}),
		);
	},
	imagesOf(body) {
		return contentsOf(body, "user").flatMap((content) =>
			partsOf(content).flatMap((part): SentImage[] => {
				if (part.inlineData !== undefined) return [imageOf(part)];
				if (part.functionResponse !== undefined) {
					return records(asRecord(part.functionResponse).parts)
						.filter((inner) => inner.inlineData !== undefined)
						.map(imageOf);
				}
				return [];
			}),
		);
	},
	toolNamesOf: (body) =>
		records(asRecord(body).tools).flatMap((tool) =>
			records(tool.functionDeclarations).map((declaration) => asString(declaration.name) ?? ""),
		),
	maxTokensOf: (body) => asNumber(asRecord(asRecord(body).generationConfig).maxOutputTokens),
	// The payload is the SDK's request parameters; the SDK moves `config` into `generationConfig`.
	withMaxTokens(payload, maxTokens) {
		const params = asRecord(payload);
		return { ...params, config: { ...asRecord(params.config), maxOutputTokens: maxTokens } };
	},

	isValidToolCallId: (id) => /^[A-Za-z0-9_-]{1,64}$/.test(id),
	expectedErrorParts(status, vendorText) {
		const statusName = ERROR_STATUSES[status];
		return [String(status), ...(statusName ? [statusName] : []), vendorText];
	},
};
