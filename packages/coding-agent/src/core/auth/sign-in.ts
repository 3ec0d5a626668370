import { randomUUID } from "node:crypto";
import { dirname } from "node:path";
import { OAUTH_PROVIDERS } from "@pi/ai";
import { type AuthStorage, InMemoryAuthStorage } from "../config/auth-storage.js";
import type { ConfiguredSignIn } from "../models/configured-sign-ins.js";
import { PiUserError } from "../user-error.js";
import { installationId } from "./installation-id.js";

/** A sign-in method: `api_key` is a stored key; the others are the OAuth flows of @pi/ai. */
export type SignInMethod = "browser" | "paste" | "device_code";

/** What a running sign-in shows (no token is ever in it). */
export type SignInEvent =
	| { type: "auth_url"; url: string; instructions: string }
	| { type: "device_code"; userCode: string; verificationUri: string; expiresInSeconds: number }
	| { type: "progress"; message: string };

/** Where models.json's gateway sign-ins come from: a ModelRuntime, or models.json read directly. */
export interface ConfiguredSignIns {
	getConfiguredSignIns(): ConfiguredSignIn[];
}

export interface SignInHost {
	signal?: AbortSignal;
	onEvent(event: SignInEvent): void;
	/** Asks for a pasted redirect address or code; omitted by hosts that cannot ask. */
	readManualInput?(prompt: string): Promise<string>;
}

/** Providers with a sign-in: the built-in ones, then models.json gateways; methods default first. */
export function listSignInProviders(
	modelRuntime?: ConfiguredSignIns,
): readonly { id: string; name: string; methods: readonly SignInMethod[] }[] {
	const configured = (modelRuntime?.getConfiguredSignIns() ?? []).map(({ id, name }) => ({
		id,
		name,
		methods: ["browser", "device_code"] as const,
	}));
	// A models.json provider that reuses a built-in id (its own `radius` gateway) replaces that entry.
	const ids = new Set(configured.map((provider) => provider.id));
	return [...OAUTH_PROVIDERS.filter((provider) => !ids.has(provider.id)), ...configured];
}

export function hasSignIn(providerId: string): boolean {
	return OAUTH_PROVIDERS.some((provider) => provider.id === providerId);
}

/**
 * Runs a provider's subscription sign-in and stores the credential in auth.json (0600, locked,
 * atomic, through AuthStorage). The flow code loads only now. A failure is a `PiUserError` with
 * the flow's message (code `sign_in_<reason>`); nothing is stored then.
 */
export async function signIn(
	authStorage: AuthStorage,
	providerId: string,
	host: SignInHost,
	options: { method?: SignInMethod; timeoutMs?: number; modelRuntime?: ConfiguredSignIns } = {},
): Promise<{ providerId: string; name: string }> {
	const providers = listSignInProviders(options.modelRuntime);
	const entry = providers.find((provider) => provider.id === providerId);
	if (!entry) {
		const known = providers.map((provider) => provider.id).join(", ");
		throw new PiUserError(
			"unknown_sign_in",
			`No subscription sign-in for "${providerId}". Providers with one: ${known}`,
		);
	}
	if (options.method && !entry.methods.includes(options.method)) {
		throw new PiUserError(
			"unsupported_method",
			`${entry.name} cannot sign in with "${options.method}"; use ${entry.methods.join(" or ")}`,
		);
	}
	const { createRadiusOAuth, getOAuthFlow, isOAuthError } = await import("@pi/ai/oauth");
	const gateway = options.modelRuntime?.getConfiguredSignIns().find((provider) => provider.id === providerId);
	const flow = gateway ? createRadiusOAuth(providerId, entry.name, gateway.gateway) : getOAuthFlow(providerId)!;
	try {
		const credential = await flow.login(
			{ signal: host.signal, notify: (event) => host.onEvent(event), readManualInput: host.readManualInput },
			{
				method: options.method,
				timeoutMs: options.timeoutMs,
				// Only OpenAI's ChatGPT sign-in names the installation; no settings write for the others.
				installationId: providerId === "openai" ? installationIdFor(authStorage) : undefined,
			},
		);
		authStorage.set(providerId, credential);
	} catch (error) {
		if (isOAuthError(error)) throw new PiUserError(`sign_in_${error.code}`, error.message);
		throw error;
	}
	return { providerId, name: entry.name };
}

/** Beside auth.json on disk; an in-memory store (SDK, tests) gets a one-off id and writes nothing. */
function installationIdFor(authStorage: AuthStorage): string {
	return authStorage instanceof InMemoryAuthStorage ? randomUUID() : installationId(dirname(authStorage.path));
}

/** Removes a provider's stored credential (OAuth or key); true when there was one. */
export function signOut(authStorage: AuthStorage, providerId: string): boolean {
	if (!authStorage.get(providerId)) return false;
	authStorage.remove(providerId);
	return true;
}
