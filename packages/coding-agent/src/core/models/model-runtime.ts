import { join } from "node:path";
import {
	type AssistantMessage,
	type AssistantMessageEventStream,
	type AuthResult,
	BUILTIN_PROVIDER_FACTORIES,
	type Context,
	type CredentialStore,
	createModels,
	getEnvApiKeyVars,
	type KnownProvider,
	type Model,
	type Models,
	oauthProviderAuth,
	type Provider,
	type SimpleStreamOptions,
} from "@pi/ai";
import { AuthStorage, InMemoryAuthStorage } from "../config/auth-storage.js";
import { resolveConfigValue } from "../config/config-value.js";
import { getAgentDir } from "../session/session-paths.js";
import { type ConfiguredSignIn, configuredSignInsOf } from "./configured-sign-ins.js";
import { buildConfiguredProvider, type ConfigValueResolver, isBuiltinProvider } from "./custom-provider.js";
import { type ModelsJson, ModelsJsonError, type ProviderConfig, readModelsJson } from "./models-json.js";
import { loadRefreshedCatalogue } from "./refreshed-catalogue.js";
import {
	isVirtualModel,
	streamVirtualModel,
	type VirtualModelDefinition,
	virtualModelEntry,
} from "./virtual-models.js";

/** Where a provider's credential comes from, for `pi auth list` (never the secret itself). */
export type CredentialSource =
	| { kind: "auth.json" }
	| { kind: "env"; variable: string }
	| { kind: "models.json" }
	| { kind: "none" };

/** Options of {@link ModelRuntime}. */
export interface ModelRuntimeOptions {
	/** Shell for `!command` values (setting `shellPath`). Default: `/bin/sh`. */
	shellPath?: string;
}

/**
 * Adapts the file-backed AuthStorage to @pi/ai's CredentialStore; `api_key` entries resolve on
 * read (`!command`, env var name, `$NAME`, literal) through `resolveValue`.
 */
export function credentialStoreFor(storage: AuthStorage, resolveValue?: ConfigValueResolver): CredentialStore {
	const resolveKey = resolveValue ?? ((raw: string) => resolveConfigValue(raw).value);
	return {
		read: async (providerId) => {
			const stored = storage.get(providerId);
			if (stored?.type !== "api_key") return stored;
			return { ...stored, key: stored.key === undefined ? undefined : resolveKey(stored.key, `${providerId}.key`) };
		},
		list: async () =>
			storage.list().map((providerId) => ({ providerId, type: storage.get(providerId)?.type ?? "api_key" })),
		// Held under the file lock across `fn` (configuration.md §5: refreshes happen inside the lock).
		modify: (providerId, fn) => storage.modifyAsync(providerId, fn),
		delete: async (providerId) => storage.remove(providerId),
	};
}

/** A provider's credential: usable, missing, or stored but failing (with why). */
export type AuthCheck = boolean | { failed: string };

/**
 * The model catalogue the coding agent uses: @pi/ai's built-in providers plus models.json custom
 * providers, overrides and compat flags, plus providers registered by extensions; credentials from
 * auth.json. models.json is re-read by `refresh()`; a broken file is reported by `getError()` and
 * ignored as a whole (built-in models remain). Values that cannot be resolved (a failing `!command`,
 * an unset `$NAME`) mean "no key" and are reported by `getValueDiagnostics()`.
 */
export class ModelRuntime {
	/** Keys given for this process only (`--api-key`, SDK); never persisted. */
	private readonly runtimeKeys = new Map<string, string>();
	private readonly authFailures = new Map<string, string>();
	private models: Models;
	private error: ModelsJsonError | undefined;
	private entryProblems: string[] = [];
	private readonly registered = new Map<string, ProviderConfig>();
	private readonly providerObjects = new Map<string, Provider>();
	private config: ModelsJson = { providers: {} };
	private readonly valueDiagnostics = new Set<string>();
	/** Virtual models by `provider/id`, with their catalogue entry and router state. */
	private readonly virtualModels = new Map<
		string,
		{ definition: VirtualModelDefinition<unknown>; entry: Model; state: unknown }
	>();

	constructor(
		readonly authStorage: AuthStorage,
		// No default: `undefined` means "no models.json" (inMemory), and a default parameter would
		// turn that explicit undefined into the user's `~/.pi/agent/models.json`.
		private readonly modelsJsonPath: string | undefined,
		private readonly options: ModelRuntimeOptions = {},
	) {
		this.models = createModels({ credentials: credentialStoreFor(authStorage, this.valueResolver(authStorage.path)) });
		this.refresh();
	}

