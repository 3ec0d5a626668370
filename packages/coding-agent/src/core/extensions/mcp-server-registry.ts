// MCP servers registered for the current session by extensions (`pi.registerMcpServer`) and by
// modes (ACP's session/new `mcpServers`). Only the configs live here: connecting them is the job
// of whichever extension handles MCP (the built-in @pi/mcp), which reads them with
// `pi.getMcpServers()` and follows `mcp_servers_change`.

/** One registration: an `mcpServers` entry of mcp.json, as given. */
export interface RegisteredMcpServer {
	name: string;
	config: Readonly<Record<string, unknown>>;
	/** The extension path, or "acp" for servers an editor passed. */
	source: string;
}

/** A server's state as the MCP extension reports it (RPC `get_state` lists these). */
export interface McpServerStatus {
	name: string;
	state: "connecting" | "connected" | "failed" | "needs-auth" | "disabled" | "disconnected";
	/** Number of tools the server offers. */
	tools: number;
	/** Where it is configured: "global", "project", "extension" or "acp". */
	scope?: string;
	error?: string;
}

const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

export class McpServerRegistry {
	private readonly servers = new Map<string, RegisteredMcpServer>();
	private readonly listeners = new Set<() => void>();
	private statusList: McpServerStatus[] = [];

	/** Replaces the reported states (the MCP extension calls this on every change). */
	setStatuses(statuses: readonly McpServerStatus[]): void {
		this.statusList = statuses.map((status) => ({ ...status }));
	}

	statuses(): McpServerStatus[] {
		return this.statusList.map((status) => ({ ...status }));
	}

	/** Names differing only in `-`/`_` are one server; another source's name throws. */
	register(name: string, config: Readonly<Record<string, unknown>>, source: string): void {
		if (!SERVER_NAME.test(name))
			throw new Error(`invalid MCP server name "${name}" (use letters, digits, "_" and "-")`);
		if (typeof config !== "object" || config === null || Array.isArray(config))
			throw new Error(`MCP server "${name}": config must be an object`);
		const key = name.replace(/-/g, "_");
		const existing = this.servers.get(key);
		if (existing && existing.source !== source)
			throw new Error(`MCP server "${name}" is already registered by ${existing.source}`);
		this.servers.set(key, { name, config: { ...config }, source });
		this.changed();
	}

	unregister(name: string): void {
		if (this.servers.delete(name.replace(/-/g, "_"))) this.changed();
	}

	list(): RegisteredMcpServer[] {
		return [...this.servers.values()];
	}

	onChange(listener: () => void): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	private changed(): void {
		for (const listener of this.listeners) listener();
	}
}
