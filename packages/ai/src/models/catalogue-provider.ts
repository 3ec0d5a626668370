import { oauthProviderAuth } from "../oauth-provider-auth.js";
import { type ApiKeyAuth, envApiKeyAuth, type Provider } from "../provider.js";
import "../providers/register-builtins.js";
import type { Model } from "../types.js";
import { bedrockAuth, keyWithVariablesAuth, vertexAuth } from "./ambient-auth.js";
import { withBaseUrlVariables } from "./base-url-variables.js";
import { readCatalogueModelsJson } from "./catalogue-data.js";
import { catalogueOverrideJson } from "./catalogue-override.js";
import { CATALOGUE_PROVIDERS, type CatalogueProviderId } from "./generated/index.js";

/** Auth of the providers whose credentials are more than one API-key variable. */
function authFor(id: CatalogueProviderId): ApiKeyAuth {
	const facts = CATALOGUE_PROVIDERS[id];
	switch (id) {
		case "amazon-bedrock":
			return bedrockAuth();
		case "google-vertex":
			return vertexAuth();
		case "cloudflare-workers-ai":
			return keyWithVariablesAuth("Cloudflare API key", facts.envVars, ["CLOUDFLARE_ACCOUNT_ID"]);
		case "cloudflare-ai-gateway":
			return keyWithVariablesAuth("Cloudflare API key", facts.envVars, [
				"CLOUDFLARE_ACCOUNT_ID",
				"CLOUDFLARE_GATEWAY_ID",
			]);
		default:
			return envApiKeyAuth(`${facts.name} API key`, facts.envVars);
	}
}

/**
 * A built-in provider from the generated catalogue (src/models/generated and catalogue/, see
 * scripts/generate-catalogue.mjs). Its models are read and parsed from the catalogue's JSON on first read of
 * `models` and are fresh objects for every provider instance.
 */
export function catalogueProvider(id: CatalogueProviderId): Provider {
	const facts = CATALOGUE_PROVIDERS[id];
	let models: Model[] | undefined;
	const oauth = oauthProviderAuth(id);
	const provider: Provider = {
		id,
		name: facts.name,
		baseUrl: facts.baseUrl,
		auth: oauth ? { apiKey: authFor(id), oauth } : { apiKey: authFor(id) },
		models: [],
		api: id.startsWith("cloudflare-")
			? withBaseUrlVariables(["CLOUDFLARE_ACCOUNT_ID", "CLOUDFLARE_GATEWAY_ID"])
			: undefined,
	};
	Object.defineProperty(provider, "models", {
		enumerable: true,
		configurable: true,
		get: () => {
			models ??= loadModels(id, catalogueOverrideJson(id) ?? readCatalogueModelsJson(id));
			return models;
		},
		set: (value: Model[]) => {
			models = value;
		},
	});
	return provider;
}

function loadModels(id: string, json: string): Model[] {
	const parsed = JSON.parse(json) as Omit<Model, "provider">[];
	return parsed.map((model) => ({ ...model, provider: id }));
}
