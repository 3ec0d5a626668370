import { type CreateModelsOptions, createModels, type Models } from "../models-collection.js";
import { builtinProviders } from "./builtin-providers.js";

/**
 * A `Models` collection with every built-in provider registered (anthropic, openai, google,
 * openrouter, xai, groq, cerebras, mistral). Vendor SDKs still load only on first use.
 */
export function builtinModels(options: CreateModelsOptions = {}): Models {
	const models = createModels(options);
	for (const provider of builtinProviders()) models.setProvider(provider);
	return models;
}
