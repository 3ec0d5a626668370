import type Anthropic from "@anthropic-ai/sdk";
import type { Model } from "../types.js";
import { mergeHeaders } from "../utils/merge-headers.js";
import type { AnthropicOptions } from "./anthropic-options.js";
import { proxyAwareFetch } from "./shared/proxy-fetch.js";

type AnthropicSdk = typeof import("@anthropic-ai/sdk");

let sdkLoading: Promise<AnthropicSdk> | undefined;

/** Loads `@anthropic-ai/sdk` on first use (ai.md §1 rule 4); a failed load is retried next time. */
export function loadAnthropicSdk(): Promise<AnthropicSdk> {
	sdkLoading ??= import("@anthropic-ai/sdk").catch((error: unknown) => {
		sdkLoading = undefined;
		throw error;
	});
	return sdkLoading;
}

/** Claude subscription (OAuth) access tokens, as opposed to console API keys. */
export function isAnthropicOAuthToken(apiKey: string): boolean {
	return apiKey.startsWith("sk-ant-oat");
}

/** Beta flag that lets an OAuth access token call the Messages API. */
const OAUTH_BETA = "oauth-2025-04-20";

/**
 * Creates an SDK client for one request: `baseURL` from the model, no SDK retries (ai.md §9), no
 * ambient credentials (the key is always passed; OAuth tokens go as `authToken` with the OAuth
 * beta flag), browser use allowed, and default headers merged as `anthropic-beta` (from `betas`),
 * then `model.headers`, then `options.headers` (later wins, case-insensitive).
 */
export async function createAnthropicClient(
	model: Model,
	apiKey: string,
	options: AnthropicOptions,
	betas: readonly string[],
): Promise<Anthropic> {
	const { default: AnthropicClient } = await loadAnthropicSdk();
	const oauth = isAnthropicOAuthToken(apiKey);
	const allBetas = oauth ? [OAUTH_BETA, ...betas] : [...betas];
	const defaultHeaders = mergeHeaders(
		allBetas.length > 0 ? { "anthropic-beta": allBetas.join(",") } : undefined,
		model.headers,
		options.headers,
	);
	return new AnthropicClient({
		// SDK 1.14 reads no environment credential once one is passed in code (pinned by a test).
		...(oauth ? { authToken: apiKey } : { apiKey }),
		baseURL: model.baseUrl,
		maxRetries: 0,
		// Through a proxy when HTTP(S)_PROXY / NO_PROXY say so (the global fetch alone ignores them).
		fetch: proxyAwareFetch,
		dangerouslyAllowBrowser: true,
		defaultHeaders,
	});
}
