import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, TEXT_ONLY, usd } from "./define-catalogue.js";

/** Groq's OpenAI-compatible API root. */
export const GROQ_BASE_URL = "https://api.groq.com/openai/v1";

/** Models hosted by Groq (OpenAI-compatible Chat Completions). Prices USD per million tokens. */
export const GROQ_MODELS = defineCatalogue(
	{ provider: "groq", api: "openai-completions", baseUrl: GROQ_BASE_URL },
	{
		"openai/gpt-oss-120b": {
			name: "GPT OSS 120B",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.15, 0.6),
			contextWindow: 131_072,
			maxTokens: 65_536,
		},
		"openai/gpt-oss-20b": {
			name: "GPT OSS 20B",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.075, 0.3),
			contextWindow: 131_072,
			maxTokens: 65_536,
		},
		"moonshotai/kimi-k2-instruct-0905": {
			name: "Kimi K2 Instruct 0905",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(1, 3),
			contextWindow: 262_144,
			maxTokens: 16_384,
		},
		"qwen/qwen3-32b": {
			name: "Qwen3 32B",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.29, 0.59),
			contextWindow: 131_072,
			maxTokens: 40_960,
		},
		"meta-llama/llama-4-maverick-17b-128e-instruct": {
			name: "Llama 4 Maverick",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.2, 0.6),
			contextWindow: 131_072,
			maxTokens: 8_192,
		},
		"llama-3.3-70b-versatile": {
			name: "Llama 3.3 70B Versatile",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.59, 0.79),
			contextWindow: 131_072,
			maxTokens: 32_768,
		},
		"llama-3.1-8b-instant": {
			name: "Llama 3.1 8B Instant",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.05, 0.08),
			contextWindow: 131_072,
			maxTokens: 131_072,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); GROQ_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The Groq provider: `GROQ_API_KEY`, OpenAI-compatible Chat Completions. */
export function groqProvider(): Provider {
	return catalogueProvider("groq");
}
