import type { OAuthCredential } from "../credential-store.js";
import { type DeviceAuthorization, runDeviceFlow, trustedUrl } from "./device-flow.js";
import { oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import { expiresAt, type OAuthResponse, oauthRequest, readTokens, refreshFailure } from "./oauth-http.js";
import type { OAuthFlow } from "./oauth-types.js";

/** A vendor that follows RFC 8628 and RFC 6749 refresh with form-encoded requests. */
export interface StandardDeviceSpec {
	providerId: string;
	name: string;
	clientId: string;
	scope?: string;
	deviceCodeUrl: string;
	tokenUrl: string;
	headers?: Record<string, string>;
	/** Turns the vendor's tokens into the stored credential (default: access/refresh/expiry). */
	toCredential?(
		tokens: ReturnType<typeof readTokens>,
		signal: AbortSignal | undefined,
		previousRefresh?: string,
	): Promise<OAuthCredential>;
	/** Custom refresh (default: the refresh_token grant at `tokenUrl`). */
	refresh?(credential: OAuthCredential, signal?: AbortSignal): Promise<OAuthCredential>;
}

export function parseDeviceAuthorization(response: OAuthResponse, name: string): DeviceAuthorization {
	const body = response.body;
	const verificationUri = trustedUrl(body.verification_uri_complete) ?? trustedUrl(body.verification_uri);
	if (!response.ok || typeof body.device_code !== "string" || typeof body.user_code !== "string" || !verificationUri) {
		throw new OAuthError(
			"bad_response",
			`${name}: the device code request failed (HTTP ${response.status}${typeof body.error === "string" ? `, ${body.error}` : ""})`,
		);
	}
	const interval = Number(body.interval);
	const expiresIn = Number(body.expires_in);
	return {
		deviceCode: body.device_code,
		userCode: body.user_code,
		verificationUri,
		intervalSeconds: Number.isFinite(interval) && interval >= 0 ? interval : undefined,
		expiresInSeconds: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : undefined,
	};
}

function defaultCredential(
	tokens: ReturnType<typeof readTokens>,
	name: string,
	previousRefresh?: string,
): OAuthCredential {
	const refresh = tokens.refresh ?? previousRefresh;
	if (!refresh) throw new OAuthError("bad_response", `${name}: the token answer has no refresh_token`);
	return { type: "oauth", access: tokens.access, refresh, expires: expiresAt(tokens.expiresInSeconds) };
}

export function standardDeviceOAuth(spec: StandardDeviceSpec): OAuthFlow {
	const { name, clientId } = spec;
	const toCredential = async (tokens: ReturnType<typeof readTokens>, signal?: AbortSignal, previousRefresh?: string) =>
		spec.toCredential
			? spec.toCredential(tokens, signal, previousRefresh)
			: defaultCredential(tokens, name, previousRefresh);
	return {
		providerId: spec.providerId,
		name,
		methods: ["device_code"],
		login: (interaction, options = {}) => {
			if (options.method && options.method !== "device_code") {
				throw new OAuthError("unsupported_method", `${name} signs in with a device code only`);
			}
			return runDeviceFlow(
				{
					providerName: name,
					requestCode: async (signal) =>
						parseDeviceAuthorization(
							await oauthRequest(
								oauthUrl(spec.deviceCodeUrl),
								{
									form: { client_id: clientId, ...(spec.scope ? { scope: spec.scope } : {}) },
									headers: spec.headers,
									signal,
								},
								name,
							),
							name,
						),
					poll: (device, signal) =>
						oauthRequest(
							oauthUrl(spec.tokenUrl),
							{
								form: {
									grant_type: "urn:ietf:params:oauth:grant-type:device_code",
									device_code: device.deviceCode,
									client_id: clientId,
								},
								headers: spec.headers,
								signal,
							},
							name,
						),
					finish: (response, signal) => toCredential(readTokens(response, name), signal),
				},
				interaction,
				{ timeoutMs: options.timeoutMs },
			);
		},
		refresh:
			spec.refresh ??
			(async (credential, signal) => {
				const response = await oauthRequest(
					oauthUrl(spec.tokenUrl),
					{
						form: { grant_type: "refresh_token", refresh_token: credential.refresh, client_id: clientId },
						headers: spec.headers,
						signal,
					},
					name,
				);
				if (!response.ok) throw refreshFailure(response, name, spec.providerId);
				return toCredential(readTokens(response, name), signal, credential.refresh);
			}),
		toAuth: (credential) => ({ apiKey: credential.access }),
	};
}
