import type { OAuthCredential } from "../credential-store.js";
import { runBrowserFlow } from "./browser-flow.js";
import { runDeviceFlow } from "./device-flow.js";
import { callbackPort } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import {
	describeOAuthFailure,
	exchangeFailure,
	expiresAt,
	type OAuthResponse,
	oauthRequest,
	readTokens,
	refreshFailure,
} from "./oauth-http.js";
import type { OAuthFlow } from "./oauth-types.js";
import { parseDeviceAuthorization } from "./standard-device-flow.js";

// Facts of a Radius gateway (a models.json provider with `"oauth": "radius"`): its OAuth API is on
// the gateway itself (`/v1/oauth/token`, `/v1/oauth/device`); only the browser's authorization
// endpoint is discovered (`GET /v1/oauth`).
const CLIENT_ID = "pi-gateway";
const SCOPE = "gateway offline_access";

function credentialFrom(response: OAuthResponse, name: string, previousRefresh?: string): OAuthCredential {
	const tokens = readTokens(response, name);
	const refresh = tokens.refresh ?? previousRefresh;
	if (!refresh) throw new OAuthError("bad_response", `${name}: the token answer has no refresh_token`);
	return { type: "oauth", access: tokens.access, refresh, expires: expiresAt(tokens.expiresInSeconds, 3600, 60_000) };
}

/** The sign-in of a Radius gateway at `gateway` (the provider's baseUrl; its origin is used). */
export function createRadiusOAuth(providerId: string, name: string, gateway: string): OAuthFlow {
	const at = (path: string) => new URL(path, gateway).toString();
	const token = (form: Record<string, string>, signal?: AbortSignal) =>
		oauthRequest(at("/v1/oauth/token"), { form: { client_id: CLIENT_ID, ...form }, signal }, name);
	return {
		providerId,
		name,
		methods: ["browser", "device_code"],
		login: async (interaction, options = {}) => {
			if (options.method === "device_code") {
				return runDeviceFlow(
					{
						providerName: name,
						requestCode: async (signal) =>
							parseDeviceAuthorization(
								await oauthRequest(
									at("/v1/oauth/device"),
									{ form: { client_id: CLIENT_ID, scope: SCOPE }, signal },
									name,
								),
								name,
							),
						poll: (device, signal) =>
							token(
								{ grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: device.deviceCode },
								signal,
							),
						finish: async (response) => credentialFrom(response, name),
					},
					interaction,
					{ timeoutMs: options.timeoutMs },
				);
			}
			if (options.method === "paste") throw new OAuthError("unsupported_method", `${name}: use browser or device_code`);
			const discovery = await oauthRequest(at("/v1/oauth"), { signal: interaction.signal }, name);
			const endpoint = discovery.body.authorizationEndpoint;
			if (!discovery.ok || typeof endpoint !== "string") {
				throw new OAuthError(
					"bad_response",
					`${name}: the gateway has no OAuth configuration (${describeOAuthFailure(discovery)})`,
				);
			}
			return runBrowserFlow(
				{
					providerName: name,
					callback: { port: callbackPort(1456), path: "/oauth/callback", redirectHost: "127.0.0.1", anyPort: false },
					authorizeUrl: ({ redirectUri, challenge, state }) =>
						`${endpoint}?${new URLSearchParams({
							response_type: "code",
							client_id: CLIENT_ID,
							redirect_uri: redirectUri,
							scope: SCOPE,
							code_challenge: challenge,
							code_challenge_method: "S256",
							handoff: "url",
							state,
						})}`,
					exchange: async ({ code, verifier, redirectUri, signal }) => {
						const response = await token(
							{ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri },
							signal,
						);
						if (!response.ok) throw exchangeFailure(response, name);
						return credentialFrom(response, name);
					},
				},
				interaction,
				{ mode: "browser", timeoutMs: options.timeoutMs },
			);
		},
		refresh: async (credential, signal) => {
			const response = await token({ grant_type: "refresh_token", refresh_token: credential.refresh }, signal);
			if (!response.ok) throw refreshFailure(response, name, providerId);
			return credentialFrom(response, name, credential.refresh);
		},
		toAuth: (credential) => ({ apiKey: credential.access }),
	};
}
