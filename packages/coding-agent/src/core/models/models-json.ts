import type {
	Model,
	ModelCostTier,
	ModelInputLimits,
	OpenAICompletionsCompat,
	OpenAIResponsesCompat,
	ThinkingLevel,
	ThinkingLevelOrOff,
} from "@pi/ai";
import { readJsonObjectFile } from "../config/json-file.js";
import { PiUserError } from "../user-error.js";

/** A model entry of models.json: only `id` is required. */
export interface ModelConfig {
	id: string;
	name?: string;
	api?: string;
	/** Overrides the provider's `baseUrl` for this model. */
	baseUrl?: string;
	reasoning?: boolean;
	input?: ("text" | "image")[];
	contextWindow?: number;
	maxTokens?: number;
	cost?: Partial<Omit<Model["cost"], "tiers">> & { tiers?: ModelCostTier[] };
	headers?: Record<string, string>;
	compat?: OpenAICompletionsCompat | OpenAIResponsesCompat;
	thinkingLevelMap?: Partial<Record<ThinkingLevel, string | null>>;
	promptCache?: { short?: number; long?: number };
	inputLimits?: ModelInputLimits;
	samplingParams?: Record<string, unknown>;
	samplingParamsByThinkingLevel?: Partial<Record<ThinkingLevelOrOff, Record<string, unknown>>>;
}

/** A provider entry of models.json (configuration.md §4). */
export interface ProviderConfig {
	/** Display name. */
	name?: string;
	baseUrl?: string;
	api?: string;
	apiKey?: string;
	headers?: Record<string, string>;
	authHeader?: boolean;
	/** A sign-in instead of (or besides) a key: `"radius"` (a Radius gateway at `baseUrl`). */
	oauth?: "radius";
	compat?: OpenAICompletionsCompat | OpenAIResponsesCompat;
	models?: ModelConfig[];
	modelOverrides?: Record<string, Partial<Omit<ModelConfig, "id">>>;
}

/** The parsed file. */
export interface ModelsJson {
	providers: Record<string, ProviderConfig>;
}

/** The parsed file with the entries that were left out, one message each (file and key path). */
export interface ModelsJsonRead {
	config: ModelsJson;
	/** `Invalid <file>: <key> <problem>; <what was skipped>` per skipped entry. */
	problems: string[];
}

/** A models.json problem: names the file and the key. */
export class ModelsJsonError extends PiUserError {
	declare readonly code: "invalid_models_json";
	constructor(
		readonly path: string,
		readonly key: string,
		problem: string,
	) {
		super("invalid_models_json", `Invalid ${path}: ${key ? `${key} ` : ""}${problem}`);
		this.name = "ModelsJsonError";
	}
}

type Check = (value: unknown) => string | undefined;

const THINKING_LEVELS_OR_OFF = ["off", "minimal", "low", "medium", "high", "xhigh", "max"];

const isString: Check = (value) => (typeof value === "string" ? undefined : "must be a string");
const isNonEmptyString: Check = (value) =>
	typeof value === "string" && value !== "" ? undefined : "must be a non-empty string";
const isBoolean: Check = (value) => (typeof value === "boolean" ? undefined : "must be true or false");
const isPositive: Check = (value) =>
	typeof value === "number" && value > 0 && Number.isFinite(value) ? undefined : "must be a positive number";
const isObject: Check = (value) =>
	value !== null && typeof value === "object" && !Array.isArray(value) ? undefined : "must be an object";
const isStringMap: Check = (value) =>
	isObject(value) ??
	(Object.values(value as object).every((item) => typeof item === "string") ? undefined : "must map names to strings");
const isInputList: Check = (value) =>
	Array.isArray(value) && value.every((item) => item === "text" || item === "image")
		? undefined
		: 'must be a list of "text" and "image"';
const isPrice = (value: unknown): boolean => typeof value === "number" && value >= 0 && Number.isFinite(value);
const PRICE_KEYS = ["input", "output", "cacheRead", "cacheWrite"];
const isTier: Check = (value) =>
	isObject(value) ??
	([...PRICE_KEYS, "inputTokensAbove"].every((key) => isPrice((value as Record<string, unknown>)[key]))
		? undefined
		: "must hold non-negative numbers for inputTokensAbove, input, output, cacheRead and cacheWrite");
const isCost: Check = (value) => {
	const problem = isObject(value);
	if (problem) return problem;
	for (const [key, item] of Object.entries(value as object)) {
		if (key === "tiers") {
			if (!Array.isArray(item)) return "tiers must be a list";
			for (const [index, tier] of item.entries()) {
				const tierProblem = isTier(tier);
				if (tierProblem) return `tiers[${index}] ${tierProblem}`;
			}
		} else if (!PRICE_KEYS.includes(key) || !isPrice(item)) {
			return "must only hold non-negative numbers for input, output, cacheRead and cacheWrite, and tiers";
		}
	}
	return undefined;
};
const isPromptCache: Check = (value) =>
	isObject(value) ??
	(Object.entries(value as object).every(([key, item]) => (key === "short" || key === "long") && isPrice(item))
		? undefined
		: "must only hold short and long lifetimes in seconds");
const isSamplingByLevel: Check = (value) =>
	isObject(value) ??
	(Object.entries(value as object).every(
		([key, item]) => THINKING_LEVELS_OR_OFF.includes(key) && isObject(item) === undefined,
	)
		? undefined
		: `must map thinking levels (${THINKING_LEVELS_OR_OFF.join(", ")}) to objects`);

