import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, TEXT_ONLY, usd } from "./define-catalogue.js";

/** xAI's OpenAI-compatible API root. */
export const XAI_BASE_URL = "https://api.x.ai/v1";

/** xAI Grok models (OpenAI-compatible Chat Completions). Prices USD per million tokens. */
export const XAI_MODELS = defineCatalogue(
	{ provider: "xai", api: "openai-completions", baseUrl: XAI_BASE_URL },
	{
		"grok-4": {
			name: "Grok 4",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.75),
			contextWindow: 256_000,
			maxTokens: 64_000,
		},
		"grok-4-1-fast-reasoning": {
			name: "Grok 4.1 Fast (reasoning)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.2, 0.5, 0.05),
			contextWindow: 2_000_000,
			maxTokens: 30_000,
		},
		"grok-4-1-fast-non-reasoning": {
			name: "Grok 4.1 Fast",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.2, 0.5, 0.05),
			contextWindow: 2_000_000,
			maxTokens: 30_000,
		},
		"grok-4-fast-reasoning": {
			name: "Grok 4 Fast (reasoning)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.2, 0.5, 0.05),
			contextWindow: 2_000_000,
			maxTokens: 30_000,
		},
		"grok-4-fast-non-reasoning": {
			name: "Grok 4 Fast",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.2, 0.5, 0.05),
			contextWindow: 2_000_000,
			maxTokens: 30_000,
		},
		"grok-code-fast-1": {
			name: "Grok Code Fast 1",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.2, 1.5, 0.02),
			contextWindow: 256_000,
			maxTokens: 10_000,
		},
		"grok-3": {
			name: "Grok 3",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(3, 15, 0.75),
			contextWindow: 131_072,
			maxTokens: 8_192,
		},
		"grok-3-mini": {
			name: "Grok 3 Mini",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.3, 0.5, 0.075),
			contextWindow: 131_072,
			maxTokens: 8_192,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); XAI_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The xAI provider: `XAI_API_KEY`, OpenAI-compatible Chat Completions. */
export function xaiProvider(): Provider {
	return catalogueProvider("xai");
}
