import { OAuthError } from "./oauth-error.js";

const REQUEST_TIMEOUT_MS = 30_000;
/** A server clock further off than this explains failures better than the server's own text. */
const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;
const NETWORK_CODES = new Set([
	"ECONNREFUSED",
	"ENOTFOUND",
	"EAI_AGAIN",
	"ENETUNREACH",
	"EHOSTUNREACH",
	"ECONNRESET",
	"UND_ERR_SOCKET",
	"UND_ERR_CONNECT_TIMEOUT",
]);

/** A parsed JSON answer of an authorization server, with what the flows need from the HTTP layer. */
export interface OAuthResponse {
	status: number;
	ok: boolean;
	body: Record<string, unknown>;
	/** Server clock minus ours, in ms (from the `Date` header; 0 when absent). */
	skewMs: number;
}

export interface OAuthRequest {
	method?: "GET" | "POST";
	/** Sent as `application/x-www-form-urlencoded` unless `json` is set. */
	form?: Record<string, string>;
	json?: Record<string, unknown>;
	headers?: Record<string, string>;
	signal?: AbortSignal;
}

function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current; depth++) {
		const code = (current as { code?: unknown }).code;
		if (typeof code === "string" && NETWORK_CODES.has(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

/**
 * One request to an authorization server. A network failure becomes `offline`, an abort
 * `cancelled`, a request that takes too long `timeout`; any HTTP status is returned (the caller
 * maps OAuth error codes).
 */
export async function oauthRequest(url: string, request: OAuthRequest, providerName: string): Promise<OAuthResponse> {
	const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
	const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
	const headers: Record<string, string> = { accept: "application/json", ...request.headers };
	let body: string | undefined;
	if (request.json) {
		headers["content-type"] = "application/json";
		body = JSON.stringify(request.json);
	} else if (request.form) {
		headers["content-type"] = "application/x-www-form-urlencoded";
		body = new URLSearchParams(request.form).toString();
	}
	let response: Response;
	try {
		response = await fetch(url, { method: request.method ?? (body ? "POST" : "GET"), headers, body, signal });
	} catch (error) {
		if (request.signal?.aborted) throw new OAuthError("cancelled", `${providerName} sign-in was cancelled`);
		if (timeout.aborted) {
			throw new OAuthError("timeout", `${providerName}: ${new URL(url).host} did not answer within 30 s; try again`);
		}
		const code = networkCode(error);
		throw new OAuthError(
			"offline",
			`${providerName}: could not reach ${new URL(url).host}${code ? ` (${code})` : ""}. Check the network connection (or proxy) and try again`,
		);
	}
	const text = await response.text();
	let parsed: Record<string, unknown> = {};
	try {
		const value: unknown = text ? JSON.parse(text) : {};
		if (value && typeof value === "object" && !Array.isArray(value)) parsed = value as Record<string, unknown>;
	} catch {
		parsed = { error_description: text.slice(0, 300) };
	}
	const date = response.headers.get("date");
	const serverTime = date ? Date.parse(date) : Number.NaN;
	return {
		status: response.status,
		ok: response.ok,
		body: parsed,
		skewMs: Number.isFinite(serverTime) ? serverTime - Date.now() : 0,
	};
}

/** `error: description` of an OAuth error answer, or the status. */
export function describeOAuthFailure(response: OAuthResponse): string {
	const error = typeof response.body.error === "string" ? response.body.error : undefined;
	const description =
		typeof response.body.error_description === "string"
			? response.body.error_description
			: typeof response.body.message === "string"
				? response.body.message
				: undefined;
	return [error, description].filter(Boolean).join(": ") || `HTTP ${response.status}`;
}

/** A clock-skew error when the server's clock is far from ours, else undefined. */
export function clockSkewError(response: OAuthResponse, providerName: string): OAuthError | undefined {
	if (Math.abs(response.skewMs) <= CLOCK_SKEW_LIMIT_MS) return undefined;
	const minutes = Math.round(Math.abs(response.skewMs) / 60_000);
	return new OAuthError(
		"clock_skew",
		`${providerName}: this machine's clock is ${minutes} minutes ${response.skewMs > 0 ? "behind" : "ahead of"} the server's, so its tokens look invalid. Set the system time (enable NTP) and sign in again`,
	);
}

/** Tokens of a successful token-endpoint answer; `bad_response` when they are missing. */
export function readTokens(
	response: OAuthResponse,
	providerName: string,
): { access: string; refresh?: string; expiresInSeconds?: number; body: Record<string, unknown> } {
	const { access_token: access, refresh_token: refresh, expires_in: expiresIn } = response.body;
	if (typeof access !== "string" || access === "") {
		throw new OAuthError("bad_response", `${providerName}: the token answer has no access_token`);
	}
	return {
		access,
		refresh: typeof refresh === "string" && refresh !== "" ? refresh : undefined,
		expiresInSeconds:
			typeof expiresIn === "number" ? expiresIn : typeof expiresIn === "string" ? Number(expiresIn) : undefined,
		body: response.body,
	};
}

/**
 * Expiry time on our clock: `expires_in` counted from now, less a margin so a request never starts
 * with a token about to expire (a refresh then happens first).
 */
export function expiresAt(expiresInSeconds: number | undefined, defaultSeconds = 3600, marginMs = 5 * 60_000): number {
	const seconds =
		expiresInSeconds !== undefined && Number.isFinite(expiresInSeconds) ? expiresInSeconds : defaultSeconds;
	return Date.now() + Math.max(0, seconds * 1000 - Math.min(marginMs, (seconds * 1000) / 2));
}

/**
 * A refresh-token answer that failed: `revoked` for invalid_grant / 401 (sign in again), clock
 * skew when that explains it, otherwise the server's text.
 */
export function refreshFailure(response: OAuthResponse, providerName: string, providerId: string): OAuthError {
	const skew = clockSkewError(response, providerName);
	if (skew) return skew;
	const error = response.body.error;
	if (error === "invalid_grant" || error === "invalid_token" || response.status === 401 || response.status === 403) {
		return new OAuthError(
			"revoked",
			`${providerName}: the sign-in is no longer valid (${describeOAuthFailure(response)}); it was revoked or has expired. Sign in again: pi auth login ${providerId} (or /login)`,
		);
	}
	return new OAuthError("bad_response", `${providerName}: token refresh failed (${describeOAuthFailure(response)})`);
}

/** A failed authorization-code exchange: expired/used code, clock skew, or the server's text. */
export function exchangeFailure(response: OAuthResponse, providerName: string): OAuthError {
	const skew = clockSkewError(response, providerName);
	if (skew) return skew;
	if (response.body.error === "invalid_grant") {
		return new OAuthError(
			"expired_code",
			`${providerName}: the authorization code expired or was already used (${describeOAuthFailure(response)}); sign in again`,
		);
	}
	return new OAuthError(
		"bad_response",
		`${providerName}: the code exchange failed (${describeOAuthFailure(response)})`,
	);
}
