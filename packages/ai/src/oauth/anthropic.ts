import type { OAuthCredential } from "../credential-store.js";
import { runBrowserFlow } from "./browser-flow.js";
import { callbackPort, oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import { exchangeFailure, expiresAt, oauthRequest, readTokens, refreshFailure } from "./oauth-http.js";
import type { OAuthFlow } from "./oauth-types.js";

// Facts of Claude's public OAuth client (Claude Pro/Max subscriptions).
const NAME = "Anthropic (Claude Pro/Max)";
const CLIENT_ID = "9d1c250a-e61b-44d9-88ed-5944d1962f5e";
const AUTHORIZE_URL = "https://claude.ai/oauth/authorize";
const TOKEN_URL = "https://platform.claude.com/v1/oauth/token";
const PASTE_REDIRECT_URI = "https://platform.claude.com/oauth/code/callback";
const SCOPES =
	"org:create_api_key user:profile user:inference user:sessions:claude_code user:mcp_servers user:file_upload";

function credentialFrom(tokens: ReturnType<typeof readTokens>, previousRefresh?: string): OAuthCredential {
	const refresh = tokens.refresh ?? previousRefresh;
	if (!refresh) throw new OAuthError("bad_response", `${NAME}: the token answer has no refresh_token`);
	return { type: "oauth", access: tokens.access, refresh, expires: expiresAt(tokens.expiresInSeconds) };
}

export const anthropicOAuth: OAuthFlow = {
	providerId: "anthropic",
	name: NAME,
	methods: ["browser", "paste"],
	login: (interaction, options = {}) => {
		const method = options.method ?? "browser";
		if (method === "device_code")
			throw new OAuthError("unsupported_method", `${NAME} has no device-code sign-in; use browser or paste`);
		return runBrowserFlow(
			{
				providerName: NAME,
				// Anthropic accepts any loopback port; the fixed one is easy to forward over SSH.
				callback: { port: callbackPort(53692), path: "/callback", redirectHost: "localhost", anyPort: true },
				pasteRedirectUri: PASTE_REDIRECT_URI,
				stateIsVerifier: true,
				authorizeUrl: ({ redirectUri, challenge, state }) =>
					`${oauthUrl(AUTHORIZE_URL)}?${new URLSearchParams({
						code: "true",
						client_id: CLIENT_ID,
						response_type: "code",
						redirect_uri: redirectUri,
						scope: SCOPES,
						code_challenge: challenge,
						code_challenge_method: "S256",
						state,
					})}`,
				exchange: async ({ code, verifier, state, redirectUri, signal }) => {
					const response = await oauthRequest(
						oauthUrl(TOKEN_URL),
						{
							json: {
								grant_type: "authorization_code",
								client_id: CLIENT_ID,
								code,
								state,
								redirect_uri: redirectUri,
								code_verifier: verifier,
							},
							signal,
						},
						NAME,
					);
					if (!response.ok) throw exchangeFailure(response, NAME);
					return credentialFrom(readTokens(response, NAME));
				},
			},
			interaction,
			{ mode: method, timeoutMs: options.timeoutMs },
		);
	},
	refresh: async (credential, signal) => {
		const response = await oauthRequest(
			oauthUrl(TOKEN_URL),
			{ json: { grant_type: "refresh_token", client_id: CLIENT_ID, refresh_token: credential.refresh }, signal },
			NAME,
		);
		if (!response.ok) throw refreshFailure(response, NAME, "anthropic");
		return credentialFrom(readTokens(response, NAME), credential.refresh);
	},
	// Subscription tokens (sk-ant-oat…) go as a bearer token with the OAuth beta (anthropic-client.ts).
	toAuth: (credential) => ({ apiKey: credential.access }),
};
