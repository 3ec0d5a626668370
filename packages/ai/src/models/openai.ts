import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, usd } from "./define-catalogue.js";

/** OpenAI's API root. */
export const OPENAI_BASE_URL = "https://api.openai.com/v1";

/** OpenAI models (Responses API). Prices USD per million tokens; cacheRead = cached input. */
export const OPENAI_MODELS = defineCatalogue(
	{ provider: "openai", api: "openai-responses", baseUrl: OPENAI_BASE_URL },
	{
		"gpt-5.4": {
			name: "GPT-5.4",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(2.5, 15, 0.25),
			contextWindow: 1_050_000,
			maxTokens: 128_000,
		},
		"gpt-5.4-mini": {
			name: "GPT-5.4 mini",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.75, 4.5, 0.075),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5.2": {
			name: "GPT-5.2",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.75, 14, 0.175),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5.2-codex": {
			name: "GPT-5.2 Codex",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.75, 14, 0.175),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5.1": {
			name: "GPT-5.1",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.125),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5.1-codex": {
			name: "GPT-5.1 Codex",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.125),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5.1-codex-max": {
			name: "GPT-5.1 Codex Max",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.125),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5.1-codex-mini": {
			name: "GPT-5.1 Codex mini",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.25, 2, 0.025),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5": {
			name: "GPT-5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.125),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5-mini": {
			name: "GPT-5 mini",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.25, 2, 0.025),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5-nano": {
			name: "GPT-5 nano",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.05, 0.4, 0.005),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"gpt-5-codex": {
			name: "GPT-5 Codex",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.125),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		o3: {
			name: "o3",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(2, 8, 0.5),
			contextWindow: 200_000,
			maxTokens: 100_000,
		},
		"o4-mini": {
			name: "o4-mini",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.1, 4.4, 0.275),
			contextWindow: 200_000,
			maxTokens: 100_000,
		},
		"gpt-4.1": {
			name: "GPT-4.1",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(2, 8, 0.5),
			contextWindow: 1_047_576,
			maxTokens: 32_768,
		},
		"gpt-4.1-mini": {
			name: "GPT-4.1 mini",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.4, 1.6, 0.1),
			contextWindow: 1_047_576,
			maxTokens: 32_768,
		},
		"gpt-4o": {
			name: "GPT-4o",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(2.5, 10, 1.25),
			contextWindow: 128_000,
			maxTokens: 16_384,
		},
		"gpt-4o-mini": {
			name: "GPT-4o mini",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.15, 0.6, 0.075),
			contextWindow: 128_000,
			maxTokens: 16_384,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); OPENAI_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The OpenAI provider: `OPENAI_API_KEY`, Responses API. */
export function openaiProvider(): Provider {
	return catalogueProvider("openai");
}