	/** A runtime for an agent dir: `<agentDir>/auth.json` and `<agentDir>/models.json`. */
	static async create(
		options: { agentDir?: string; authStorage?: AuthStorage } & ModelRuntimeOptions = {},
	): Promise<ModelRuntime> {
		const agentDir = options.agentDir ?? getAgentDir();
		const storage = options.authStorage ?? new AuthStorage(join(agentDir, "auth.json"));
		loadRefreshedCatalogue(agentDir);
		return new ModelRuntime(storage, join(agentDir, "models.json"), { shellPath: options.shellPath });
	}

	/** Resolves values of `file`, recording each failure as `<file>: <key>: <problem>`. */
	private valueResolver(file: string): ConfigValueResolver {
		return (raw, key) => {
			const resolved = resolveConfigValue(raw, { shell: this.options.shellPath });
			if (resolved.value === undefined && resolved.diagnostic) {
				this.valueDiagnostics.add(`${file}: ${key}: ${resolved.diagnostic}`);
			}
			return resolved.value;
		};
	}

	/**
	 * Values of models.json, `registerProvider` configs and auth.json that resolved to no key so
	 * far, each as `<file>: <key>: <problem>` (e.g. a `!command` that failed, with its stderr).
	 */
	getValueDiagnostics(): string[] {
		return [...this.valueDiagnostics];
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
		this.entryProblems = [];
		this.valueDiagnostics.clear();
		this.config = { providers: {} };
		if (this.modelsJsonPath) {
			try {
				const read = readModelsJson(this.modelsJsonPath, isBuiltinProvider);
				this.config = read.config;
				this.entryProblems = read.problems;
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
		const fromFile = this.valueResolver(this.modelsJsonPath ?? "models.json");
		for (const [id, config] of Object.entries(this.config.providers)) {
			models.setProvider(buildConfiguredProvider(id, config, fromFile));
		}
		const fromExtensions = this.valueResolver("registerProvider");
		for (const [id, config] of this.registered) models.setProvider(buildConfiguredProvider(id, config, fromExtensions));
		for (const provider of this.providerObjects.values()) models.setProvider(provider);
		// A provider with a built-in subscription sign-in (however it was defined) can use a stored
		// OAuth credential: refresh and request auth come from @pi/ai, loaded on first use.
		for (const provider of models.getProviders()) {
			const oauth = provider.auth.oauth ? undefined : oauthProviderAuth(provider.id);
			if (!oauth) continue;
			// A copy by descriptors keeps a lazily parsed `models` getter lazy (a spread would parse it).
			const withOAuth = Object.defineProperties({}, Object.getOwnPropertyDescriptors(provider)) as typeof provider;
			withOAuth.auth = { ...provider.auth, oauth };
			models.setProvider(withOAuth);
		}
		this.models = models;
	}

	/** The models.json problem, if the file could not be used. */
	getError(): string | undefined {
		return this.error?.message;
	}

	/** models.json entries left out for a problem, one message each naming the file and key path. */
	getEntryProblems(): string[] {
		return [...this.entryProblems];
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

	/** Adds (or replaces) a virtual model (docs/extensions.md "Virtual models"). */
	registerVirtualModel<TState>(definition: VirtualModelDefinition<TState>): void {
		const key = `${definition.provider}/${definition.id}`;
		const entry = virtualModelEntry(definition as VirtualModelDefinition<never>);
		this.virtualModels.set(key, {
			definition: definition as VirtualModelDefinition<unknown>,
			entry,
			state: this.virtualModels.get(key)?.state,
		});
	}

	unregisterVirtualModel(provider: string, id: string): void {
		this.virtualModels.delete(`${provider}/${id}`);
	}

	/** The registered virtual models' catalogue entries. */
	getVirtualModels(): Model[] {
		return [...this.virtualModels.values()].map((virtual) => virtual.entry);
	}

	/** The underlying @pi/ai collection. */
	getModelsCollection(): Models {
		return this.models;
	}

	getAll(): Model[] {
		const virtual = this.getVirtualModels();
		// A virtual model hides a physical one of the same provider and id.
		const hidden = new Set(virtual.map((model) => `${model.provider}/${model.id}`));
		return [...this.models.getModels().filter((model) => !hidden.has(`${model.provider}/${model.id}`)), ...virtual];
	}

	/** Provider ids: the catalogue's, then those only virtual models are listed under. */
	getProviderIds(): string[] {
		const ids = this.models.getProviders().map((provider) => provider.id);
		for (const model of this.getVirtualModels()) if (!ids.includes(model.provider)) ids.push(model.provider);
		return ids;
	}

	getModel(providerId: string, modelId: string): Model | undefined {
		return this.virtualModels.get(`${providerId}/${modelId}`)?.entry ?? this.models.getModel(providerId, modelId);
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
		// A virtual model under a provider id no provider uses is always available.
		return this.getAll().filter(
			(model) => configured.has(model.provider) || (isVirtualModel(model) && !this.models.getProvider(model.provider)),
		);
	}

	async hasAuth(providerId: string): Promise<boolean> {
		// A failing credential (e.g. an OAuth refresh) means not usable right now.
		return (await this.checkAuth(providerId)) === true;
	}

	/**
	 * Whether the provider has a usable credential: `true`, `false` (none), or `{ failed }` when one
	 * is stored but does not resolve (a refresh refused, offline, a skewed clock), with the reason,
	 * so a prompt can say that instead of "no API key".
	 */
	async checkAuth(providerId: string): Promise<AuthCheck> {
		if (this.runtimeKeys.has(providerId)) return true;
		// Virtual models of a provider id no provider uses need no credential of their own.
		if (!this.models.getProvider(providerId) && this.getVirtualModels().some((model) => model.provider === providerId))
			return true;
		try {
			const usable = (await this.models.getAuth(providerId)) !== undefined;
			this.authFailures.delete(providerId);
			return usable;
		} catch (error) {
			const failed = error instanceof Error ? error.message : String(error);
			this.authFailures.set(providerId, failed);
			return { failed };
		}
	}

	/**
	 * Why stored credentials failed when last resolved (provider id → reason), so "no model
	 * available" can say a sign-in exists but cannot be refreshed, without resolving it again.
	 */
	getAuthFailures(): ReadonlyMap<string, string> {
		return this.authFailures;
	}

	/**
	 * Whether a credential is configured for the model's provider, answered without resolving it
	 * (pi 1.4's synchronous `modelRegistry.hasConfiguredAuth`, which extensions call in command
	 * handlers): a runtime key, auth.json, an environment variable, a models.json key, or a virtual
	 * model that needs none.
	 */
	hasConfiguredAuth(modelOrProvider: Model | string): boolean {
		const providerId = typeof modelOrProvider === "string" ? modelOrProvider : modelOrProvider.provider;
		if (this.runtimeKeys.has(providerId)) return true;
		if (!this.models.getProvider(providerId) && this.getVirtualModels().some((model) => model.provider === providerId))
			return true;
		return this.getCredentialSource(providerId).kind !== "none";
	}

	/** The key a request for this model (or provider id) would use, if any. */
	async getApiKey(modelOrProvider: Model | string): Promise<string | undefined> {
		const providerId = typeof modelOrProvider === "string" ? modelOrProvider : modelOrProvider.provider;
		return this.runtimeKeys.get(providerId) ?? (await this.models.getAuth(providerId))?.auth.apiKey;
	}

	/**
	 * The request auth of a provider as `pi auth check` / `print-*` report it: `source` is
	 * `oauth` for a stored sign-in. Rejects when the credential fails to resolve (a refused refresh).
	 */
	async resolveAuth(
		providerId: string,
		options: { minValidityMs?: number; noRefresh?: boolean } = {},
	): Promise<AuthResult | undefined> {
		const runtimeKey = this.runtimeKeys.get(providerId);
		if (runtimeKey !== undefined) return { auth: { apiKey: runtimeKey }, source: "option" };
		return this.models.getAuth(providerId, options);
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

	/** Sign-ins that models.json configures (`"oauth": "radius"`): provider id, name and gateway. */
	getConfiguredSignIns(): ConfiguredSignIn[] {
		return configuredSignInsOf(this.config.providers);
	}

	/** Known provider ids: built-in, models.json and registered. */
	isKnownProvider(providerId: string): boolean {
		return this.models.getProvider(providerId) !== undefined;
	}

	/** Streams through the catalogue; a runtime key for the model's provider is applied. */
	streamSimple(model: Model, context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream {
		const virtual = isVirtualModel(model) ? this.virtualModels.get(`${model.provider}/${model.id}`) : undefined;
		if (virtual) {
			return streamVirtualModel(virtual.definition, model, context, options, {
				ctx: { modelRegistry: this },
				state: virtual.state,
				setState: (state) => {
					virtual.state = state;
				},
				stream: (physical, physicalContext, physicalOptions) =>
					this.models.streamSimple(physical, physicalContext, this.withRuntimeKey(physical, physicalOptions)),
			});
		}
		return this.models.streamSimple(model, context, this.withRuntimeKey(model, options));
	}

	async completeSimple(model: Model, context: Context, options?: SimpleStreamOptions): Promise<AssistantMessage> {
		if (isVirtualModel(model)) return this.streamSimple(model, context, options).result();
		return this.models.completeSimple(model, context, this.withRuntimeKey(model, options));
	}

	private withRuntimeKey(model: Model, options: SimpleStreamOptions | undefined): SimpleStreamOptions | undefined {
		const key = this.runtimeKeys.get(model.provider);
		return key && !options?.apiKey ? { ...options, apiKey: key } : options;
	}
}
