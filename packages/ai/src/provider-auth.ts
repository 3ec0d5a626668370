import type { CredentialStore, OAuthCredential } from "./credential-store.js";
import type { AuthResult, Provider } from "./provider.js";
import { errorText } from "./utils/failed-stream.js";

/** Inputs of one auth resolution. */
export interface ResolveAuthInput {
	provider: Provider;
	credentials: CredentialStore;
	/** `options.apiKey`: wins over everything. */
	apiKey?: string;
	env: Readonly<Record<string, string | undefined>>;
	signal?: AbortSignal;
	/**
	 * The provider answered 401 to this access token: refresh even though it has not expired yet,
	 * unless another process already stored a different one (then that one is used).
	 */
	rejectedAccess?: string;
	/** A stored OAuth token must stay valid at least this long, or it is refreshed first (`pi auth print-bearer-token --min-expiry`). */
	minValidityMs?: number;
	/** Use a stored OAuth token as it is, even expired (`pi auth check --no-refresh`). */
	noRefresh?: boolean;
}

/** A token this close to its expiry is refreshed before the request rather than after a 401. */
export const OAUTH_REFRESH_MARGIN_MS = 30_000;

/**
 * A resolved auth, or why none could be resolved: `missing` (not configured) or a failure (store
 * error, OAuth refresh…); `error` is the message for the stream's `errorMessage`.
 */
export type AuthOutcome = { ok: true; result: AuthResult } | { ok: false; missing: boolean; error: string };

/**
 * Resolves request auth for a provider (ai.md §5.4): explicit `apiKey` > stored credential >
 * environment variables / ambient sources. A stored OAuth credential owns its provider: it is
 * refreshed (inside `credentials.modify`) when expired, and a failed refresh fails the request
 * rather than falling back to an env key. Never rejects.
 */
export async function resolveProviderAuth(input: ResolveAuthInput): Promise<AuthOutcome> {
	const { provider } = input;
	if (input.apiKey !== undefined && input.apiKey !== "") {
		return { ok: true, result: { auth: { apiKey: input.apiKey }, source: "option" } };
	}
	try {
		const credential = await input.credentials.read(provider.id);
		if (credential?.type === "oauth") return await resolveOAuth(input, credential);
		const resolved = await provider.auth.apiKey?.resolve({ credential, env: input.env });
		if (resolved) return { ok: true, result: resolved };
		return { ok: false, missing: true, error: missingKeyMessage(provider) };
	} catch (error) {
		return { ok: false, missing: false, error: `Auth failed for provider "${provider.id}": ${errorText(error)}` };
	}
}

/** `No API key for provider "x": set A or B` (the variables come from the provider's auth). */
export function missingKeyMessage(provider: Provider): string {
	const envVars = provider.auth.apiKey?.envVars ?? [];
	return envVars.length > 0
		? `No API key for provider "${provider.id}": set ${envVars.join(" or ")}`
		: `No API key for provider "${provider.id}"`;
}

async function resolveOAuth(input: ResolveAuthInput, credential: OAuthCredential): Promise<AuthOutcome> {
	const { provider } = input;
	const oauth = provider.auth.oauth;
	if (!oauth) {
		return {
			ok: false,
			missing: false,
			error: `Stored OAuth credential for provider "${provider.id}" cannot be used: the provider has no OAuth support`,
		};
	}
	let current = credential;
	if (input.noRefresh) {
		return { ok: true, result: { auth: await oauth.toAuth(current), source: "oauth", oauthAccess: current.access } };
	}
	const margin = Math.max(OAUTH_REFRESH_MARGIN_MS, input.minValidityMs ?? 0);
	const needsRefresh = (stored: OAuthCredential) =>
		stored.expires - margin <= Date.now() ||
		(input.rejectedAccess !== undefined && stored.access === input.rejectedAccess);
	if (needsRefresh(current)) {
		try {
			const refreshed = await input.credentials.modify(provider.id, async (stored) => {
				// Another writer (this process or another pi) may have refreshed while we waited for the
				// lock: then its token is used and no second refresh happens.
				if (stored?.type === "oauth" && !needsRefresh(stored)) return undefined;
				return oauth.refresh(stored?.type === "oauth" ? stored : current, input.signal);
			});
			if (refreshed?.type !== "oauth") throw new Error("the stored credential is no longer an OAuth credential");
			current = refreshed;
		} catch (error) {
			return {
				ok: false,
				missing: false,
				error: `OAuth refresh failed for provider "${provider.id}": ${errorText(error)}`,
			};
		}
	}
	if (input.minValidityMs !== undefined && current.expires - input.minValidityMs <= Date.now()) {
		// The vendor issues tokens shorter-lived than asked for: refreshing again would not help.
		const minutes = Math.max(0, Math.floor((current.expires - Date.now()) / 60_000));
		return {
			ok: false,
			missing: false,
			error: `The OAuth token of provider "${provider.id}" stays valid for ${minutes} more minute(s), less than required, even after a refresh`,
		};
	}
	return { ok: true, result: { auth: await oauth.toAuth(current), source: "oauth", oauthAccess: current.access } };
}
