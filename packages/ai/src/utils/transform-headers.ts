import type { Model, SimpleStreamOptions } from "../types.js";

/**
 * The model and options of one request after `options.transformHeaders` had its say over the
 * assembled headers. The result goes into both `model.headers` and `options.headers`: API modules
 * merge the two again, and a header the hook removed must not come back from `model.headers`.
 * Without a hook, `model` and `options` are returned unchanged.
 */
export async function applyHeadersHook<TOptions extends SimpleStreamOptions>(
	model: Model,
	options: TOptions,
	assembled: Record<string, string> | undefined,
): Promise<{ model: Model; options: TOptions }> {
	const hook = options.transformHeaders;
	if (!hook) return { model, options };
	// The hook may mutate what it receives (pi's before_provider_headers does): give it a copy.
	const transformed = await hook({ ...assembled });
	// Names compare case-insensitively, in order: a later spelling replaces (or, with null, removes) an earlier one.
	const byLowerName = new Map<string, [string, string | null]>();
	for (const [name, value] of Object.entries(transformed ?? {})) byLowerName.set(name.toLowerCase(), [name, value]);
	const final: Record<string, string> = {};
	for (const [name, value] of byLowerName.values()) if (typeof value === "string") final[name] = value;
	const { transformHeaders: _hook, ...rest } = options;
	return { model: { ...model, headers: final }, options: { ...rest, headers: final } as TOptions };
}
