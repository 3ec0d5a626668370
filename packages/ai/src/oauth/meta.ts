import type { OAuthCredential } from "../credential-store.js";
import { oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import { describeOAuthFailure, oauthRequest } from "./oauth-http.js";
import { standardDeviceOAuth } from "./standard-device-flow.js";

// Facts of Meta's public device-flow client. The identity token cannot call the model API: it
// mints an API key that lives about a day. The identity token is kept as `refresh`, the key as
// `access`, so an ordinary refresh re-mints the key.
const NAME = "Meta (Muse subscription)";
const MINT_URL = "https://api.meta.ai/muse-code/key";
const KEY_LIFETIME_MS = 24 * 60 * 60_000;

async function mintKey(identityToken: string, signal?: AbortSignal): Promise<OAuthCredential> {
	const response = await oauthRequest(
		oauthUrl(MINT_URL),
		{ json: {}, headers: { authorization: `Bearer ${identityToken}`, "x-api-version": "1.0.0" }, signal },
		NAME,
	);
	if (response.status === 401 || response.status === 403) {
		throw new OAuthError(
			"revoked",
			`${NAME}: the sign-in has expired (HTTP ${response.status}). Sign in again: pi auth login meta`,
		);
	}
	const key = response.body.api_key;
	if (!response.ok || typeof key !== "string" || key === "") {
		throw new OAuthError("bad_response", `${NAME}: no API key was issued (${describeOAuthFailure(response)})`);
	}
	return { type: "oauth", access: key, refresh: identityToken, expires: Date.now() + KEY_LIFETIME_MS - 5 * 60_000 };
}

export const metaOAuth = standardDeviceOAuth({
	providerId: "meta",
	name: NAME,
	clientId: "1031625952748946",
	deviceCodeUrl: "https://auth.meta.com/oidc/device/authorization/",
	tokenUrl: "https://auth.meta.com/oidc/device/token/",
	toCredential: (tokens, signal) => mintKey(tokens.access, signal),
	refresh: (credential, signal) => mintKey(credential.refresh, signal),
});
