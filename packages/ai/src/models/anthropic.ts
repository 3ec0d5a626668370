import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, usd } from "./define-catalogue.js";

/** Anthropic's API root. */
export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";

/**
 * Anthropic models (Messages API). Prices USD per million tokens as published by Anthropic
 * (cache write = 5-minute write price). Opus/Sonnet 4.6 use adaptive thinking.
 */
export const ANTHROPIC_MODELS = defineCatalogue(
	{ provider: "anthropic", api: "anthropic-messages", baseUrl: ANTHROPIC_BASE_URL },
	{
		"claude-opus-4-6": {
			name: "Claude Opus 4.6",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(5, 25, 0.5, 6.25),
			contextWindow: 1_000_000,
			maxTokens: 128_000,
		},
		"claude-sonnet-4-6": {
			name: "Claude Sonnet 4.6",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 1_000_000,
			maxTokens: 128_000,
		},
		"claude-opus-4-5": {
			name: "Claude Opus 4.5 (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(5, 25, 0.5, 6.25),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-opus-4-5-20251101": {
			name: "Claude Opus 4.5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(5, 25, 0.5, 6.25),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-sonnet-4-5": {
			name: "Claude Sonnet 4.5 (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-sonnet-4-5-20250929": {
			name: "Claude Sonnet 4.5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-haiku-4-5": {
			name: "Claude Haiku 4.5 (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1, 5, 0.1, 1.25),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-haiku-4-5-20251001": {
			name: "Claude Haiku 4.5",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1, 5, 0.1, 1.25),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-opus-4-1": {
			name: "Claude Opus 4.1 (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(15, 75, 1.5, 18.75),
			contextWindow: 200_000,
			maxTokens: 32_000,
		},
		"claude-opus-4-1-20250805": {
			name: "Claude Opus 4.1",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(15, 75, 1.5, 18.75),
			contextWindow: 200_000,
			maxTokens: 32_000,
		},
		"claude-sonnet-4-0": {
			name: "Claude Sonnet 4 (latest)",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-sonnet-4-20250514": {
			name: "Claude Sonnet 4",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(3, 15, 0.3, 3.75),
			contextWindow: 200_000,
			maxTokens: 64_000,
		},
		"claude-opus-4-20250514": {
			name: "Claude Opus 4",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(15, 75, 1.5, 18.75),
			contextWindow: 200_000,
			maxTokens: 32_000,
		},
		"claude-3-5-haiku-20241022": {
			name: "Claude Haiku 3.5",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.8, 4, 0.08, 1),
			contextWindow: 200_000,
			maxTokens: 8_192,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); ANTHROPIC_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The Anthropic provider: `ANTHROPIC_API_KEY` (or `ANTHROPIC_OAUTH_TOKEN`), Messages API. */
export function anthropicProvider(): Provider {
	return catalogueProvider("anthropic");
}
