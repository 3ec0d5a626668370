import type { Model, OpenAICompletionsCompat, OpenAIResponsesCompat, ThinkingLevel } from "@pi/ai";
import { readJsonObjectFile } from "../config/json-file.js";
import { PiUserError } from "../user-error.js";

/** A model entry of models.json: only `id` is required. */
export interface ModelConfig {
	id: string;
	name?: string;
	api?: string;
	reasoning?: boolean;
	input?: ("text" | "image")[];
	contextWindow?: number;
	maxTokens?: number;
	cost?: Partial<Model["cost"]>;
	headers?: Record<string, string>;
	compat?: OpenAICompletionsCompat | OpenAIResponsesCompat;
	thinkingLevelMap?: Partial<Record<ThinkingLevel, string | null>>;
}

/** A provider entry of models.json (configuration.md §4). */
export interface ProviderConfig {
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
const isCost: Check = (value) =>
	isObject(value) ??
	(Object.entries(value as object).every(
		([key, item]) =>
			["input", "output", "cacheRead", "cacheWrite"].includes(key) && typeof item === "number" && item >= 0,
	)
		? undefined
		: "must only hold non-negative numbers for input, output, cacheRead and cacheWrite");

const MODEL_FIELDS: Record<string, Check> = {
	id: isNonEmptyString,
	name: isString,
	api: isNonEmptyString,
	reasoning: isBoolean,
	input: isInputList,
	contextWindow: isPositive,
	maxTokens: isPositive,
	cost: isCost,
	headers: isStringMap,
	compat: isObject,
	thinkingLevelMap: isObject,
};

const PROVIDER_FIELDS: Record<string, Check> = {
	baseUrl: isNonEmptyString,
	api: isNonEmptyString,
	apiKey: isNonEmptyString,
	headers: isStringMap,
	authHeader: isBoolean,
	oauth: (value) =>
		value === "radius" ? undefined : 'must be "radius" (the only sign-in a models.json provider can name)',
	compat: isObject,
};

function checkFields(path: string, key: string, value: Record<string, unknown>, fields: Record<string, Check>): void {
	for (const [field, check] of Object.entries(fields)) {
		if (value[field] === undefined) continue;
		const problem = check(value[field]);
		if (problem) throw new ModelsJsonError(path, `${key}.${field}`, problem);
	}
}

function validateProvider(path: string, id: string, raw: unknown): ProviderConfig {
	const key = `providers.${id}`;
	const problem = isObject(raw);
	if (problem) throw new ModelsJsonError(path, key, problem);
	const provider = raw as Record<string, unknown>;
	checkFields(path, key, provider, PROVIDER_FIELDS);
	if (provider.oauth !== undefined && provider.baseUrl === undefined) {
		throw new ModelsJsonError(path, `${key}.baseUrl`, "is required with oauth (the gateway's address)");
	}
	if (provider.models !== undefined) {
		if (!Array.isArray(provider.models)) throw new ModelsJsonError(path, `${key}.models`, "must be a list");
		provider.models.forEach((model, index) => {
			const modelKey = `${key}.models[${index}]`;
			const modelProblem = isObject(model);
			if (modelProblem) throw new ModelsJsonError(path, modelKey, modelProblem);
			if ((model as Record<string, unknown>).id === undefined)
				throw new ModelsJsonError(path, `${modelKey}.id`, "is required");
			checkFields(path, modelKey, model as Record<string, unknown>, MODEL_FIELDS);
		});
	}
	if (provider.modelOverrides !== undefined) {
		const overridesProblem = isObject(provider.modelOverrides);
		if (overridesProblem) throw new ModelsJsonError(path, `${key}.modelOverrides`, overridesProblem);
		for (const [modelId, override] of Object.entries(provider.modelOverrides as object)) {
			const overrideKey = `${key}.modelOverrides.${modelId}`;
			const overrideProblem = isObject(override);
			if (overrideProblem) throw new ModelsJsonError(path, overrideKey, overrideProblem);
			checkFields(path, overrideKey, override as Record<string, unknown>, MODEL_FIELDS);
		}
	}
	return provider as ProviderConfig;
}

/**
 * Validates parsed models.json content. `isBuiltin(id)` tells which provider ids are built in:
 * a new provider that defines models needs `baseUrl`, `api` and `apiKey`.
 */
export function validateModelsJson(path: string, raw: unknown, isBuiltin: (providerId: string) => boolean): ModelsJson {
	const problem = isObject(raw);
	if (problem) throw new ModelsJsonError(path, "", `top level ${problem}`);
	const providersRaw = (raw as Record<string, unknown>).providers;
	if (providersRaw === undefined) return { providers: {} };
	const providersProblem = isObject(providersRaw);
	if (providersProblem) throw new ModelsJsonError(path, "providers", providersProblem);
	const providers: Record<string, ProviderConfig> = {};
	for (const [id, value] of Object.entries(providersRaw as object)) {
		const provider = validateProvider(path, id, value);
		if (!isBuiltin(id) && provider.models && provider.models.length > 0) {
			for (const field of ["baseUrl", "api", "apiKey"] as const) {
				// A provider signed in to needs no key.
				if (field === "apiKey" && provider.oauth !== undefined) continue;
				if (
					provider[field] === undefined &&
					(field !== "api" || provider.models.some((model) => model.api === undefined))
				) {
					const hint = field === "apiKey" ? " (any non-empty value for servers that need no key)" : "";
					throw new ModelsJsonError(path, `providers.${id}.${field}`, `is required for a new provider${hint}`);
				}
			}
		}
		providers[id] = provider;
	}
	return { providers };
}

/** Reads models.json; a missing file is empty. Throws ModelsJsonError for any problem. */
export function readModelsJson(path: string, isBuiltin: (providerId: string) => boolean): ModelsJson {
	const read = readJsonObjectFile<Record<string, unknown>>(path, {});
	if (read.status === "invalid") throw new ModelsJsonError(path, "", read.error.replace(`${path} `, ""));
	return validateModelsJson(path, read.value, isBuiltin);
}
