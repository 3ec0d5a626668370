import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_ONLY, usd } from "./define-catalogue.js";

/** Cerebras' OpenAI-compatible API root. */
export const CEREBRAS_BASE_URL = "https://api.cerebras.ai/v1";

/** Models hosted by Cerebras (OpenAI-compatible Chat Completions). Prices USD per million tokens. */
export const CEREBRAS_MODELS = defineCatalogue(
	{ provider: "cerebras", api: "openai-completions", baseUrl: CEREBRAS_BASE_URL },
	{
		"gpt-oss-120b": {
			name: "GPT OSS 120B",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.35, 0.75),
			contextWindow: 131_072,
			maxTokens: 32_768,
		},
		"qwen-3-235b-a22b-instruct-2507": {
			name: "Qwen 3 235B Instruct",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.6, 1.2),
			contextWindow: 131_072,
			maxTokens: 32_768,
		},
		"qwen-3-32b": {
			name: "Qwen 3 32B",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.4, 0.8),
			contextWindow: 131_072,
			maxTokens: 16_384,
		},
		"llama-3.3-70b": {
			name: "Llama 3.3 70B",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.85, 1.2),
			contextWindow: 131_072,
			maxTokens: 8_192,
		},
		"llama3.1-8b": {
			name: "Llama 3.1 8B",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.1, 0.1),
			contextWindow: 32_768,
			maxTokens: 8_192,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); CEREBRAS_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The Cerebras provider: `CEREBRAS_API_KEY`, OpenAI-compatible Chat Completions. */
export function cerebrasProvider(): Provider {
	return catalogueProvider("cerebras");
}
