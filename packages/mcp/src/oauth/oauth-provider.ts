import { randomBytes } from "node:crypto";
import { type OAuthClientProvider, UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
	OAuthClientInformationMixed,
	OAuthClientMetadata,
	OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { expandConfigValue } from "../config/expand-values.js";
import type { McpHttpServerConfig } from "../config/mcp-config-types.js";
import { McpCredentialStore } from "./oauth-store.js";

export interface PiOAuthProviderOptions {
	server: string;
	config: McpHttpServerConfig;
	store: McpCredentialStore;
	/** The loopback redirect URI; absent outside a sign-in (sessions only use and refresh tokens). */
	redirectUrl?: string;
	/** Called with the authorization URL during a sign-in; outside one, a needed sign-in fails. */
	onAuthorizationUrl?: (url: URL) => void;
}

/**
 * The SDK's `OAuthClientProvider` over pi's credential file: the SDK's auth helpers do discovery,
 * dynamic client registration, PKCE, the code exchange and refresh; this only stores and answers.
 */
export class PiOAuthProvider implements OAuthClientProvider {
	private verifier: string | undefined;
	private readonly key: string;

	constructor(private readonly options: PiOAuthProviderOptions) {
		this.key = McpCredentialStore.key(options.server, options.config.url);
	}

	get redirectUrl(): string {
		// Outside a sign-in the SDK still asks for one before giving up with UnauthorizedError.
		return this.options.redirectUrl ?? "http://127.0.0.1/callback";
	}

	/** Sign-ins check it on the callback (CSRF). */
	readonly stateValue = randomBytes(16).toString("hex");

	state(): string {
		return this.stateValue;
	}

	get clientMetadata(): OAuthClientMetadata {
		const oauth = this.options.config.oauth;
		return {
			client_name: oauth?.clientName ?? "pi",
			redirect_uris: this.options.redirectUrl ? [this.options.redirectUrl] : [],
			grant_types: ["authorization_code", "refresh_token"],
			response_types: ["code"],
			token_endpoint_auth_method: oauth?.clientSecret ? "client_secret_post" : "none",
			...(oauth?.scope ? { scope: oauth.scope } : {}),
		};
	}

	clientInformation(): OAuthClientInformationMixed | undefined {
		const oauth = this.options.config.oauth;
		if (oauth?.clientId) {
			const secret = oauth.clientSecret
				? expandConfigValue(this.options.server, "oauth.clientSecret", oauth.clientSecret, process.env)
				: undefined;
			return { client_id: oauth.clientId, ...(secret ? { client_secret: secret } : {}) };
		}
		const stored = this.options.store.get(this.key).clientInformation;
		const redirect = this.options.redirectUrl;
		// A client registered for another loopback port cannot use this one: register again.
		if (stored && redirect && "redirect_uris" in stored && !stored.redirect_uris.includes(redirect)) return undefined;
		// Registering needs the sign-in's redirect URI: a session without credentials must sign in first.
		if (!stored && !this.options.redirectUrl) throw new UnauthorizedError("sign-in required");
		return stored;
	}

	saveClientInformation(clientInformation: OAuthClientInformationMixed): void {
		if (!this.options.redirectUrl) return;
		this.options.store.update(this.key, (current) => ({ ...current, clientInformation }));
	}

	tokens(): OAuthTokens | undefined {
		return this.options.store.get(this.key).tokens;
	}

	saveTokens(tokens: OAuthTokens): void {
		this.options.store.update(this.key, (current) => ({
			...current,
			tokens,
			...(tokens.expires_in ? { expiresAt: Date.now() + tokens.expires_in * 1000 } : {}),
		}));
	}

	redirectToAuthorization(authorizationUrl: URL): void {
		if (!this.options.onAuthorizationUrl) return;
		this.options.onAuthorizationUrl(authorizationUrl);
	}

	saveCodeVerifier(codeVerifier: string): void {
		this.verifier = codeVerifier;
	}

	codeVerifier(): string {
		if (!this.verifier) throw new Error("No sign-in in progress");
		return this.verifier;
	}

	invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
		if (scope === "verifier" || scope === "discovery") return;
		this.options.store.update(this.key, (current) => {
			if (scope === "all") return undefined;
			if (scope === "client") return { ...current, clientInformation: undefined };
			return { ...current, tokens: undefined, expiresAt: undefined };
		});
	}
}
