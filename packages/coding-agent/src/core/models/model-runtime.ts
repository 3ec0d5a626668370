import { join } from "node:path";
import {
	type ApiKeyAuth,
	type AssistantMessage,
	type AssistantMessageEventStream,
	BUILTIN_PROVIDER_FACTORIES,
	type Context,
	type CredentialStore,
	createModels,
	createProvider,
	getEnvApiKeyVars,
	type KnownProvider,
	type Model,
	type Models,
	type Provider,
	type SimpleStreamOptions,
} from "@pi/ai";
import { AuthStorage, InMemoryAuthStorage } from "../config/auth-storage.js";
import { resolveConfigValue } from "../config/config-value.js";
import { getAgentDir } from "../session/session-paths.js";
import {
	type ModelConfig,
	type ModelsJson,
	ModelsJsonError,
	type ProviderConfig,
	readModelsJson,
} from "./models-json.js";

/** Where a provider's credential comes from, for `pi auth list` (never the secret itself). */
export type CredentialSource =
	| { kind: "auth.json" }
	| { kind: "env"; variable: string }
	| { kind: "models.json" }
	| { kind: "none" };

const MODEL_DEFAULTS = {
	reasoning: false,
	input: ["text"] as ("text" | "image")[],
	contextWindow: 128000,
	maxTokens: 16384,
};

function isBuiltinProvider(id: string): id is KnownProvider {
	return Object.hasOwn(BUILTIN_PROVIDER_FACTORIES, id);
}

/** Adapts the file-backed AuthStorage to @pi/ai's CredentialStore; `!command` keys resolve on read. */
export function credentialStoreFor(storage: AuthStorage): CredentialStore {
	return {
		read: async (providerId) => {
			const stored = storage.get(providerId);
			if (stored?.type !== "api_key") return stored;
			return { ...stored, key: stored.key === undefined ? undefined : resolveConfigValue(stored.key).value };
		},
		list: async () =>
			storage.list().map((providerId) => ({ providerId, type: storage.get(providerId)?.type ?? "api_key" })),
		// Not held under the file lock across `fn` (it may be async); OAuth refresh is [later].
		modify: async (providerId, fn) => {
			const next = await fn(storage.get(providerId));
			if (next !== undefined) storage.set(providerId, next);
			return storage.get(providerId);
		},
		delete: async (providerId) => storage.remove(providerId),
	};
}

function applyModelConfig(
	base: Model | undefined,
	config: Partial<ModelConfig>,
	provider: ProviderConfig,
	providerId: string,
): Model {
	const compat =
		provider.compat || base?.compat || config.compat
			? { ...provider.compat, ...base?.compat, ...config.compat }
			: undefined;
	const model: Model = {
		id: config.id ?? base!.id,
		name: config.name ?? base?.name ?? config.id ?? "",
		api: config.api ?? base?.api ?? provider.api ?? "openai-completions",
		provider: providerId,
		baseUrl: provider.baseUrl ?? base?.baseUrl ?? "",
		reasoning: config.reasoning ?? base?.reasoning ?? MODEL_DEFAULTS.reasoning,
		input: config.input ?? base?.input ?? MODEL_DEFAULTS.input,
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...base?.cost, ...config.cost },
		contextWindow: config.contextWindow ?? base?.contextWindow ?? MODEL_DEFAULTS.contextWindow,
		maxTokens: config.maxTokens ?? base?.maxTokens ?? MODEL_DEFAULTS.maxTokens,
	};
	const headers = { ...base?.headers, ...config.headers };
	if (Object.keys(headers).length > 0) model.headers = headers;
	if (compat) model.compat = compat;
	const thinkingLevelMap = config.thinkingLevelMap ?? base?.thinkingLevelMap;
	if (thinkingLevelMap) model.thinkingLevelMap = thinkingLevelMap;
	return model;
}

/**
 * Auth of a provider defined or extended in models.json: the provider's own auth (stored
 * credential, env vars), then models.json `apiKey` (configuration.md §5 resolution order).
 */
function configuredAuth(providerId: string, config: ProviderConfig, base: ApiKeyAuth | undefined): ApiKeyAuth {
	const envVars = base?.envVars ?? getEnvApiKeyVars(providerId);
	return {
		name: base?.name ?? `${providerId} API key`,
		envVars,
		resolve: async (input) => {
			const own = base ? await base.resolve(input) : undefined;
			if (own) return own;
			if (input.credential?.key) return { auth: { apiKey: input.credential.key }, source: "stored credential" };
			for (const name of envVars) {
				const value = input.env[name];
				if (value) return { auth: { apiKey: value }, source: name };
			}
			if (config.apiKey === undefined) return undefined;
			const resolved = resolveConfigValue(config.apiKey).value;
			return resolved === undefined ? undefined : { auth: { apiKey: resolved }, source: "models.json" };
		},
	};
}

