import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** How the user "answers" in the mock browser / on the device page. */
export type MockAuthDecision = "approve" | "deny";

/** Options of {@link startMockAuthServer}. */
export interface MockAuthServerOptions {
	/** Prefix of issued access tokens (e.g. `sk-ant-oat01-` for Anthropic). Default `mock-access-`. */
	accessPrefix?: string;
	/** `expires_in` of issued tokens, seconds. Default 3600. */
	expiresIn?: number;
	/** Claims put into the access token when it is issued as a JWT (OpenAI Codex reads the account id). */
	jwtClaims?: Record<string, unknown>;
	/** `interval` of device codes, seconds. Default 0 (tests never wait). */
	deviceInterval?: number;
}

/** What the mock saw and what the test steers. */
export interface MockAuthServer {
	url: string;
	/** The next authorize request: approve (redirect with a code) or deny (error=access_denied). */
	authorizeDecision: MockAuthDecision;
	/** Device polls: answers in order (`pending`, `slow_down`, `approve`, `deny`, `expired`); then `approve`. */
	devicePolls: ("pending" | "slow_down" | "approve" | "deny" | "expired")[];
	/** Every token-endpoint grant received, in order (grant_type). */
	grants: string[];
	/** Refresh tokens that are valid now; a revoked one is removed. */
	validRefreshTokens: Set<string>;
	/** Access tokens issued and not superseded. */
	validAccessTokens: Set<string>;
	/** PKCE or state problems seen (a test asserts this stays empty, or sees its own forgery). */
	problems: string[];
	/** Milliseconds to add to the `Date` header (simulates a skewed client clock). */
	dateOffsetMs: number;
	/** Revokes every refresh token (the user signed out on the vendor's site). */
	revokeAll(): void;
	close(): Promise<void>;
}

interface PendingCode {
	challenge: string;
	redirectUri: string;
	used: boolean;
	/** The scope asked for, granted as asked. */
	scope?: string;
	/** The client id issued to a dynamically registered client (OpenAI's ChatGPT sign-in). */
	issuedClientId?: string;
}

/** Authorize requests with this client id register a client and get its id back on the redirect. */
const DYNAMIC_CLIENT_ID = "dynamic_agent_client";

function readBody(request: IncomingMessage): Promise<Record<string, string>> {
	return new Promise((resolve) => {
		let text = "";
		request.setEncoding("utf8");
		request.on("data", (chunk: string) => {
			text += chunk;
		});
		request.on("end", () => {
			if ((request.headers["content-type"] ?? "").includes("json")) {
				try {
					resolve(JSON.parse(text || "{}") as Record<string, string>);
				} catch {
					resolve({});
				}
			} else resolve(Object.fromEntries(new URLSearchParams(text)));
		});
	});
}

/**
 * A loopback OAuth 2 authorization server for sign-in tests: authorization code + PKCE (S256,
 * checked), device authorization (RFC 8628, scripted polls), refresh with rotation and
 * revocation, and the GitHub Copilot token exchange. Paths are matched by their ending, so one
 * server stands in for every vendor (their hosts are rewritten to it).
 */
