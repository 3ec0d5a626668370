import type { OAuthCredential } from "../credential-store.js";
import { oauthUrl } from "./oauth-endpoints.js";
import { OAuthError } from "./oauth-error.js";
import { clockSkewError, describeOAuthFailure, oauthRequest } from "./oauth-http.js";
import { standardDeviceOAuth } from "./standard-device-flow.js";

// Facts of the Copilot editor client: a GitHub device-flow token (kept as `refresh`) is traded for
// a short-lived Copilot token (`access`) whose `proxy-ep` names the API host.
const NAME = "GitHub Copilot";
const CLIENT_ID = "Iv1.b507a08c87ecfe98";
const COPILOT_TOKEN_URL = "https://api.github.com/copilot_internal/v2/token";
export const COPILOT_HEADERS: Readonly<Record<string, string>> = {
	"user-agent": "GitHubCopilotChat/0.35.0",
	"editor-version": "vscode/1.107.0",
	"editor-plugin-version": "copilot-chat/0.35.0",
	"copilot-integration-id": "vscode-chat",
};

async function copilotToken(githubToken: string, signal?: AbortSignal): Promise<OAuthCredential> {
	const response = await oauthRequest(
		oauthUrl(COPILOT_TOKEN_URL),
		{ headers: { authorization: `Bearer ${githubToken}`, ...COPILOT_HEADERS }, signal },
		NAME,
	);
	if (response.status === 401 || response.status === 403) {
		throw new OAuthError(
			"revoked",
			`${NAME}: GitHub refused the sign-in (${describeOAuthFailure(response)}): it was revoked, or the account has no Copilot subscription. Sign in again: pi auth login github-copilot`,
		);
	}
	const { token, expires_at: expiresAtSeconds } = response.body;
	if (!response.ok || typeof token !== "string" || typeof expiresAtSeconds !== "number") {
		throw (
			clockSkewError(response, NAME) ??
			new OAuthError("bad_response", `${NAME}: no Copilot token (${describeOAuthFailure(response)})`)
		);
	}
	// `expires_at` is on GitHub's clock: moved onto ours so a skewed clock still refreshes in time.
	const expires = expiresAtSeconds * 1000 - response.skewMs - 5 * 60_000;
	return { type: "oauth", access: token, refresh: githubToken, expires };
}

/** The API host a Copilot token names (`proxy-ep=proxy.x` → `https://api.x`); else the model's own. */
export function copilotBaseUrl(token: string): string | undefined {
	const match = /(?:^|;)proxy-ep=([^;]+)/.exec(token);
	return match ? `https://${match[1]!.replace(/^proxy\./, "api.")}` : undefined;
}

const base = standardDeviceOAuth({
	providerId: "github-copilot",
	name: NAME,
	clientId: CLIENT_ID,
	scope: "read:user",
	deviceCodeUrl: "https://github.com/login/device/code",
	tokenUrl: "https://github.com/login/oauth/access_token",
	headers: { "user-agent": COPILOT_HEADERS["user-agent"]! },
	toCredential: (tokens, signal) => copilotToken(tokens.access, signal),
	refresh: (credential, signal) => copilotToken(credential.refresh, signal),
});

export const githubCopilotOAuth = {
	...base,
	toAuth: (credential: OAuthCredential) => ({
		apiKey: credential.access,
		baseUrl: copilotBaseUrl(credential.access),
		headers: { ...COPILOT_HEADERS },
	}),
};
