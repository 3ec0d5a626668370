import type { OAuthCredential } from "../credential-store.js";
import { runBrowserFlow } from "./browser-flow.js";
import { runDeviceFlow } from "./device-flow.js";
import { decodeJwtPayload } from "./jwt-claims.js";
import { callbackPort, oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import {
	exchangeFailure,
	expiresAt,
	type OAuthResponse,
	oauthRequest,
	readTokens,
	refreshFailure,
} from "./oauth-http.js";
import type { OAuthFlow } from "./oauth-types.js";

// Facts of the Codex CLI's public OAuth client (ChatGPT Plus/Pro subscriptions).
const NAME = "OpenAI Codex (ChatGPT)";
const CLIENT_ID = "app_EMoamEEZ73f0CkXaXp7hrann";
const AUTHORIZE_URL = "https://auth.openai.com/oauth/authorize";
const TOKEN_URL = "https://auth.openai.com/oauth/token";
const DEVICE_USER_CODE_URL = "https://auth.openai.com/api/accounts/deviceauth/usercode";
const DEVICE_TOKEN_URL = "https://auth.openai.com/api/accounts/deviceauth/token";
const DEVICE_VERIFICATION_URI = "https://auth.openai.com/codex/device";
const DEVICE_REDIRECT_URI = "https://auth.openai.com/deviceauth/callback";
const SCOPE = "openid profile email offline_access";
const ACCOUNT_CLAIM = "https://api.openai.com/auth";

function accountIdOf(access: string): string {
	const claims = decodeJwtPayload(access)?.[ACCOUNT_CLAIM] as { chatgpt_account_id?: unknown } | undefined;
	const accountId = claims?.chatgpt_account_id;
	if (typeof accountId !== "string" || accountId === "") {
		throw new OAuthError(
			"bad_response",
			`${NAME}: the access token names no ChatGPT account; is the subscription active?`,
		);
	}
	return accountId;
}

function credentialFrom(response: OAuthResponse, previousRefresh?: string): OAuthCredential {
	const tokens = readTokens(response, NAME);
	const refresh = tokens.refresh ?? previousRefresh;
	if (!refresh) throw new OAuthError("bad_response", `${NAME}: the token answer has no refresh_token`);
	return {
		type: "oauth",
		access: tokens.access,
		refresh,
		expires: expiresAt(tokens.expiresInSeconds),
		accountId: accountIdOf(tokens.access),
	};
}

async function exchange(
	code: string,
	verifier: string,
	redirectUri: string,
	signal: AbortSignal,
): Promise<OAuthCredential> {
	const response = await oauthRequest(
		oauthUrl(TOKEN_URL),
		{
			form: {
				grant_type: "authorization_code",
				client_id: CLIENT_ID,
				code,
				code_verifier: verifier,
				redirect_uri: redirectUri,
			},
			signal,
		},
		NAME,
	);
	if (!response.ok) throw exchangeFailure(response, NAME);
	return credentialFrom(response);
}

/** The device endpoints answer 403/404 while pending and nest the error code: normalised to RFC 8628. */
function normaliseDevicePoll(response: OAuthResponse): OAuthResponse {
	if (response.ok) return response;
	if (response.status === 403 || response.status === 404)
		return { ...response, body: { error: "authorization_pending" } };
	const raw = response.body.error;
	const code = typeof raw === "object" && raw ? (raw as { code?: unknown }).code : raw;
	if (code === "deviceauth_authorization_pending") return { ...response, body: { error: "authorization_pending" } };
	return typeof code === "string" ? { ...response, body: { ...response.body, error: code } } : response;
}

export const openaiCodexOAuth: OAuthFlow = {
	providerId: "openai-codex",
	name: NAME,
	methods: ["browser", "device_code", "paste"],
	login: (interaction, options = {}) => {
		const method = options.method ?? "browser";
		if (method === "device_code") {
			return runDeviceFlow(
				{
					providerName: NAME,
					requestCode: async (signal) => {
						const response = await oauthRequest(
							oauthUrl(DEVICE_USER_CODE_URL),
							{ json: { client_id: CLIENT_ID }, signal },
							NAME,
						);
						const { device_auth_id: id, user_code: userCode, interval } = response.body;
						if (!response.ok || typeof id !== "string" || typeof userCode !== "string") {
							throw new OAuthError("bad_response", `${NAME}: the device code request failed (HTTP ${response.status})`);
						}
						return {
							deviceCode: id,
							userCode,
							verificationUri: oauthUrl(DEVICE_VERIFICATION_URI),
							intervalSeconds: Number(interval ?? 5),
							expiresInSeconds: 15 * 60,
						};
					},
					poll: async (device, signal) =>
						normaliseDevicePoll(
							await oauthRequest(
								oauthUrl(DEVICE_TOKEN_URL),
								{ json: { device_auth_id: device.deviceCode, user_code: device.userCode }, signal },
								NAME,
							),
						),
					finish: (response, signal) => {
						const { authorization_code: code, code_verifier: verifier } = response.body;
						if (typeof code !== "string" || typeof verifier !== "string") {
							throw new OAuthError("bad_response", `${NAME}: the approved device answer has no authorization code`);
						}
						return exchange(code, verifier, DEVICE_REDIRECT_URI, signal);
					},
				},
				interaction,
				{ timeoutMs: options.timeoutMs },
			);
		}
		return runBrowserFlow(
			{
				providerName: NAME,
				// The client is registered for this one port (shared with the Codex CLI).
				callback: { port: callbackPort(1455), path: "/auth/callback", redirectHost: "localhost", anyPort: false },
				pasteRedirectUri: `http://localhost:${callbackPort(1455)}/auth/callback`,
				authorizeUrl: ({ redirectUri, challenge, state }) =>
					`${oauthUrl(AUTHORIZE_URL)}?${new URLSearchParams({
						response_type: "code",
						client_id: CLIENT_ID,
						redirect_uri: redirectUri,
						scope: SCOPE,
						code_challenge: challenge,
						code_challenge_method: "S256",
						state,
						id_token_add_organizations: "true",
						codex_cli_simplified_flow: "true",
						originator: "pi",
					})}`,
				exchange: ({ code, verifier, redirectUri, signal }) => exchange(code, verifier, redirectUri, signal),
			},
			interaction,
			{ mode: method, timeoutMs: options.timeoutMs },
		);
	},
	refresh: async (credential, signal) => {
		const response = await oauthRequest(
			oauthUrl(TOKEN_URL),
			{ form: { grant_type: "refresh_token", refresh_token: credential.refresh, client_id: CLIENT_ID }, signal },
			NAME,
		);
		if (!response.ok) throw refreshFailure(response, NAME, "openai-codex");
		return credentialFrom(response, credential.refresh);
	},
	toAuth: (credential) => ({
		apiKey: credential.access,
		headers: typeof credential.accountId === "string" ? { "chatgpt-account-id": credential.accountId } : undefined,
	}),
};