function resolvedHeaders(config: ProviderConfig): Record<string, string> | undefined {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(config.headers ?? {})) {
		const resolved = resolveConfigValue(value).value;
		if (resolved !== undefined) headers[name] = resolved;
	}
	if (config.authHeader && config.apiKey) {
		const key = resolveConfigValue(config.apiKey).value;
		if (key) headers.Authorization = `Bearer ${key}`;
	}
	return Object.keys(headers).length > 0 ? headers : undefined;
}

function buildProvider(providerId: string, config: ProviderConfig): Provider {
	const base = isBuiltinProvider(providerId) ? BUILTIN_PROVIDER_FACTORIES[providerId]() : undefined;
	const headers = resolvedHeaders(config);
	const models = new Map<string, Model>();
	for (const model of base?.models ?? []) {
		const override = config.modelOverrides?.[model.id];
		models.set(
			model.id,
			applyModelConfig(model, { ...override, headers: { ...override?.headers, ...headers } }, config, providerId),
		);
	}
	// New models of a built-in provider speak its API unless they say otherwise.
	const defaultApi = config.api ?? base?.models[0]?.api;
	for (const modelConfig of config.models ?? []) {
		models.set(
			modelConfig.id,
			applyModelConfig(
				models.get(modelConfig.id),
				{ ...modelConfig, api: modelConfig.api ?? defaultApi, headers: { ...headers, ...modelConfig.headers } },
				config,
				providerId,
			),
		);
	}
	return createProvider({
		id: providerId,
		name: base?.name ?? providerId,
		baseUrl: config.baseUrl ?? base?.baseUrl,
		auth: { apiKey: configuredAuth(providerId, config, base?.auth.apiKey), oauth: base?.auth.oauth },
		models: [...models.values()],
		api: base?.api,
	});
}

/**
 * The model catalogue the coding agent uses: @pi/ai's built-in providers plus models.json custom
 * providers, overrides and compat flags, plus providers registered by extensions; credentials from
 * auth.json. models.json is re-read by `refresh()`; a broken file is reported by `getError()` and
 * ignored as a whole (built-in models remain).
 */
export class ModelRuntime {
	/** Keys given for this process only (`--api-key`, SDK); never persisted. */
	private readonly runtimeKeys = new Map<string, string>();
	private models: Models;
	private error: ModelsJsonError | undefined;
	private readonly registered = new Map<string, ProviderConfig>();
	private readonly providerObjects = new Map<string, Provider>();
	private config: ModelsJson = { providers: {} };

	constructor(
		readonly authStorage: AuthStorage,
		private readonly modelsJsonPath: string | undefined = join(getAgentDir(), "models.json"),
	) {
		this.models = createModels({ credentials: credentialStoreFor(authStorage) });
		this.refresh();
	}

	/** A runtime for an agent dir: `<agentDir>/auth.json` and `<agentDir>/models.json`. */
	static async create(options: { agentDir?: string; authStorage?: AuthStorage } = {}): Promise<ModelRuntime> {
		const agentDir = options.agentDir ?? getAgentDir();
		const storage = options.authStorage ?? new AuthStorage(join(agentDir, "auth.json"));
		return new ModelRuntime(storage, join(agentDir, "models.json"));
	}

	/** A runtime with in-memory credentials and no models.json (tests, embedding). */
	static inMemory(credentials: ConstructorParameters<typeof InMemoryAuthStorage>[0] = {}): ModelRuntime {
		return new ModelRuntime(new InMemoryAuthStorage(credentials), undefined);
	}

	/** Uses `key` for `providerId` in this process only (wins over every stored source). */
	setRuntimeApiKey(providerId: string, key: string): void {
		this.runtimeKeys.set(providerId, key);
	}

	/** The runtime key of a provider, if one was set. */
	getRuntimeApiKey(providerId: string): string | undefined {
		return this.runtimeKeys.get(providerId);
	}

	/** Re-reads models.json and rebuilds the catalogue. */
	refresh(): void {
		this.error = undefined;
		this.config = { providers: {} };
		if (this.modelsJsonPath) {
			try {
				this.config = readModelsJson(this.modelsJsonPath, isBuiltinProvider);
			} catch (error) {
				if (!(error instanceof ModelsJsonError)) throw error;
				this.error = error;
			}
		}
		this.rebuild();
	}

