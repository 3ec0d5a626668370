import { getApi } from "../api-registry.js";
import { defaultEnv } from "../env-api-keys.js";
import type { ProviderStreams } from "../stream-function.js";
import type { Model, StreamOptions } from "../types.js";

/**
 * Streams that fill `{NAME}` placeholders of `model.baseUrl` (e.g. Cloudflare's account and
 * gateway ids) from `options.env`, then the environment, before dispatching by `model.api`
 * through the API registry. A placeholder without a value is left as it is, so the request fails
 * with the URL showing what is missing.
 */
export function withBaseUrlVariables(names: readonly string[]): ProviderStreams {
	const resolve = (model: Model, options: StreamOptions | undefined): Model => {
		if (!model.baseUrl.includes("{")) return model;
		const env = { ...defaultEnv(), ...options?.env };
		let baseUrl = model.baseUrl;
		for (const name of names) {
			const value = env[name];
			if (value) baseUrl = baseUrl.replaceAll(`{${name}}`, encodeURIComponent(value));
		}
		return { ...model, baseUrl };
	};
	return {
		stream: (model, context, options) => getApi(model.api).stream(resolve(model, options), context, options),
		streamSimple: (model, context, options) =>
			getApi(model.api).streamSimple(resolve(model, options), context, options),
	};
}
