import type { ApiKeyCredential, OAuthCredential } from "./credential-store.js";
import type { ProviderStreams } from "./stream-function.js";
import type { Model } from "./types.js";

/** Request auth for one model request. */
export interface ModelAuth {
	apiKey?: string;
	headers?: Record<string, string>;
	/** Replaces `model.baseUrl` for this request (e.g. a per-account endpoint). */
	baseUrl?: string;
}

/** Resolved auth plus a human label of where it came from ("option", "stored credential", "ANTHROPIC_API_KEY", "keyless"). */
export interface AuthResult {
	auth: ModelAuth;
	source: string;
	/** For a stored OAuth credential: the access token used (to recognise it after a 401). Never logged. */
	oauthAccess?: string;
}

/** What an `ApiKeyAuth` may read while resolving. `env` is the process env merged with per-request overrides. */
export interface AuthResolveInput {
	credential?: ApiKeyCredential;
	env: Readonly<Record<string, string | undefined>>;
}

/**
 * API-key style auth: a stored credential and/or ambient sources (environment variables).
 * `resolve` returns undefined when the provider is not configured.
 */
export interface ApiKeyAuth {
	/** Display name, e.g. "Anthropic API key". */
	name: string;
	/** Environment variables consulted, in order; named in "no API key" errors. */
	envVars?: readonly string[];
	resolve(input: AuthResolveInput): Promise<AuthResult | undefined> | AuthResult | undefined;
}

/**
 * OAuth auth [later in the spec; the request path already honours it]. `refresh` exchanges the
 * refresh token (throws on failure) and runs under the credential store lock; `toAuth` derives
 * request auth from a valid credential.
 */
export interface OAuthAuth {
	name: string;
	refresh(credential: OAuthCredential, signal?: AbortSignal): Promise<OAuthCredential>;
	toAuth(credential: OAuthCredential): Promise<ModelAuth> | ModelAuth;
}

/** A provider's auth: at least one of the two should be present. */
export interface ProviderAuth {
	apiKey?: ApiKeyAuth;
	oauth?: OAuthAuth;
}

/**
 * A provider: id, display name, model catalogue, auth, and the API implementation(s) it
 * dispatches to. `api` is one `ProviderStreams`, a map keyed by API id (mixed-API providers), or
 * undefined to dispatch through the global API registry by `model.api`.
 */
export interface Provider {
	id: string;
	name: string;
	baseUrl?: string;
	auth: ProviderAuth;
	models: Model[];
	api?: ProviderStreams | Readonly<Record<string, ProviderStreams>>;
}

/** A model as given to `createProvider`: `provider` and `baseUrl` default from the provider. */
export type ProviderModelInput = Omit<Model, "provider" | "baseUrl"> & Partial<Pick<Model, "provider" | "baseUrl">>;

/** Options of `createProvider` (ai.md §5.3). */
export interface CreateProviderOptions {
	id: string;
	/** Display name. Default: the id. */
	name?: string;
	/** Default `baseUrl` for models that have none. */
	baseUrl?: string;
	auth: ProviderAuth;
	models: readonly ProviderModelInput[];
	/** Default: the global API registry, by `model.api`. */
	api?: ProviderStreams | Readonly<Record<string, ProviderStreams>>;
}

/**
 * Builds a `Provider`. Each model is copied and gets `provider: id` and, when missing, the
 * provider's `baseUrl`. Throws (a programming error) for an empty id, a model without any base URL, or a
 * duplicate model id.
 */
export function createProvider(options: CreateProviderOptions): Provider {
	if (!options.id) throw new Error("createProvider: id must be a non-empty string");
	const seen = new Set<string>();
	const models = options.models.map((input): Model => {
		if (seen.has(input.id))
			throw new Error(`createProvider: duplicate model "${input.id}" in provider "${options.id}"`);
		seen.add(input.id);
		const baseUrl = input.baseUrl ?? options.baseUrl;
		if (baseUrl === undefined) {
			throw new Error(`createProvider: model "${input.id}" of provider "${options.id}" has no baseUrl`);
		}
		// A deep copy: a provider never aliases the caller's (or a catalogue's) model objects.
		return structuredClone({ ...input, provider: options.id, baseUrl });
	});
	return {
		id: options.id,
		name: options.name ?? options.id,
		baseUrl: options.baseUrl,
		auth: options.auth,
		models,
		api: options.api,
	};
}

/**
 * Standard API-key auth (ai.md §5.3): a stored credential's key wins; otherwise the first set
 * variable of `envVarNames` (values from a stored credential's `env` first, then the process env).
 */
export function envApiKeyAuth(displayName: string, envVarNames: readonly string[]): ApiKeyAuth {
	return {
		name: displayName,
		envVars: envVarNames,
		resolve: ({ credential, env }) => {
			if (credential?.key) return { auth: { apiKey: credential.key }, source: "stored credential" };
			for (const name of envVarNames) {
				const stored = credential?.env?.[name];
				if (stored) return { auth: { apiKey: stored }, source: "stored credential" };
				const value = env[name];
				if (value) return { auth: { apiKey: value }, source: name };
			}
			return undefined;
		},
	};
}

/**
 * Auth for servers that need no key (Ollama, llama.cpp, test doubles): always configured. A
 * stored key still wins; otherwise `apiKey` (default "") is sent, which local servers ignore.
 */
export function keylessAuth(displayName = "No key required", apiKey = ""): ApiKeyAuth {
	return {
		name: displayName,
		resolve: ({ credential }) =>
			credential?.key
				? { auth: { apiKey: credential.key }, source: "stored credential" }
				: { auth: { apiKey }, source: "keyless" },
	};
}