const MODEL_FIELDS: Record<string, Check> = {
	id: isNonEmptyString,
	name: isString,
	api: isNonEmptyString,
	baseUrl: isNonEmptyString,
	reasoning: isBoolean,
	input: isInputList,
	contextWindow: isPositive,
	maxTokens: isPositive,
	cost: isCost,
	headers: isStringMap,
	compat: isObject,
	thinkingLevelMap: isObject,
	promptCache: isPromptCache,
	inputLimits: isObject,
	samplingParams: isObject,
	samplingParamsByThinkingLevel: isSamplingByLevel,
};

const PROVIDER_FIELDS: Record<string, Check> = {
	name: isString,
	baseUrl: isNonEmptyString,
	api: isNonEmptyString,
	apiKey: isNonEmptyString,
	headers: isStringMap,
	authHeader: isBoolean,
	oauth: (value) =>
		value === "radius" ? undefined : 'must be "radius" (the only sign-in a models.json provider can name)',
	compat: isObject,
	models: (value) => (Array.isArray(value) ? undefined : "must be a list"),
	modelOverrides: isObject,
};

/** The first field problem of `value`, as `[key, problem]`. */
function findProblem(key: string, value: unknown, fields: Record<string, Check>): [string, string] | undefined {
	const objectProblem = isObject(value);
	if (objectProblem) return [key, objectProblem];
	for (const [field, check] of Object.entries(fields)) {
		const fieldValue = (value as Record<string, unknown>)[field];
		if (fieldValue === undefined) continue;
		const problem = check(fieldValue);
		if (problem) return [`${key}.${field}`, problem];
	}
	return undefined;
}

/**
 * Validates one provider entry. A bad provider-level field skips the provider; a bad model or
 * override entry skips that entry only. Each skip adds one message to `problems`.
 */
function validateProvider(
	path: string,
	id: string,
	raw: unknown,
	isBuiltin: boolean,
	problems: string[],
): ProviderConfig | undefined {
	const key = `providers.${id}`;
	const report = ([where, problem]: [string, string], skipped: string) =>
		problems.push(`${new ModelsJsonError(path, where, problem).message}; ${skipped} skipped`);
	const providerProblem = findProblem(key, raw, PROVIDER_FIELDS);
	if (providerProblem) {
		report(providerProblem, `provider "${id}"`);
		return undefined;
	}
	if ((raw as ProviderConfig).oauth !== undefined && (raw as ProviderConfig).baseUrl === undefined) {
		report([`${key}.baseUrl`, "is required with oauth (the gateway's address)"], `provider "${id}"`);
		return undefined;
	}
	const provider = { ...(raw as ProviderConfig) };
	if (provider.models) {
		provider.models = provider.models.filter((model, index) => {
			const modelKey = `${key}.models[${index}]`;
			const problem: [string, string] | undefined =
				isObject(model) === undefined && (model as Partial<ModelConfig>).id === undefined
					? [`${modelKey}.id`, "is required"]
					: findProblem(modelKey, model, MODEL_FIELDS);
			const modelName = `model ${JSON.stringify((model as Partial<ModelConfig> | null)?.id ?? index)}`;
			if (problem) {
				report(problem, modelName);
				return false;
			}
			// A new provider's model needs an endpoint and an API, from itself or the provider.
			if (!isBuiltin) {
				if ((model.baseUrl ?? provider.baseUrl) === undefined) {
					report([`${key}.baseUrl`, "is required for a new provider (or baseUrl on each model)"], modelName);
					return false;
				}
				if ((model.api ?? provider.api) === undefined) {
					report([`${key}.api`, "is required for a new provider (or api on each model)"], modelName);
					return false;
				}
			}
			return true;
		});
	}
	if (provider.modelOverrides) {
		const overrides: Record<string, Partial<Omit<ModelConfig, "id">>> = {};
		for (const [modelId, override] of Object.entries(provider.modelOverrides)) {
			const problem = findProblem(`${key}.modelOverrides.${modelId}`, override, MODEL_FIELDS);
			if (problem) report(problem, `override of ${JSON.stringify(modelId)}`);
			else overrides[modelId] = override;
		}
		provider.modelOverrides = overrides;
	}
	return provider;
}

/**
 * Validates parsed models.json content. `isBuiltin(id)` tells which provider ids are built in: a
 * new provider's models need `baseUrl` and `api` (on the provider or the model). A key is not
 * required: it may live in auth.json or the environment. Throws ModelsJsonError only when the file
 * as a whole is unusable (not an object, `providers` not an object).
 */
export function validateModelsJson(
	path: string,
	raw: unknown,
	isBuiltin: (providerId: string) => boolean,
): ModelsJsonRead {
	const problem = isObject(raw);
	if (problem) throw new ModelsJsonError(path, "", `top level ${problem}`);
	const providersRaw = (raw as Record<string, unknown>).providers;
	if (providersRaw === undefined) return { config: { providers: {} }, problems: [] };
	const providersProblem = isObject(providersRaw);
	if (providersProblem) throw new ModelsJsonError(path, "providers", providersProblem);
	const providers: Record<string, ProviderConfig> = {};
	const problems: string[] = [];
	for (const [id, value] of Object.entries(providersRaw as object)) {
		const provider = validateProvider(path, id, value, isBuiltin(id), problems);
		if (provider) providers[id] = provider;
	}
	return { config: { providers }, problems };
}

/** Reads models.json; a missing file is empty. Throws ModelsJsonError when the file is unusable. */
export function readModelsJson(path: string, isBuiltin: (providerId: string) => boolean): ModelsJsonRead {
	const read = readJsonObjectFile<Record<string, unknown>>(path, {});
	if (read.status === "invalid") throw new ModelsJsonError(path, "", read.error.replace(`${path} `, ""));
	return validateModelsJson(path, read.value, isBuiltin);
}
