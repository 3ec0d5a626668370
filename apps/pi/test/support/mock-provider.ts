import { type MockLlm, startMockLlm } from "@pi/llm-mock";
import type { PiTestEnv } from "./pi-env.js";

/** The wire formats a test can point pi at. */
export type MockWireApi = "openai-completions" | "anthropic-messages" | "openai-responses" | "google-generative-ai";

export const MOCK_PROVIDER = "mock";
export const MOCK_MODEL = "mock-model";
export const MOCK_API_KEY = "test-key";

/** The base URL each API's client expects in front of its route. */
function baseUrlFor(mock: MockLlm, api: MockWireApi): string {
	return api === "openai-completions" || api === "openai-responses" ? `${mock.url}/v1` : mock.url;
}

/**
 * A models.json provider `mock` with model `mock-model` speaking `api` against the mock; written
 * as the default provider/model in settings.json too, so a bare `pi -p hi` uses it.
 */
export function useMockProvider(
	env: PiTestEnv,
	mock: MockLlm,
	api: MockWireApi = "openai-completions",
	model: { reasoning?: boolean; maxTokens?: number; contextWindow?: number; input?: ("text" | "image")[] } = {},
): void {
	env.writeModelsJson({
		providers: {
			[MOCK_PROVIDER]: {
				baseUrl: baseUrlFor(mock, api),
				api,
				apiKey: MOCK_API_KEY,
				models: [{ id: MOCK_MODEL, ...model }],
			},
		},
	});
	env.writeSettings({ defaultProvider: MOCK_PROVIDER, defaultModel: MOCK_MODEL });
}

/** Starts llm-mock on 127.0.0.1 (ephemeral port); close it in afterEach. */
export function startMock(): Promise<MockLlm> {
	return startMockLlm();
}

export type { MockLlm, MockResponse } from "@pi/llm-mock";
