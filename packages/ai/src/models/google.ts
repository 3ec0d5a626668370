import type { Provider } from "../provider.js";
import { catalogueProvider } from "./catalogue-provider.js";
import { defineCatalogue, TEXT_IMAGE, usd } from "./define-catalogue.js";

/** The Gemini API root. */
export const GOOGLE_BASE_URL = "https://generativelanguage.googleapis.com/v1beta";

/** Google Gemini models (Generative Language API). Prices USD per million tokens (≤200k-token prompts). */
export const GOOGLE_MODELS = defineCatalogue(
	{ provider: "google", api: "google-generative-ai", baseUrl: GOOGLE_BASE_URL },
	{
		"gemini-3-pro-preview": {
			name: "Gemini 3 Pro Preview",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(2, 12, 0.2),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-3-flash-preview": {
			name: "Gemini 3 Flash Preview",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.5, 3, 0.05),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-2.5-pro": {
			name: "Gemini 2.5 Pro",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(1.25, 10, 0.31),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-2.5-flash": {
			name: "Gemini 2.5 Flash",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.3, 2.5, 0.075),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-2.5-flash-lite": {
			name: "Gemini 2.5 Flash-Lite",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.1, 0.4, 0.025),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-flash-latest": {
			name: "Gemini Flash Latest",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.3, 2.5, 0.075),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-flash-lite-latest": {
			name: "Gemini Flash-Lite Latest",
			reasoning: true,
			input: TEXT_IMAGE,
			cost: usd(0.1, 0.4, 0.025),
			contextWindow: 1_048_576,
			maxTokens: 65_536,
		},
		"gemini-2.0-flash": {
			name: "Gemini 2.0 Flash",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.1, 0.4, 0.025),
			contextWindow: 1_048_576,
			maxTokens: 8_192,
		},
		"gemini-2.0-flash-lite": {
			name: "Gemini 2.0 Flash-Lite",
			reasoning: false,
			input: TEXT_IMAGE,
			cost: usd(0.075, 0.3),
			contextWindow: 1_048_576,
			maxTokens: 8_192,
		},
	},
);

// Its models are the catalogue's (pi 1.4's list, so `--list-models` shows what 1.4 does); GOOGLE_MODELS
// above is pi's earlier list, still exported for code that imports it, and not registered.
/** The Google provider: `GEMINI_API_KEY`, Gemini API. */
export function googleProvider(): Provider {
	return catalogueProvider("google");
}
