import type { OAuthCredential } from "../credential-store.js";
import type { ModelAuth } from "../provider.js";

/** How a sign-in reaches the user: a browser with a loopback callback, a pasted code, or a device code. */
export type OAuthLoginMethod = "browser" | "paste" | "device_code";

/**
 * What a running sign-in tells its host, in order: at most one `auth_url` or `device_code` (the
 * host shows it, and may open the URL), then any number of `progress` lines. Never a token.
 */
export type OAuthLoginEvent =
	| { type: "auth_url"; url: string; instructions: string; redirectUri?: string }
	| { type: "device_code"; userCode: string; verificationUri: string; expiresInSeconds: number }
	| { type: "progress"; message: string };

/** The host side of one sign-in: cancellation, notifications and (optionally) a pasted answer. */
export interface OAuthLoginInteraction {
	/** Aborting cancels the flow (it fails with code `cancelled`). */
	signal?: AbortSignal;
	notify(event: OAuthLoginEvent): void;
	/**
	 * Asks the user to paste the final redirect URL (or the code) when the browser cannot reach the
	 * loopback callback (SSH, a container). Raced against the callback; hosts that cannot ask omit it.
	 */
	readManualInput?(prompt: string): Promise<string>;
}

/** Options of one sign-in. */
export interface OAuthLoginOptions {
	/** Default: the flow's first method. */
	method?: OAuthLoginMethod;
	/** Gives up (code `timeout`) after this long. Default: 10 minutes, or the device code's lifetime. */
	timeoutMs?: number;
	/**
	 * A stable UUID of this installation (pi keeps it as `deviceId` in settings.json). OpenAI's
	 * ChatGPT sign-in registers the agent host under it; other flows ignore it.
	 */
	installationId?: string;
}

/**
 * One vendor's subscription sign-in (ai.md §5.4): `login` runs the whole flow and resolves with
 * the credential to store; `refresh` trades the refresh token for a new credential (it runs under
 * the credential store's lock, so several processes refresh once); `toAuth` turns a valid
 * credential into request auth. Failures reject with an `OAuthError`.
 */
export interface OAuthFlow {
	/** The provider id the credential is stored under (auth.json key). */
	providerId: string;
	/** Display name, e.g. "Anthropic (Claude Pro/Max)". */
	name: string;
	/** Supported methods, the default first. */
	methods: readonly OAuthLoginMethod[];
	login(interaction: OAuthLoginInteraction, options?: OAuthLoginOptions): Promise<OAuthCredential>;
	refresh(credential: OAuthCredential, signal?: AbortSignal): Promise<OAuthCredential>;
	toAuth(credential: OAuthCredential): ModelAuth;
}
