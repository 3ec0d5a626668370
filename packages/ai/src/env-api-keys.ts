import { CATALOGUE_PROVIDERS } from "./models/generated/index.js";

/**
 * API-key environment variables per provider id (ai.md §5.5), in lookup order. Providers whose
 * auth is ambient (AWS, Google ADC) list the variables that carry a key or bearer token.
 */
export const ENV_API_KEYS: Readonly<Record<string, readonly string[]>> = {
	...Object.fromEntries(Object.entries(CATALOGUE_PROVIDERS).map(([id, facts]) => [id, facts.envVars])),
	// The Azure provider's former id (pi 1.4 renamed it to `azure`).
	"azure-openai-responses": ["AZURE_OPENAI_API_KEY"],
};

/** The environment variables consulted for `providerId` (empty for unknown providers). */
export function getEnvApiKeyVars(providerId: string): readonly string[] {
	return ENV_API_KEYS[providerId] ?? [];
}

/**
 * The first set API-key environment variable for `providerId`, or undefined. `env` defaults to
 * `process.env` (empty where there is no `process`). Used e.g. to show which providers are
 * configured.
 */
export function getEnvApiKey(
	providerId: string,
	env: Readonly<Record<string, string | undefined>> = defaultEnv(),
): string | undefined {
	for (const name of getEnvApiKeyVars(providerId)) {
		const value = env[name];
		if (value) return value;
	}
	return undefined;
}

/** `process.env`, or an empty object in runtimes without `process` (browsers). */
export function defaultEnv(): Readonly<Record<string, string | undefined>> {
	return typeof process !== "undefined" && process.env ? process.env : {};
}
