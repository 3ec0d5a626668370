import type { Api, Model } from "../../../src/types.js";

/**
 * GPT-5 mini on the `openai` provider, served by the mock at `mockUrl` under `/v1` and spoken to
 * over `api` (both OpenAI adapters use this model). `overrides` are spread last.
 */
export function gpt5MiniMockModel(api: Api, name: string, mockUrl: string, overrides: Partial<Model> = {}): Model {
	return {
		id: "gpt-5-mini",
		name,
		api,
		provider: "openai",
		baseUrl: `${mockUrl}/v1`,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 0.25, output: 2, cacheRead: 0.025, cacheWrite: 0 },
		contextWindow: 400_000,
		maxTokens: 128_000,
		...overrides,
	};
}
