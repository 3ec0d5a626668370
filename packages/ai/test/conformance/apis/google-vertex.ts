import { stream, streamSimple } from "../../../src/providers/google-vertex.js";
import type { Model } from "../../../src/types.js";
import type { ApiUnderTest } from "../api-under-test.js";
import { googleGenerativeAi } from "./google-generative-ai.js";

/**
 * The `google-vertex` API through `@google/genai` in Vertex mode with an API key: the Gemini body
 * at `<baseUrl>/v1/publishers/google/models/{model}:streamGenerateContent?alt=sse`.
 */
export const googleVertex: ApiUnderTest = {
	...googleGenerativeAi,
	api: "google-vertex",
	stream,
	streamSimple,
	makeModel(mockUrl: string, overrides: Partial<Model> = {}): Model {
		return googleGenerativeAi.makeModel(mockUrl, {
			api: "google-vertex",
			provider: "google-vertex",
			baseUrl: mockUrl,
			name: "Gemini 2.5 Flash on Vertex (mock)",
			...overrides,
		});
	},
};
