import type { Provider } from "../provider.js";
import type { OpenAICompletionsCompat } from "../types.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, TEXT_ONLY, usd } from "./define-catalogue.js";

/** Mistral's API root (OpenAI-compatible chat completions). */
export const MISTRAL_BASE_URL = "https://api.mistral.ai/v1";

/**
 * Mistral's OpenAI-compatible quirks (ai.md §6), stated on every model so they hold even when the
 * models are re-hosted under another base URL: no `store`/developer role/`reasoning_effort`,
 * `max_tokens`, `name` on tool results, thinking replayed as text.
 */
export const MISTRAL_COMPAT: OpenAICompletionsCompat = {
	supportsStore: false,
	supportsDeveloperRole: false,
	supportsReasoningEffort: false,
	maxTokensField: "max_tokens",
	requiresToolResultName: true,
	requiresThinkingAsText: true,
};

/** Mistral models (OpenAI-compatible Chat Completions with Mistral compat). Prices USD per million tokens. */
export const MISTRAL_MODELS = defineCatalogue(
	{ provider: "mistral", api: "openai-completions", baseUrl: MISTRAL_BASE_URL },
	{
		"mistral-large-latest": {
			name: "Mistral Large (latest)",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.5, 1.5),
			contextWindow: 262_144,
			maxTokens: 262_144,
			compat: MISTRAL_COMPAT,
		},
		"mistral-medium-latest": {
			name: "Mistral Medium (latest)",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.4, 2),
			contextWindow: 131_072,
			maxTokens: 131_072,
			compat: MISTRAL_COMPAT,
		},
		"mistral-small-latest": {
			name: "Mistral Small (latest)",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.1, 0.3),
			contextWindow: 131_072,
			maxTokens: 131_072,
			compat: MISTRAL_COMPAT,
		},
		"devstral-medium-latest": {
			name: "Devstral Medium (latest)",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.4, 2),
			contextWindow: 131_072,
			maxTokens: 131_072,
			compat: MISTRAL_COMPAT,
		},
		"devstral-small-latest": {
			name: "Devstral Small (latest)",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.1, 0.3),
			contextWindow: 131_072,
			maxTokens: 131_072,
			compat: MISTRAL_COMPAT,
		},
		"codestral-latest": {
			name: "Codestral (latest)",
			reasoning: false,
			input: TEXT_ONLY,
			cost: usd(0.3, 0.9),
			contextWindow: 256_000,
			maxTokens: 256_000,
			compat: MISTRAL_COMPAT,
		},
		"magistral-medium-latest": {
			name: "Magistral Medium (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(2, 5),
			contextWindow: 128_000,
			maxTokens: 40_000,
			compat: MISTRAL_COMPAT,
		},
		"magistral-small-latest": {
			name: "Magistral Small (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.5, 1.5),
			contextWindow: 128_000,
			maxTokens: 40_000,
			compat: MISTRAL_COMPAT,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); MISTRAL_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The Mistral provider: `MISTRAL_API_KEY`, OpenAI-compatible Chat Completions. */
export function mistralProvider(): Provider {
	return catalogueProvider("mistral");
}