	private rebuild(): void {
		const models = createModels({ credentials: this.models.credentials });
		for (const id of Object.keys(BUILTIN_PROVIDER_FACTORIES) as KnownProvider[])
			models.setProvider(BUILTIN_PROVIDER_FACTORIES[id]());
		for (const [id, config] of [...Object.entries(this.config.providers), ...this.registered]) {
			models.setProvider(buildProvider(id, config));
		}
		for (const provider of this.providerObjects.values()) models.setProvider(provider);
		this.models = models;
	}

	/** The models.json problem, if the file could not be used. */
	getError(): string | undefined {
		return this.error?.message;
	}

	/** Adds or replaces a provider at run time (extensions' `registerProvider`). */
	registerProvider(providerId: string, config: ProviderConfig): void {
		this.registered.set(providerId, config);
		this.rebuild();
	}

	/** Adds a ready-made @pi/ai provider (e.g. the faux provider in tests, or an SDK host's own). */
	setProvider(provider: Provider): void {
		this.providerObjects.set(provider.id, provider);
		this.rebuild();
	}

	unregisterProvider(providerId: string): void {
		this.registered.delete(providerId);
		this.providerObjects.delete(providerId);
		this.rebuild();
	}

	/** The underlying @pi/ai collection. */
	getModelsCollection(): Models {
		return this.models;
	}

	getAll(): Model[] {
		return this.models.getModels();
	}

	getProviderIds(): string[] {
		return this.models.getProviders().map((provider) => provider.id);
	}

	getModel(providerId: string, modelId: string): Model | undefined {
		return this.models.getModel(providerId, modelId);
	}

	/** Alias of `getModel`. */
	find(providerId: string, modelId: string): Model | undefined {
		return this.getModel(providerId, modelId);
	}

	getProvider(providerId: string): Provider | undefined {
		return this.models.getProvider(providerId);
	}

	/** Models whose provider resolves a credential (keyless counts). Re-reads models.json first. */
	async getAvailable(): Promise<Model[]> {
		this.refresh();
		const configured = new Set<string>();
		for (const provider of this.models.getProviders()) {
			if (await this.hasAuth(provider.id)) configured.add(provider.id);
		}
		return this.getAll().filter((model) => configured.has(model.provider));
	}

	async hasAuth(providerId: string): Promise<boolean> {
		if (this.runtimeKeys.has(providerId)) return true;
		try {
			return (await this.models.getAuth(providerId)) !== undefined;
		} catch {
			// A failing credential (e.g. an OAuth refresh) means not usable right now.
			return false;
		}
	}

	/** The key a request for this model (or provider id) would use, if any. */
	async getApiKey(modelOrProvider: Model | string): Promise<string | undefined> {
		const providerId = typeof modelOrProvider === "string" ? modelOrProvider : modelOrProvider.provider;
		return this.runtimeKeys.get(providerId) ?? (await this.models.getAuth(providerId))?.auth.apiKey;
	}

	/** Where a provider's credential comes from, without resolving secrets. */
	getCredentialSource(providerId: string, env: NodeJS.ProcessEnv = process.env): CredentialSource {
		if (this.authStorage.get(providerId)) return { kind: "auth.json" };
		const variable = getEnvApiKeyVars(providerId).find((name) => env[name]);
		if (variable) return { kind: "env", variable };
		const config = this.registered.get(providerId) ?? this.config.providers[providerId];
		if (config?.apiKey) return { kind: "models.json" };
		return { kind: "none" };
	}

	/** Known provider ids: built-in, models.json and registered. */
	isKnownProvider(providerId: string): boolean {
		return this.models.getProvider(providerId) !== undefined;
	}

	/** Streams through the catalogue; a runtime key for the model's provider is applied. */
	streamSimple(model: Model, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream {
		return this.models.streamSimple(model, context, this.withRuntimeKey(model, options));
	}

	completeSimple(model: Model, context: Context, options?: SimpleStreamOptions): Promise<AssistantMessage> {
		return this.models.completeSimple(model, context, this.withRuntimeKey(model, options));
	}

	private withRuntimeKey(model: Model, options: SimpleStreamOptions | undefined): SimpleStreamOptions | undefined {
		const key = this.runtimeKeys.get(model.provider);
		return key && !options?.apiKey ? { ...options, apiKey: key } : options;
	}
}
