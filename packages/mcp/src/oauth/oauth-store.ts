import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

/** What pi keeps for one server: its registered client and its tokens. */
export interface StoredMcpCredentials {
	clientInformation?: OAuthClientInformationMixed;
	tokens?: OAuthTokens;
	/** When the access token expires (ms since epoch), from `expires_in`. */
	expiresAt?: number;
}

/** `<agentDir>/mcp-auth.json` (mode 0600), keyed by server name and URL. */
export class McpCredentialStore {
	constructor(private readonly path: string) {}

	static forAgentDir(agentDir: string): McpCredentialStore {
		return new McpCredentialStore(join(agentDir, "mcp-auth.json"));
	}

	static key(server: string, url: string): string {
		return `${server} ${url}`;
	}

	private readAll(): Record<string, StoredMcpCredentials> {
		if (!existsSync(this.path)) return {};
		try {
			const parsed = JSON.parse(readFileSync(this.path, "utf8")) as unknown;
			return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, StoredMcpCredentials>) : {};
		} catch {
			// A damaged file holds nothing usable: sign in again.
			return {};
		}
	}

	get(key: string): StoredMcpCredentials {
		return this.readAll()[key] ?? {};
	}

	update(key: string, change: (current: StoredMcpCredentials) => StoredMcpCredentials | undefined): void {
		const all = this.readAll();
		const next = change(all[key] ?? {});
		if (next === undefined) delete all[key];
		else all[key] = next;
		mkdirSync(dirname(this.path), { recursive: true });
		const temp = `${this.path}.${process.pid}.tmp`;
		writeFileSync(temp, `${JSON.stringify(all, null, 2)}\n`, { mode: 0o600 });
		renameSync(temp, this.path);
		chmodSync(this.path, 0o600);
	}

	has(key: string): boolean {
		return Object.hasOwn(this.readAll(), key);
	}
}
