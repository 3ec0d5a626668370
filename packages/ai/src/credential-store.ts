/** A stored API key. `env` holds provider-scoped configuration values (e.g. account ids). */
export interface ApiKeyCredential {
	type: "api_key";
	key?: string;
	env?: Record<string, string>;
}

/** A stored OAuth credential: tokens plus provider-specific extras. `expires` is ms since epoch. */
export interface OAuthCredential {
	type: "oauth";
	access: string;
	refresh: string;
	expires: number;
	[extra: string]: unknown;
}

/** One credential per provider, as `auth.json` stores it. Plain data. */
export type Credential = ApiKeyCredential | OAuthCredential;

/** Non-secret metadata about a stored credential. */
export interface CredentialInfo {
	providerId: string;
	type: Credential["type"];
}

/**
 * Where a `Models` collection keeps credentials, keyed by provider id (ai.md §5.4).
 *
 * - `read` resolves the credential (running `!command` keys etc. is the store's business), or
 *   undefined when none is stored.
 * - `list` returns metadata only; it never resolves secrets or runs commands.
 * - `modify` is the only write path: a serialised read-modify-write per provider. `fn` sees the
 *   current credential and returns the new one, or undefined to leave it unchanged; resolves with
 *   the credential stored afterwards. OAuth refresh runs inside it so two writers never
 *   double-refresh. Rejections from `fn` propagate.
 * - `delete` removes the entry (serialised against `modify`).
 */
export interface CredentialStore {
	read(providerId: string): Promise<Credential | undefined>;
	list(): Promise<readonly CredentialInfo[]>;
	modify(
		providerId: string,
		fn: (current: Credential | undefined) => Promise<Credential | undefined> | Credential | undefined,
	): Promise<Credential | undefined>;
	delete(providerId: string): Promise<void>;
}

/**
 * The default `CredentialStore`: a map in memory, optionally seeded. Writes to one provider are
 * serialised through a promise chain, so concurrent `modify` calls see each other's results.
 */
export function createInMemoryCredentialStore(initial: Readonly<Record<string, Credential>> = {}): CredentialStore {
	const entries = new Map<string, Credential>(
		Object.entries(initial).map(([id, credential]) => [id, structuredClone(credential)]),
	);
	const locks = new Map<string, Promise<unknown>>();

	function serialised<T>(providerId: string, task: () => Promise<T>): Promise<T> {
		const previous = locks.get(providerId) ?? Promise.resolve();
		// Run after the previous task settles, whatever its outcome.
		const next = previous.then(task, task);
		locks.set(
			providerId,
			next.catch(() => undefined),
		);
		return next;
	}

	return {
		read: async (providerId) => {
			const credential = entries.get(providerId);
			return credential ? structuredClone(credential) : undefined;
		},
		list: async () => [...entries].map(([providerId, credential]) => ({ providerId, type: credential.type })),
		modify: (providerId, fn) =>
			serialised(providerId, async () => {
				const current = entries.get(providerId);
				const next = await fn(current ? structuredClone(current) : undefined);
				if (next !== undefined) entries.set(providerId, structuredClone(next));
				const stored = entries.get(providerId);
				return stored ? structuredClone(stored) : undefined;
			}),
		delete: (providerId) =>
			serialised(providerId, async () => {
				entries.delete(providerId);
			}),
	};
}
