import {
	type ApiKeyAuth,
	BUILTIN_PROVIDER_FACTORIES,
	createProvider,
	getEnvApiKeyVars,
	type KnownProvider,
	type Model,
	type Provider,
	radiusProviderAuth,
} from "@pi/ai";
import { radiusName } from "./configured-sign-ins.js";
import type { ModelConfig, ProviderConfig } from "./models-json.js";

/**
 * Builds the @pi/ai Provider for one models.json (or `registerProvider`) entry (configuration.md
 * §4): a new provider from its own fields, or a built-in one rerouted (`baseUrl`, `headers`),
 * patched by `modelOverrides`, then extended by `models` upserts, in that order.
 */

/**
 * Resolves an `apiKey` or header value (`!command`, env var name, `$NAME`, literal); `key` names
 * the setting (e.g. `providers.ollama.apiKey`) so a failure can be reported against it.
 */
export type ConfigValueResolver = (raw: string, key: string) => string | undefined;

const MODEL_DEFAULTS = {
	reasoning: false,
	input: ["text"] as ("text" | "image")[],
	contextWindow: 128000,
	maxTokens: 16384,
};

/** True for the ids of @pi/ai's built-in providers. */
export function isBuiltinProvider(id: string): id is KnownProvider {
	return Object.hasOwn(BUILTIN_PROVIDER_FACTORIES, id);
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
		baseUrl: config.baseUrl ?? provider.baseUrl ?? base?.baseUrl ?? "",
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
	const tiers = config.cost?.tiers ?? base?.cost.tiers;
	if (tiers) model.cost.tiers = tiers;
	else delete model.cost.tiers;
	const promptCache = mergeObjects(base?.promptCache, config.promptCache);
	if (promptCache) model.promptCache = promptCache;
	const inputLimits = mergeObjects(base?.inputLimits, config.inputLimits);
	if (inputLimits) model.inputLimits = inputLimits;
	const samplingParams = mergeObjects(base?.samplingParams, config.samplingParams);
	if (samplingParams) model.samplingParams = samplingParams;
	const byLevel = mergeByLevel(base?.samplingParamsByThinkingLevel, config.samplingParamsByThinkingLevel);
	if (byLevel) model.samplingParamsByThinkingLevel = byLevel;
	return model;
}

/** `override` over `base` field by field (models.json: object fields of an override merge). */
function mergeObjects<T extends object>(base: T | undefined, override: T | undefined): T | undefined {
	return base || override ? ({ ...base, ...override } as T) : undefined;
}

/** `samplingParamsByThinkingLevel` merged per level, then per key. */
function mergeByLevel(
	base: Model["samplingParamsByThinkingLevel"],
	override: Model["samplingParamsByThinkingLevel"],
): Model["samplingParamsByThinkingLevel"] {
	if (!base || !override) return override ?? base;
	const merged: NonNullable<Model["samplingParamsByThinkingLevel"]> = { ...base };
	for (const [level, params] of Object.entries(override) as [keyof typeof merged, Record<string, unknown>][]) {
		merged[level] = { ...base[level], ...params };
	}
	return merged;
}

/**
 * Auth of a provider defined or extended in models.json: the provider's own auth (stored
 * credential, env vars), then models.json `apiKey` (configuration.md §5 resolution order).
 */
function configuredAuth(
	providerId: string,
	config: ProviderConfig,
	base: ApiKeyAuth | undefined,
	resolveValue: ConfigValueResolver,
): ApiKeyAuth {
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
			const resolved = resolveValue(config.apiKey, `providers.${providerId}.apiKey`);
			return resolved === undefined ? undefined : { auth: { apiKey: resolved }, source: "models.json" };
		},
	};
}

function resolvedHeaders(
	providerId: string,
	config: ProviderConfig,
	resolveValue: ConfigValueResolver,
): Record<string, string> | undefined {
	const headers: Record<string, string> = {};
	for (const [name, value] of Object.entries(config.headers ?? {})) {
		const resolved = resolveValue(value, `providers.${providerId}.headers.${name}`);
		if (resolved !== undefined) headers[name] = resolved;
	}
	if (config.authHeader && config.apiKey) {
		const key = resolveValue(config.apiKey, `providers.${providerId}.apiKey`);
		if (key) headers.Authorization = `Bearer ${key}`;
	}
	return Object.keys(headers).length > 0 ? headers : undefined;
}

/** The Provider for `providerId` as configured; values resolve through `resolveValue`. */
export function buildConfiguredProvider(
	providerId: string,
	config: ProviderConfig,
	resolveValue: ConfigValueResolver,
): Provider {
	const base = isBuiltinProvider(providerId) ? BUILTIN_PROVIDER_FACTORIES[providerId]() : undefined;
	const headers = resolvedHeaders(providerId, config, resolveValue);
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
		name: config.name ?? base?.name ?? providerId,
		baseUrl: config.baseUrl ?? base?.baseUrl,
		auth: {
			apiKey: configuredAuth(providerId, config, base?.auth.apiKey, resolveValue),
			oauth:
				config.oauth === "radius" && config.baseUrl
					? radiusProviderAuth(providerId, radiusName(providerId), config.baseUrl)
					: base?.auth.oauth,
		},
		models: [...models.values()],
		api: base?.api,
	});
}
