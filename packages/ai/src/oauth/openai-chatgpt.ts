import type { OAuthCredential } from "../credential-store.js";
import { runBrowserFlow } from "./browser-flow.js";
import { callbackPort, oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import { exchangeFailure, type OAuthResponse, oauthRequest, refreshFailure } from "./oauth-http.js";
import type { OAuthFlow } from "./oauth-types.js";
import { createState } from "./pkce.js";

// Facts of "Sign in with ChatGPT" for the OpenAI API (api.openai.com with a ChatGPT plan): every
// sign-in registers a client of its own (the callback names its id), the token is scoped to the
// Responses API and refreshed with that client id.
const NAME = "OpenAI (ChatGPT subscription)";
const DYNAMIC_CLIENT_ID = "dynamic_agent_client";
const AGENT_NAME = "Pi";
const AUTHORIZE_URL = "https://auth.openai.com/api/accounts/authorize";
const TOKEN_URL = "https://auth.openai.com/api/accounts/oauth/token";
const RESOURCE = "https://api.openai.com/v1";
const DIRECT_SCOPE = "chatgpt.tokens.use.direct";
const SCOPE = `openid profile email offline_access resource.invoke ${DIRECT_SCOPE}`;
const CALLBACK_PATH = "/auth/callback";
const EXPIRY_MARGIN_MS = 3 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Validates a token answer: a grant without the direct-use scope cannot call the API. */
function credentialFrom(response: OAuthResponse, clientId: string, requireIdToken: boolean): OAuthCredential {
	const {
		access_token: access,
		refresh_token: refresh,
		expires_in: expiresIn,
		scope,
		id_token: idToken,
	} = response.body;
	const missing = (field: string) => new OAuthError("bad_response", `${NAME}: the token answer has no valid ${field}`);
	if (typeof access !== "string" || access === "") throw missing("access_token");
	if (typeof refresh !== "string" || refresh === "") throw missing("refresh_token");
	if (typeof expiresIn !== "number" || !(expiresIn > 0)) throw missing("expires_in");
	if (requireIdToken && (typeof idToken !== "string" || idToken === "")) throw missing("id_token");
	const scopes = typeof scope === "string" ? scope.split(/\s+/).filter(Boolean) : [];
	if (!scopes.includes(DIRECT_SCOPE)) {
		throw new OAuthError(
			"bad_response",
			`${NAME}: the grant lacks the ${DIRECT_SCOPE} scope; is the ChatGPT plan allowed to use the API?`,
		);
	}
	return {
		type: "oauth",
		access,
		refresh,
		expires: Date.now() + Math.max(0, expiresIn * 1000 - EXPIRY_MARGIN_MS),
		clientId,
		scopes,
	};
}

function redirectUri(): string {
	return `http://127.0.0.1:${callbackPort(1455)}${CALLBACK_PATH}`;
}

export const openaiChatGPTOAuth: OAuthFlow = {
	providerId: "openai",
	name: NAME,
	methods: ["browser", "paste"],
	login: async (interaction, options = {}) => {
		const method = options.method ?? "browser";
		if (method === "device_code")
			throw new OAuthError("unsupported_method", `${NAME} has no device-code sign-in; use browser or paste`);
		const hostId = options.installationId;
		if (!hostId || !UUID.test(hostId)) {
			throw new OAuthError("bad_response", `${NAME}: the sign-in needs this installation's id (a UUID)`);
		}
		const nonce = createState();
		return runBrowserFlow(
			{
				providerName: NAME,
				// Registered for this one port (shared with the Codex CLI), on 127.0.0.1.
				callback: { port: callbackPort(1455), path: CALLBACK_PATH, redirectHost: "127.0.0.1", anyPort: false },
				pasteRedirectUri: redirectUri(),
				authorizeUrl: ({ redirectUri, challenge, state }) =>
					`${oauthUrl(AUTHORIZE_URL)}?${new URLSearchParams({
						client_id: DYNAMIC_CLIENT_ID,
						agent_name_hint: AGENT_NAME,
						ext_agent_host_id: `urn:uuid:${hostId.toLowerCase()}`,
						response_type: "code",
						redirect_uri: redirectUri,
						resource: RESOURCE,
						scope: SCOPE,
						state,
						code_challenge: challenge,
						code_challenge_method: "S256",
						nonce,
					})}`,
				exchange: async ({ code, params, verifier, redirectUri, signal }) => {
					const clientId = params.client_id?.trim();
					if (!clientId) {
						throw new OAuthError(
							"bad_response",
							`${NAME}: the answer names no issued client id; paste the whole address the browser ended on`,
						);
					}
					const response = await oauthRequest(
						oauthUrl(TOKEN_URL),
						{
							form: {
								grant_type: "authorization_code",
								client_id: clientId,
								code,
								code_verifier: verifier,
								redirect_uri: redirectUri,
								resource: RESOURCE,
							},
							signal,
						},
						NAME,
					);
					if (!response.ok) throw exchangeFailure(response, NAME);
					return credentialFrom(response, clientId, true);
				},
			},
			interaction,
			{ mode: method, timeoutMs: options.timeoutMs },
		);
	},
	refresh: async (credential, signal) => {
		const clientId = credential.clientId;
		if (typeof clientId !== "string" || clientId === "") {
			throw new OAuthError(
				"revoked",
				`${NAME}: the stored sign-in has no issued client id; sign in again: pi auth login openai`,
			);
		}
		const response = await oauthRequest(
			oauthUrl(TOKEN_URL),
			{
				form: {
					grant_type: "refresh_token",
					client_id: clientId,
					refresh_token: credential.refresh,
					resource: RESOURCE,
				},
				signal,
			},
			NAME,
		);
		if (!response.ok) throw refreshFailure(response, NAME, "openai");
		return credentialFrom(response, clientId, false);
	},
	toAuth: (credential) => ({ apiKey: credential.access }),
};
