import type { ThinkingLevel } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import type { ScopedModel } from "../core/agent-session/session-model-control.js";
import type { ModelRuntime } from "../core/models/model-runtime.js";
import { PiUserError } from "../core/user-error.js";
import { CLI_THINKING_LEVELS } from "./args.js";

/** A pattern split into the model part and an optional `:level` suffix. */
export function splitThinkingSuffix(pattern: string): { pattern: string; thinking?: ThinkingLevel } {
	const colon = pattern.lastIndexOf(":");
	if (colon <= 0) return { pattern };
	const suffix = pattern.slice(colon + 1);
	// Ids such as `qwen2.5-coder:7b` contain colons: only a known level is a suffix.
	if (!(CLI_THINKING_LEVELS as readonly string[]).includes(suffix)) return { pattern };
	return { pattern: pattern.slice(0, colon), thinking: suffix as ThinkingLevel };
}

function globToRegExp(glob: string): RegExp {
	const escaped = glob
		.replace(/[.+^${}()|[\]\\]/g, "\\$&")
		.replace(/\*/g, ".*")
		.replace(/\?/g, ".");
	return new RegExp(`^${escaped}$`, "i");
}

function candidatesFor(pattern: string, models: readonly Model[], providerIds: ReadonlySet<string>): Model[] {
	const slash = pattern.indexOf("/");
	const scoped =
		slash > 0 && providerIds.has(pattern.slice(0, slash))
			? { provider: pattern.slice(0, slash), id: pattern.slice(slash + 1) }
			: { provider: undefined, id: pattern };
	const pool = scoped.provider ? models.filter((model) => model.provider === scoped.provider) : models;
	if (/[*?]/.test(scoped.id)) {
		const regex = globToRegExp(scoped.id);
		return pool.filter((model) => regex.test(model.id) || regex.test(`${model.provider}/${model.id}`));
	}
	const exact = pool.filter((model) => model.id === scoped.id);
	if (exact.length > 0) return exact;
	const lower = scoped.id.toLowerCase();
	const exactInsensitive = pool.filter((model) => model.id.toLowerCase() === lower);
	if (exactInsensitive.length > 0) return exactInsensitive;
	return pool.filter((model) => model.id.toLowerCase().includes(lower) || model.name.toLowerCase().includes(lower));
}

/**
 * The model a `--model` / `--provider` pair names: `provider/id`, a bare id, or a part of an id or
 * name; among several matches the first with a credential wins. Throws a user error when nothing matches.
 */
export async function resolveCliModel(
	modelRuntime: ModelRuntime,
	input: { provider?: string; model?: string },
): Promise<{ model: Model; thinking?: ThinkingLevel } | undefined> {
	if (input.provider === undefined && input.model === undefined) return undefined;
	const all = modelRuntime.getAll();
	const providerIds = new Set(modelRuntime.getProviderIds());
	if (input.provider !== undefined && !providerIds.has(input.provider)) {
		throw new PiUserError("unknown_provider", `Unknown provider: ${input.provider} (see pi --list-models)`);
	}
	const { pattern, thinking } = input.model
		? splitThinkingSuffix(input.model)
		: { pattern: undefined, thinking: undefined };
	const pool = input.provider ? all.filter((model) => model.provider === input.provider) : all;
	const candidates = pattern === undefined ? pool : candidatesFor(pattern, pool, providerIds);
	if (candidates.length === 0) {
		const where = input.provider ? ` for provider ${input.provider}` : "";
		throw new PiUserError("unknown_model", `Model "${input.model}" not found${where} (see pi --list-models)`);
	}
	for (const candidate of candidates) {
		if (await modelRuntime.hasAuth(candidate.provider)) return { model: candidate, thinking };
	}
	return { model: candidates[0]!, thinking };
}

/** The cycle list of `--models` / `enabledModels`: available models matching any pattern, in pattern order. */
export async function resolveScopedModels(
	modelRuntime: ModelRuntime,
	patterns: readonly string[],
): Promise<{ scoped: ScopedModel[]; unmatched: string[] }> {
	const available = await modelRuntime.getAvailable();
	const providerIds = new Set(modelRuntime.getProviderIds());
	const scoped: ScopedModel[] = [];
	const unmatched: string[] = [];
	const seen = new Set<string>();
	for (const raw of patterns) {
		const { pattern, thinking } = splitThinkingSuffix(raw);
		const matches = candidatesFor(pattern, available, providerIds);
		if (matches.length === 0) unmatched.push(raw);
		for (const model of matches) {
			const key = `${model.provider}/${model.id}`;
			if (seen.has(key)) continue;
			seen.add(key);
			scoped.push(thinking ? { model, thinkingLevel: thinking } : { model });
		}
	}
	return { scoped, unmatched };
}
