import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type {
	CallToolResult,
	ReadResourceResult,
	Resource,
	ResourceTemplate,
	Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { expandHomePath, expandRecord, McpValueError, resolveServerCwd } from "../config/expand-values.js";
import type { McpServerEntry } from "../config/mcp-config-types.js";
import type { ProcessGroupStdioTransport } from "./process-group-stdio-transport.js";

/** Where a server connection is: one state at a time. */
export type McpConnectionState =
	| { kind: "disabled" }
	| { kind: "idle" }
	| { kind: "connecting"; done: Promise<void> }
	| { kind: "connected" }
	| { kind: "needs-auth"; error: string }
	| { kind: "failed"; error: string; stderr?: string }
	| { kind: "closed" };

export type McpConnectionStateName = McpConnectionState["kind"];

export interface McpConnectionOptions {
	entry: McpServerEntry;
	sessionCwd: string;
	clientVersion: string;
	/** Called when the server announces a changed tool list (after the new list is read). */
	onToolsChanged?: () => void;
	/** Called on every state change. */
	onStateChange?: () => void;
	/** Where OAuth credentials of HTTP servers without an Authorization header are kept. */
	agentDir?: string;
}

/** The short form of a connection error for lists and notices. */
export function connectionErrorText(error: unknown): string {
	if (error instanceof Error) {
		const cause = (error as { cause?: unknown }).cause;
		if (error.message === "fetch failed" && cause instanceof Error && cause.message) return `fetch failed`;
		// The SDK's wording of a server that went away (a crash, an exit) before answering.
		if ((error as { code?: unknown }).code === -32000 && /Connection closed/.test(error.message))
			return "MCP connection closed";
		return error.message;
	}
	return String(error);
}

/** One MCP server: connects through the official SDK client, lists its tools, calls them. */
export class McpServerConnection {
	state: McpConnectionState;
	tools: Tool[] = [];
	instructions: string | undefined;
	hasResources = false;
	private client: Client | undefined;
	/** The tool list being re-read after `tools/list_changed`. */
	private refreshing: Promise<void> | undefined;
	private transport: Transport | undefined;

	constructor(private readonly options: McpConnectionOptions) {
		this.state = options.entry.config.enabled ? { kind: "idle" } : { kind: "disabled" };
	}

	get entry(): McpServerEntry {
		return this.options.entry;
	}

	get name(): string {
		return this.options.entry.name;
	}

	/** `command args` for stdio servers, the URL for HTTP ones. */
	get transportLabel(): string {
		const config = this.options.entry.config;
		return config.transport === "stdio" ? [config.command, ...config.args].join(" ") : config.url;
	}

	private setState(state: McpConnectionState): void {
		this.state = state;
		this.options.onStateChange?.();
	}

	/** Connects unless connected or disabled; resolves when the attempt has ended either way. */
	connect(): Promise<void> {
		const state = this.state;
		if (state.kind === "connecting") return state.done;
		if (state.kind === "connected" || state.kind === "disabled" || state.kind === "closed") return Promise.resolve();
		const done = this.attempt();
		this.setState({ kind: "connecting", done });
		return done;
	}

	private async createTransport(): Promise<Transport> {
		const { entry, sessionCwd } = this.options;
		const config = entry.config;
		if (config.transport === "stdio") {
			const env = expandRecord(entry.name, "env", config.env, process.env);
			const { ProcessGroupStdioTransport } = await import("./process-group-stdio-transport.js");
			return new ProcessGroupStdioTransport({
				command: expandHomePath(config.command),
				args: config.args.map(expandHomePath),
				env: { ...process.env, ...env },
				cwd: resolveServerCwd(config.cwd, sessionCwd),
			});
		}
		const headers = expandRecord(entry.name, "header", config.headers, process.env);
		const { StreamableHTTPClientTransport } = await import("@modelcontextprotocol/sdk/client/streamableHttp.js");
		const hasAuthorization = Object.keys(headers).some((key) => key.toLowerCase() === "authorization");
		let authProvider: import("@modelcontextprotocol/sdk/client/auth.js").OAuthClientProvider | undefined;
		if (!hasAuthorization && this.options.agentDir) {
			// Stored tokens are sent and refreshed by the SDK; a needed sign-in ends as needs-auth.
			const [{ PiOAuthProvider }, { McpCredentialStore }] = await Promise.all([
				import("../oauth/oauth-provider.js"),
				import("../oauth/oauth-store.js"),
			]);
			authProvider = new PiOAuthProvider({
				server: entry.name,
				config,
				store: McpCredentialStore.forAgentDir(this.options.agentDir),
			});
		}
		return new StreamableHTTPClientTransport(new URL(config.url), {
			requestInit: { headers },
			...(authProvider ? { authProvider } : {}),
		});
	}

	private async attempt(): Promise<void> {
		let transport: Transport | undefined;
		try {
			transport = await this.createTransport();
			// Known at once, so a close() while connecting stops the server too.
			this.transport = transport;
			const [{ Client }, types] = await Promise.all([
				import("@modelcontextprotocol/sdk/client/index.js"),
				import("@modelcontextprotocol/sdk/types.js"),
			]);
			// The session directory is the client's one root (servers such as filesystem ones scope to it).
			const client = new Client({ name: "pi", version: this.options.clientVersion }, { capabilities: { roots: {} } });
			const cwd = this.options.sessionCwd;
			client.setRequestHandler(types.ListRootsRequestSchema, async () => ({
				roots: [{ uri: pathToFileURL(cwd).href, name: basename(cwd) || cwd }],
			}));
			client.setNotificationHandler(types.ToolListChangedNotificationSchema, async () => {
				const refresh = (async () => {
					try {
						await this.refreshTools();
					} catch {
						// Keep the previous list; the next call reports a real problem.
					}
					this.options.onToolsChanged?.();
				})();
				this.refreshing = refresh;
				await refresh;
			});
			await client.connect(transport, { timeout: this.options.entry.config.timeoutMs });
			if (this.state.kind === "closed") {
				// Stopped while connecting (pi is exiting): do not leave the server running.
				await transport.close().catch(() => undefined);
				return;
			}
			this.client = client;
			this.transport = transport;
			this.instructions = client.getInstructions();
			this.hasResources = client.getServerCapabilities()?.resources !== undefined;
			await this.refreshTools();
			client.onclose = () => {
				// A dropped connection reconnects on the next call.
				if (this.state.kind === "connected") {
					this.client = undefined;
					this.setState({ kind: "idle" });
				}
			};
			this.setState({ kind: "connected" });
		} catch (error) {
			const stderr = (transport as ProcessGroupStdioTransport | undefined)?.stderrTail || undefined;
			this.transport = undefined;
			await transport?.close().catch(() => undefined);
			if (this.state.kind === "closed") return;
			const { UnauthorizedError } = await import("@modelcontextprotocol/sdk/client/auth.js");
			if (error instanceof UnauthorizedError) {
				this.setState({ kind: "needs-auth", error: connectionErrorText(error) });
				return;
			}
			this.setState({
				kind: "failed",
				error:
					error instanceof McpValueError
						? error.message
						: /Request timed out/.test(connectionErrorText(error))
							? `MCP request timed out after ${this.options.entry.config.timeoutMs}ms`
							: connectionErrorText(error),
				...(stderr ? { stderr } : {}),
			});
		}
	}

	private async refreshTools(): Promise<void> {
		const client = this.client;
		if (!client) return;
		if (client.getServerCapabilities()?.tools === undefined) {
			this.tools = [];
			return;
		}
		const tools: Tool[] = [];
		let cursor: string | undefined;
		do {
			const page = await client.listTools(cursor ? { cursor } : {}, { timeout: this.options.entry.config.timeoutMs });
			tools.push(...page.tools);
			cursor = page.nextCursor;
		} while (cursor);
		this.tools = tools;
	}

	/** The client, reconnecting a dropped connection first. */
	private async ready(): Promise<Client> {
		if (this.state.kind !== "connected") await this.connect();
		const state = this.state;
		if (state.kind === "disabled") throw new Error(`MCP server "${this.name}" is disabled`);
		if (state.kind === "needs-auth")
			throw new Error(`MCP server "${this.name}" needs sign-in: run pi mcp login ${this.name}`);
		if (state.kind === "failed") throw new Error(`MCP server "${this.name}" is not connected: ${state.error}`);
		if (!this.client) throw new Error(`MCP server "${this.name}" is not connected`);
		return this.client;
	}

	async callTool(
		name: string,
		args: Record<string, unknown>,
		options: { signal?: AbortSignal; onProgress?: (progress: number, total?: number, message?: string) => void },
	): Promise<CallToolResult> {
		const client = await this.ready();
		const result = await client.callTool({ name, arguments: args }, undefined, {
			timeout: this.options.entry.config.timeoutMs,
			// Progress notifications show the server is working: each one restarts the timeout.
			resetTimeoutOnProgress: true,
			...(options.signal ? { signal: options.signal } : {}),
			onprogress: (progress) => options.onProgress?.(progress.progress, progress.total, progress.message),
		});
		// A server that changed its tools during the call announced it before answering: let the
		// model's next request see the new list.
		await this.refreshing;
		return result as CallToolResult;
	}

	async listResources(cursor?: string): Promise<{ resources: Resource[]; nextCursor?: string }> {
		const client = await this.ready();
		const page = await client.listResources(cursor ? { cursor } : {}, { timeout: this.options.entry.config.timeoutMs });
		return { resources: page.resources, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
	}

	async listResourceTemplates(
		cursor?: string,
	): Promise<{ resourceTemplates: ResourceTemplate[]; nextCursor?: string }> {
		const client = await this.ready();
		const page = await client.listResourceTemplates(cursor ? { cursor } : {}, {
			timeout: this.options.entry.config.timeoutMs,
		});
		return { resourceTemplates: page.resourceTemplates, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
	}

	async readResource(uri: string): Promise<ReadResourceResult> {
		const client = await this.ready();
		return client.readResource({ uri }, { timeout: this.options.entry.config.timeoutMs });
	}

	/** Stops the server (stdio: its whole process group) and keeps it stopped. */
	async close(): Promise<void> {
		const transport = this.transport;
		this.client = undefined;
		this.transport = undefined;
		this.state = { kind: "closed" };
		await transport?.close().catch(() => undefined);
	}

	/** Drops the connection and connects again (`/mcp reconnect`). */
	async reconnect(): Promise<void> {
		const transport = this.transport;
		this.client = undefined;
		this.transport = undefined;
		await transport?.close().catch(() => undefined);
		this.state = this.options.entry.config.enabled ? { kind: "idle" } : { kind: "disabled" };
		await this.connect();
	}
}
