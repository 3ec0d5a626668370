import type { OAuthCredential } from "./credential-store.js";
import type { ModelAuth, OAuthAuth } from "./provider.js";

/** Providers with a built-in subscription sign-in, and how (no flow code is loaded to list them). */
export const OAUTH_PROVIDERS: readonly {
	id: string;
	name: string;
	methods: readonly ("browser" | "paste" | "device_code")[];
}[] = [
	{ id: "anthropic", name: "Anthropic (Claude Pro/Max)", methods: ["browser", "paste"] },
	{ id: "openai-codex", name: "OpenAI Codex (ChatGPT)", methods: ["browser", "device_code", "paste"] },
	{ id: "openai", name: "OpenAI (ChatGPT subscription)", methods: ["browser", "paste"] },
	{ id: "github-copilot", name: "GitHub Copilot", methods: ["device_code"] },
	{ id: "xai", name: "xAI (Grok subscription)", methods: ["device_code"] },
	{ id: "kimi-coding", name: "Kimi Code (subscription)", methods: ["device_code"] },
	{ id: "meta", name: "Meta (Muse subscription)", methods: ["device_code"] },
	{ id: "openrouter", name: "OpenRouter", methods: ["browser"] },
	{ id: "radius", name: "Radius", methods: ["browser", "device_code"] },
];

async function loadFlow(providerId: string) {
	const { getOAuthFlow } = await import("./oauth/oauth-flows.js");
	const flow = getOAuthFlow(providerId);
	if (!flow) throw new Error(`No built-in sign-in for provider "${providerId}"`);
	return flow;
}

/**
 * The request-path half of a provider's built-in sign-in (refresh and request auth), loading the
 * flow module only when a stored OAuth credential is actually used. Undefined for providers
 * without one.
 */
export function oauthProviderAuth(providerId: string): OAuthAuth | undefined {
	const entry = OAUTH_PROVIDERS.find((provider) => provider.id === providerId);
	if (!entry) return undefined;
	return {
		name: entry.name,
		refresh: async (credential: OAuthCredential, signal?: AbortSignal) =>
			(await loadFlow(providerId)).refresh(credential, signal),
		toAuth: async (credential: OAuthCredential): Promise<ModelAuth> => (await loadFlow(providerId)).toAuth(credential),
	};
}

/** Refresh and request auth of a models.json provider with `"oauth": "radius"` (flow loaded on use). */
export function radiusProviderAuth(providerId: string, name: string, gateway: string): OAuthAuth {
	const load = async () => (await import("./oauth/radius.js")).createRadiusOAuth(providerId, name, gateway);
	return {
		name,
		refresh: async (credential: OAuthCredential, signal?: AbortSignal) => (await load()).refresh(credential, signal),
		toAuth: (credential: OAuthCredential): ModelAuth => ({ apiKey: credential.access }),
	};
}