export async function startMockAuthServer(options: MockAuthServerOptions = {}): Promise<MockAuthServer> {
	const codes = new Map<string, PendingCode>();
	const deviceCodes = new Set<string>();
	let counter = 0;
	const next = (prefix: string) => `${prefix}${++counter}-${randomBytes(4).toString("hex")}`;
	const accessToken = () => {
		const raw = next(options.accessPrefix ?? "mock-access-");
		if (!options.jwtClaims) return raw;
		const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
		return `${part({ alg: "none" })}.${part({ ...options.jwtClaims, jti: raw })}.sig`;
	};
	// What a refresh token was granted with, so its refresh grants the same.
	const grantedWith = new Map<string, { scope?: string; clientId?: string }>();
	const issue = (granted: { scope?: string; clientId?: string } = {}) => {
		const access = accessToken();
		const refresh = next("mock-refresh-");
		state.validRefreshTokens.add(refresh);
		state.validAccessTokens.add(access);
		grantedWith.set(refresh, granted);
		return {
			access_token: access,
			refresh_token: refresh,
			expires_in: options.expiresIn ?? 3600,
			token_type: "Bearer",
			id_token: `${next("mock-id-")}`,
			...(granted.scope ? { scope: granted.scope } : {}),
		};
	};
	const server = createServer(async (request, response) => {
		const url = new URL(request.url ?? "/", "http://127.0.0.1");
		const path = url.pathname;
		const json = (status: number, body: unknown) => {
			response
				.writeHead(status, {
					"content-type": "application/json",
					date: new Date(Date.now() + state.dateOffsetMs).toUTCString(),
				})
				.end(JSON.stringify(body));
		};
		// A Radius gateway's discovery document.
		if (request.method === "GET" && path === "/v1/oauth")
			return json(200, { authorizationEndpoint: `${state.url}/oauth/authorize` });
		if (request.method === "GET" && (path.endsWith("/authorize") || path === "/auth")) {
			// OpenRouter names it callback_url.
			const redirect = url.searchParams.get("redirect_uri") ?? url.searchParams.get("callback_url") ?? "";
			if (!URL.canParse(redirect))
				return json(400, { error: "invalid_request", error_description: "bad redirect_uri" });
			const target = new URL(redirect);
			const sentState = url.searchParams.get("state");
			if (sentState !== null) target.searchParams.set("state", sentState);
			if (url.searchParams.get("code_challenge_method") !== "S256" || !url.searchParams.get("code_challenge")) {
				state.problems.push("authorize without an S256 code_challenge");
			}
			if (state.authorizeDecision === "deny") target.searchParams.set("error", "access_denied");
			else {
				const code = next("mock-code-");
				const issuedClientId =
					url.searchParams.get("client_id") === DYNAMIC_CLIENT_ID ? next("mock-client-") : undefined;
				codes.set(code, {
					challenge: url.searchParams.get("code_challenge") ?? "",
					redirectUri: redirect,
					used: false,
					scope: url.searchParams.get("scope") ?? undefined,
					issuedClientId,
				});
				target.searchParams.set("code", code);
				if (issuedClientId) target.searchParams.set("client_id", issuedClientId);
			}
			response.writeHead(302, { location: target.toString() }).end();
			return;
		}
		if (path.endsWith("/copilot_internal/v2/token")) {
			const bearer = (request.headers.authorization ?? "").replace(/^(Bearer|token) /, "");
			// The GitHub token from the device flow is the bearer here.
			if (!state.validAccessTokens.has(bearer)) return json(401, { message: "Bad credentials" });
			state.grants.push("copilot_token");
			const access = `tid=${next("copilot-")};exp=1`;
			state.validAccessTokens.add(access);
			return json(200, {
				token: access,
				expires_at: Math.floor((Date.now() + state.dateOffsetMs) / 1000) + (options.expiresIn ?? 1800),
			});
		}
		if (request.method !== "POST") return json(404, { error: "not_found" });
		const body = await readBody(request);
		const grant = body.grant_type;
		// OpenRouter: a code + PKCE verifier buys a permanent API key.
		if (path.endsWith("/auth/keys")) {
			state.grants.push("key_exchange");
			const pending = codes.get(body.code ?? "");
			if (!pending || pending.used) return json(400, { error: "invalid_grant" });
			pending.used = true;
			if (
				createHash("sha256")
					.update(body.code_verifier ?? "")
					.digest("base64url") !== pending.challenge
			) {
				state.problems.push("PKCE verifier does not match the challenge");
				return json(400, { error: "invalid_grant" });
			}
			return json(200, { key: next("sk-or-v1-mock-") });
		}
		if (!grant && /device/.test(path)) {
			const deviceCode = next("mock-device-");
			deviceCodes.add(deviceCode);
			return json(200, {
				device_code: deviceCode,
				user_code: "ABCD-1234",
				verification_uri: `${state.url}/device`,
				interval: options.deviceInterval ?? 0,
				expires_in: 900,
			});
		}
		if (grant) state.grants.push(grant);
		switch (grant) {
			case "authorization_code": {
				const pending = codes.get(body.code ?? "");
				if (!pending || pending.used)
					return json(400, { error: "invalid_grant", error_description: "unknown or used code" });
				pending.used = true;
				const verifier = body.code_verifier ?? "";
				if (createHash("sha256").update(verifier).digest("base64url") !== pending.challenge) {
					state.problems.push("PKCE verifier does not match the challenge");
					return json(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
				}
				if (body.redirect_uri !== pending.redirectUri) {
					state.problems.push("redirect_uri differs from the authorize request");
					return json(400, { error: "invalid_grant", error_description: "redirect_uri mismatch" });
				}
				if (pending.issuedClientId && body.client_id !== pending.issuedClientId) {
					state.problems.push("client_id is not the one issued on the redirect");
					return json(400, { error: "invalid_client" });
				}
				return json(200, issue({ scope: pending.scope, clientId: pending.issuedClientId }));
			}
			case "refresh_token": {
				const refresh = body.refresh_token ?? "";
				if (!state.validRefreshTokens.has(refresh)) {
					return json(400, { error: "invalid_grant", error_description: "refresh token revoked" });
				}
				const granted = grantedWith.get(refresh) ?? {};
				if (granted.clientId && body.client_id !== granted.clientId) {
					state.problems.push("refresh with another client_id than the issued one");
					return json(400, { error: "invalid_client" });
				}
				// Rotation: the old refresh token is spent.
				state.validRefreshTokens.delete(refresh);
				return json(200, issue(granted));
			}
			case "urn:ietf:params:oauth:grant-type:device_code": {
				if (!deviceCodes.has(body.device_code ?? "")) return json(400, { error: "invalid_grant" });
				const answer = state.devicePolls.shift() ?? "approve";
				switch (answer) {
					case "pending":
						return json(400, { error: "authorization_pending" });
					case "slow_down":
						return json(400, { error: "slow_down" });
					case "deny":
						return json(400, { error: "access_denied" });
					case "expired":
						return json(400, { error: "expired_token" });
					case "approve":
						deviceCodes.delete(body.device_code ?? "");
						return json(200, issue());
				}
				return;
			}
			default:
				return json(400, { error: "unsupported_grant_type" });
		}
	});
	await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
	const state: MockAuthServer = {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		authorizeDecision: "approve",
		devicePolls: [],
		grants: [],
		validRefreshTokens: new Set(),
		validAccessTokens: new Set(),
		problems: [],
		dateOffsetMs: 0,
		revokeAll: () => {
			state.validRefreshTokens.clear();
			state.validAccessTokens.clear();
		},
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
	return state;
}

/** The test's "browser": follows the authorize URL and the redirect to pi's loopback callback. */
export async function visitAuthorizeUrl(authorizeUrl: string): Promise<{ status: number; body: string }> {
	const first = await fetch(authorizeUrl, { redirect: "manual" });
	const location = first.headers.get("location");
	if (!location) return { status: first.status, body: await first.text() };
	// Vendors register `localhost`; pi's callback listens on 127.0.0.1.
	const callback = location.replace("//localhost:", "//127.0.0.1:");
	const answer = await fetch(callback);
	return { status: answer.status, body: await answer.text() };
}
