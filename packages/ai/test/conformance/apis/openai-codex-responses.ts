import { stream, streamSimple } from "../../../src/providers/openai-codex-responses.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest } from "../api-under-test.js";
import { asRecord, asString } from "../support/json-shape.js";
import { gpt5MiniMockModel } from "../support/openai-mock-model.js";
import { openaiResponses } from "./openai-responses.js";

/**
 * The `openai-codex-responses` API (the ChatGPT Codex endpoint, SSE) through the `openai` SDK: the
 * Responses wire format at `<baseUrl>/codex/responses`, the system prompt in `instructions`, no
 * max output tokens (the endpoint refuses them).
 */
export const openaiCodexResponses: ApiUnderTest = {
	...openaiResponses,
	api: "openai-codex-responses",
	// The SSE transport: the suite's HTTP faults (headers, split bodies, drops) are SSE's. The
	// default ("auto", WebSocket first) is tested in test/providers/openai-codex-transport.test.ts.
	stream: (model, context, options) => stream(model, context, { transport: "sse", ...options }),
	streamSimple: (model, context, options) => streamSimple(model, context, { transport: "sse", ...options }),
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return gpt5MiniMockModel("openai-codex-responses", "GPT-5 mini via Codex (mock)", mockUrl, {
			provider: "openai-codex",
			baseUrl: mockUrl,
			...overrides,
		});
	},
	capabilities: { ...openaiResponses.capabilities, sendsMaxTokens: false },
	systemPromptOf: (body) => asString(asRecord(body).instructions),
};
