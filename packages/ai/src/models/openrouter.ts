import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, TEXT_ONLY, usd } from "./define-catalogue.js";

/** OpenRouter's OpenAI-compatible API root. */
export const OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1";

/**
 * A selection of OpenRouter models (OpenAI-compatible Chat Completions with OpenRouter's
 * `reasoning` field). Prices USD per million tokens, as OpenRouter lists them.
 */
export const OPENROUTER_MODELS = defineCatalogue(
	{ provider: "openrouter", api: "openai-completions", baseUrl: OPENROUTER_BASE_URL },
	{
		"anthropic/claude-opus-4.6": {
			name: "Anthropic: Claude Opus 4.6",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(5, 25, 0.5, 6.25),
			contextWindow: 1_000_000,
			maxTokens: 128_000,
		},
		"anthropic/claude-sonnet-4.6": {
			name: "Anthropic: Claude Sonnet 4.6",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 1_000_000,
			maxTokens: 128_000,
		},
		"anthropic/claude-opus-4.5": {
			name: "Anthropic: Claude Opus 4.5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(5, 25, 0.5, 6.25),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"anthropic/claude-sonnet-4.5": {
			name: "Anthropic: Claude Sonnet 4.5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 1_000_000,
			maxTokens: 64_000,
		},
		"anthropic/claude-haiku-4.5": {
			name: "Anthropic: Claude Haiku 4.5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1, 5, 0.1, 1.25),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"openai/gpt-5.4": {
			name: "OpenAI: GPT-5.4",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(2.5, 15, 0.25),
			contextWindow: 1_050_000,
			maxTokens: 128_000,
		},
		"openai/gpt-5.2": {
			name: "OpenAI: GPT-5.2",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.75, 14, 0.175),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"openai/gpt-5-mini": {
			name: "OpenAI: GPT-5 Mini",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.25, 2, 0.025),
			contextWindow: 400_000,
			maxTokens: 128_000,
		},
		"openai/gpt-oss-120b": {
			name: "OpenAI: gpt-oss-120b",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.1, 0.5),
			contextWindow: 131_072,
			maxTokens: 32_768,
		},
		"google/gemini-3-pro-preview": {
			name: "Google: Gemini 3 Pro Preview",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(2, 12, 0.2),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"google/gemini-2.5-pro": {
			name: "Google: Gemini 2.5 Pro",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.31),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"google/gemini-2.5-flash": {
			name: "Google: Gemini 2.5 Flash",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.3, 2.5, 0.075),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"x-ai/grok-4": {
			name: "xAI: Grok 4",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.75),
			contextWindow: 256_000,
			maxTokens: 64_000,
		},
		"x-ai/grok-code-fast-1": {
			name: "xAI: Grok Code Fast 1",
			reasoning: true,
			input: TEXT_ONLY,
			cost: usd(0.2, 1.5, 0.02),
			contextWindow: 256_000,
			maxTokens: 10_000,
		},
		"qwen/qwen3-coder": {
			name: "Qwen: Qwen3 Coder 480B A35B",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.22, 0.95),
			contextWindow: 262_144,
			maxTokens: 65_536,
		},
		"moonshotai/kimi-k2-0905": {
			name: "MoonshotAI: Kimi K2 0905",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.39, 1.9),
			contextWindow: 262_144,
			maxTokens: 65_536,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); OPENROUTER_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The OpenRouter provider: `OPENROUTER_API_KEY`, OpenAI-compatible Chat Completions. */
export function openrouterProvider(): Provider {
	return catalogueProvider("openrouter");
}
