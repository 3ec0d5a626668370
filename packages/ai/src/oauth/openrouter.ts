import { runBrowserFlow } from "./browser-flow.js";
import { oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import { clockSkewError, describeOAuthFailure, oauthRequest } from "./oauth-http.js";
import type { OAuthFlow } from "./oauth-types.js";

// Facts of OpenRouter's PKCE sign-in: the code is exchanged for a permanent API key the user
// controls on openrouter.ai (no refresh token, no expiry), so "refresh" keeps the credential.
const NAME = "OpenRouter";
const AUTHORIZE_URL = "https://openrouter.ai/auth";
const KEY_URL = "https://openrouter.ai/api/v1/auth/keys";

export const openRouterOAuth: OAuthFlow = {
	providerId: "openrouter",
	name: NAME,
	methods: ["browser"],
	login: (interaction, options = {}) => {
		if (options.method && options.method !== "browser") {
			throw new OAuthError("unsupported_method", `${NAME} signs in with the browser only`);
		}
		return runBrowserFlow(
			{
				providerName: NAME,
				// Any free port: OpenRouter takes the callback address from the request.
				callback: { port: 0, path: "/oauth/callback", redirectHost: "127.0.0.1", anyPort: true },
				noState: true,
				authorizeUrl: ({ redirectUri, challenge }) =>
					`${oauthUrl(AUTHORIZE_URL)}?${new URLSearchParams({
						callback_url: redirectUri,
						code_challenge: challenge,
						code_challenge_method: "S256",
					})}`,
				exchange: async ({ code, verifier, signal }) => {
					const response = await oauthRequest(
						oauthUrl(KEY_URL),
						{ json: { code, code_verifier: verifier, code_challenge_method: "S256" }, signal },
						NAME,
					);
					const key = response.body.key;
					if (!response.ok || typeof key !== "string" || key === "") {
						throw (
							clockSkewError(response, NAME) ??
							new OAuthError("bad_response", `${NAME}: the key exchange failed (${describeOAuthFailure(response)})`)
						);
					}
					return { type: "oauth", access: key, refresh: "", expires: Number.MAX_SAFE_INTEGER };
				},
			},
			interaction,
			{ mode: "browser", timeoutMs: options.timeoutMs },
		);
	},
	refresh: async (credential) => credential,
	toAuth: (credential) => ({ apiKey: credential.access }),
};
