import { chmodSync, existsSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ApiKeyCredential, Credential, OAuthCredential } from "@pi/ai";
import { getAgentDir } from "../session/session-paths.js";
import { resolveConfigValue } from "./config-value.js";
import { withFileLock, withFileLockAsync } from "./file-lock.js";
import { readJsonObjectFile, writeJsonFileAtomic } from "./json-file.js";

/**
 * A stored credential: @pi/ai's `Credential`. An `api_key` entry's `key` may be a literal, an env
 * var name, `$NAME`, or `!command` (resolved on read); `oauth` entries carry tokens and `expires`.
 */
export type StoredCredential = Credential;
export type { ApiKeyCredential, OAuthCredential };

export type AuthFile = Record<string, StoredCredential>;

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;

/**
 * `auth.json` (configuration.md §5): mode 0600 in a 0700 directory, re-applied on every write;
 * every read-modify-write runs under `auth.json.lock` so concurrent pi processes never lose an
 * update. A file that is not valid JSON is reported and never overwritten.
 */
export class AuthStorage {
	private readonly lockPath: string;
	/** Set when the file exists but could not be parsed. */
	loadError: string | undefined;

	constructor(readonly path: string = join(getAgentDir(), "auth.json")) {
		this.lockPath = `${path}.lock`;
	}

	/** Credentials in memory only (SDK, tests). */
	static inMemory(initial: AuthFile = {}): InMemoryAuthStorage {
		return new InMemoryAuthStorage(initial);
	}

	protected readAll(): AuthFile {
		const read = readJsonObjectFile<AuthFile>(this.path, {});
		this.loadError = read.status === "invalid" ? read.error : undefined;
		return read.value;
	}

	protected writeAll(data: AuthFile): void {
		if (this.loadError) throw new Error(`Not saving credentials: ${this.loadError}. Fix or remove the file first.`);
		const dir = dirname(this.path);
		if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
		writeJsonFileAtomic(this.path, data, FILE_MODE);
	}

	/** The stored credential of a provider, if any. */
	get(providerId: string): StoredCredential | undefined {
		return this.readAll()[providerId];
	}

	/** Provider ids with a stored credential. Never resolves secrets. */
	list(): string[] {
		return Object.keys(this.readAll());
	}

	/** Serialised read-modify-write of one provider's entry. Returning undefined deletes it. */
	modify(providerId: string, fn: (current: StoredCredential | undefined) => StoredCredential | undefined): void {
		this.locked(() => {
			const data = this.readAll();
			const next = fn(data[providerId]);
			if (next === undefined) delete data[providerId];
			else data[providerId] = next;
			this.writeAll(data);
		});
	}

	/**
	 * Read-modify-write for an async `fn` (an OAuth refresh): the lock is held across it, and waiting
	 * for another process's lock never blocks the event loop. Unlike {@link modify}, returning
	 * undefined keeps the entry unchanged (@pi/ai's CredentialStore contract). Returns the stored entry.
	 */
	async modifyAsync(
		providerId: string,
		fn: (current: StoredCredential | undefined) => Promise<StoredCredential | undefined> | StoredCredential | undefined,
	): Promise<StoredCredential | undefined> {
		return this.lockedAsync(async () => {
			const data = this.readAll();
			const next = await fn(data[providerId]);
			if (next === undefined) return data[providerId];
			data[providerId] = next;
			this.writeAll(data);
			return next;
		});
	}

	set(providerId: string, credential: StoredCredential): void {
		this.modify(providerId, () => credential);
	}

	remove(providerId: string): void {
		this.modify(providerId, () => undefined);
	}

	/** Resolves a stored api_key entry to the key value (`!command`, env name, literal). */
	resolveApiKey(providerId: string, options: { shell?: string } = {}): string | undefined {
		const credential = this.get(providerId);
		if (!credential) return undefined;
		if (credential.type === "oauth") return credential.access;
		return credential.key === undefined ? undefined : resolveConfigValue(credential.key, options).value;
	}

	protected locked<T>(fn: () => T): T {
		const dir = dirname(this.path);
		if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
		return withFileLock(this.lockPath, fn);
	}

	protected lockedAsync<T>(fn: () => Promise<T>): Promise<T> {
		const dir = dirname(this.path);
		if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: DIR_MODE });
		return withFileLockAsync(this.lockPath, fn);
	}

	/** Re-applies 0600 (e.g. after the user copied the file in). */
	fixPermissions(): void {
		if (existsSync(this.path)) chmodSync(this.path, FILE_MODE);
	}
}

/** AuthStorage that never touches the disk. */
export class InMemoryAuthStorage extends AuthStorage {
	private data: AuthFile;

	constructor(initial: AuthFile = {}) {
		super("(memory)");
		this.data = { ...initial };
	}

	protected override readAll(): AuthFile {
		return { ...this.data };
	}

	protected override writeAll(data: AuthFile): void {
		this.data = { ...data };
	}

	protected override locked<T>(fn: () => T): T {
		return fn();
	}

	protected override lockedAsync<T>(fn: () => Promise<T>): Promise<T> {
		return fn();
	}
}
