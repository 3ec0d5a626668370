import type {
	ExtensionAPI,
	ExtensionContext,
	McpServerStatus as PiMcpServerStatus,
	ToolExposure,
} from "@pi/coding-agent";
import { getAgentDir } from "@pi/coding-agent/paths";
import { connectionErrorText, McpServerConnection } from "./client/server-connection.js";
import type { McpExposure, McpServerConfig, McpServerEntry } from "./config/mcp-config-types.js";
import { configuredExposures } from "./mcp-servers-section.js";
import { registerServerTools } from "./tools/register-server-tools.js";
import { registerResourceTools } from "./tools/resource-tools.js";

/** How long the first prompt waits for servers with `direct` tools. */
const DIRECT_WAIT_MS = 10_000;

/** One line per server for `/mcp`; RPC `get_state` gets it without the exposure. */
export interface McpServerStatus extends PiMcpServerStatus {
	scope: string;
	exposure: string;
}

/** The servers of one session: connects them in the background, registers tools, reports failures. */
export class McpSession {
	readonly connections: McpServerConnection[] = [];
	private readonly registeredTools = new Map<string, ToolExposure>();
	private resourceToolsExposure: McpExposure | undefined;
	private readonly reported = new Set<string>();
	private configErrorsReported = false;
	private stopped = false;
	/** Whether the "MCP tools cannot be called" warning was shown in this session. */
	private warnedUnreachable = false;

	constructor(
		private readonly pi: ExtensionAPI,
		private readonly clientVersion: string,
		private readonly configErrors: readonly string[],
		private readonly options: { autoEnableCodemode: boolean } = { autoEnableCodemode: true },
	) {}

	start(entries: readonly McpServerEntry[], ctx: ExtensionContext): void {
		for (const entry of entries) this.add(entry, ctx);
		// From the configuration, not the connection: the first request already declares codemode
		// or tool_search for servers that are still connecting.
		this.activateReachingTools(
			entries.filter((entry) => entry.config.enabled).map((entry) => entry.config),
			ctx,
		);
		void this.settled().then(() => this.reportProblems(ctx));
	}

	add(entry: McpServerEntry, ctx: ExtensionContext): McpServerConnection {
		const connection = new McpServerConnection({
			entry,
			sessionCwd: ctx.cwd,
			clientVersion: this.clientVersion,
			agentDir: getAgentDir(),
			onToolsChanged: () => this.onConnected(connection),
			onStateChange: () => this.publish(),
		});
		this.connections.push(connection);
		this.publish();
		if (entry.config.enabled)
			void connection.connect().then(() => {
				if (connection.state.kind === "connected") this.onConnected(connection);
			});
		return connection;
	}

	async remove(name: string): Promise<void> {
		const index = this.connections.findIndex((connection) => connection.name === name);
		if (index < 0) return;
		const [connection] = this.connections.splice(index, 1);
		await connection?.close();
		this.publish();
	}

	private onConnected(connection: McpServerConnection): void {
		if (this.stopped) return;
		const { indirect } = registerServerTools(this.pi, connection, this.registeredTools, (exposure) =>
			this.effectiveExposure(exposure),
		);
		if (indirect.length > 0) this.activateReachingTools([connection.entry.config]);
		const resourceExposure = this.resourceExposure();
		if (resourceExposure && resourceExposure !== this.resourceToolsExposure) {
			this.resourceToolsExposure = resourceExposure;
			registerResourceTools(this.pi, { resourceServers: () => this.resourceServers() }, resourceExposure);
		}
	}

	/**
	 * The exposure tools are registered with. `codemode` and `deferred` tools need the `codemode` /
	 * `tool_search` tools; without them they stay unreachable (as in pi 1.4) and
	 * `activateReachingTools` warns once.
	 */
	effectiveExposure(exposure: McpExposure): McpExposure {
		return exposure;
	}

	/** A tool that can reach other tools (`reachesTools`): codemode, tool_search or a replacement. */
	private hasTool(name: string): boolean {
		try {
			return this.pi.getAllTools().some((tool) => tool.name === name && tool.reachesTools);
		} catch {
			return false;
		}
	}

	/**
	 * Activates `codemode` for servers with codemode tools and `tool_search` for deferred ones. When
	 * neither is active afterwards (not registered: `--tools` left it out, `--no-extensions`; or
	 * `autoEnableCodemode: false`), the tools cannot be called: one `notify` warning per session
	 * says so (RPC, the TUI; print mode has no UI), as pi 1.4 does.
	 */
	private activateReachingTools(configs: readonly McpServerConfig[], ctx?: ExtensionContext): void {
		const exposures = new Set(configs.flatMap((config) => [...configuredExposures(config)]));
		const needsCodemode = exposures.has("codemode");
		const needsToolSearch = exposures.has("deferred");
		if (!needsCodemode && !needsToolSearch) return;
		const hasCodemode = this.hasTool("codemode");
		const hasToolSearch = this.hasTool("tool_search");
		const active = this.pi.getActiveTools();
		const missing: string[] = [];
		// `autoEnableCodemode: false`: the user turns codemode on (or not) themselves.
		if (needsCodemode && hasCodemode && this.options.autoEnableCodemode && !active.includes("codemode"))
			missing.push("codemode");
		if (needsToolSearch && hasToolSearch && !active.includes("tool_search")) missing.push("tool_search");
		if (missing.length > 0) this.pi.setActiveTools([...active, ...missing]);
		const reachable = [...active, ...missing];
		if ((hasCodemode && reachable.includes("codemode")) || (hasToolSearch && reachable.includes("tool_search"))) return;
		if (this.warnedUnreachable || !ctx) return;
		this.warnedUnreachable = true;
		const reason =
			needsCodemode && hasCodemode && !this.options.autoEnableCodemode ? " (autoEnableCodemode is false)" : "";
		try {
			ctx.ui.notify(
				`MCP tools are only reachable from the codemode or tool_search tool, but neither is active${reason}; they cannot be called.`,
				"warning",
			);
		} catch {
			// A replaced session's context: the new session warns for itself.
		}
	}

	/** The resource tools take the widest exposure among connected servers with resources. */
	private resourceExposure(): McpExposure | undefined {
		const exposures = new Set(
			this.connections
				.filter((connection) => connection.state.kind === "connected" && connection.hasResources)
				.map((connection) => this.effectiveExposure(connection.entry.config.exposure)),
		);
		return (["direct", "codemode", "deferred"] as const).find((exposure) => exposures.has(exposure));
	}

	private async resourceServers(): Promise<McpServerConnection[]> {
		await this.settled();
		return this.connections.filter(
			(connection) =>
				connection.entry.config.enabled &&
				connection.entry.config.exposure !== "hidden" &&
				connection.state.kind === "connected" &&
				connection.hasResources,
		);
	}

	/** Resolves when every initial connection attempt has ended. */
	settled(): Promise<void> {
		return Promise.all(
			this.connections.map((connection) =>
				connection.state.kind === "connecting" ? connection.state.done : Promise.resolve(),
			),
		).then(() => undefined);
	}

	/** Waits (at most 10 s) for servers with `direct` tools: their tools must be in the first request. */
	async waitForDirectServers(): Promise<void> {
		const pending = this.connections.filter(
			(connection) =>
				connection.state.kind === "connecting" &&
				[...configuredExposures(connection.entry.config)].some(
					(exposure) => this.effectiveExposure(exposure as McpExposure) === "direct",
				),
		);
		if (pending.length === 0) return;
		let timer: NodeJS.Timeout | undefined;
		await Promise.race([
			Promise.all(pending.map((connection) => connection.connect())),
			new Promise<void>((resolve) => {
				timer = setTimeout(resolve, DIRECT_WAIT_MS);
				timer.unref();
			}),
		]);
		if (timer) clearTimeout(timer);
	}

	/**
	 * Config errors, failed servers and needed sign-ins, each reported once in one `notify` warning
	 * (RPC, the TUI). Print and JSON mode have no UI and stay quiet, as pi 1.4 does: `pi mcp list`
	 * shows the same problems.
	 */
	reportProblems(ctx: ExtensionContext): void {
		if (this.stopped) return;
		const lines: string[] = [];
		if (!this.configErrorsReported) {
			this.configErrorsReported = true;
			for (const error of this.configErrors) lines.push(`config: ${error}`);
		}
		for (const connection of this.connections) {
			if (this.reported.has(connection.name)) continue;
			const state = connection.state;
			if (state.kind === "failed") lines.push(`${connection.name}: failed: ${state.error.split("\n", 1)[0]}`);
			else if (state.kind === "needs-auth") lines.push(`${connection.name}: needs sign-in`);
			else continue;
			this.reported.add(connection.name);
		}
		if (lines.length === 0) return;
		try {
			ctx.ui.notify(
				`MCP servers need attention:\n${lines.map((line) => `  ${line}`).join("\n")}\nRun /mcp to fix.`,
				"warning",
			);
		} catch {
			// A replaced session's context: the new session reports for itself.
		}
	}

	statuses(): McpServerStatus[] {
		return this.connections.map((connection) => {
			const state = connection.state;
			const name: McpServerStatus["state"] =
				state.kind === "idle" || state.kind === "closed" ? "disconnected" : state.kind;
			return {
				name: connection.name,
				state: name,
				scope: connection.entry.scope,
				exposure: connection.entry.config.exposure,
				tools: connection.tools.length,
				...(state.kind === "failed" || state.kind === "needs-auth" ? { error: state.error } : {}),
			};
		});
	}

	/** Tells pi (RPC `get_state`) the servers' states. */
	private publish(): void {
		if (this.stopped) return;
		try {
			this.pi.setMcpServerStatuses(this.statuses().map(({ exposure: _exposure, ...status }) => status));
		} catch {
			// A replaced session's API: nothing to tell.
		}
	}

	async stop(): Promise<void> {
		try {
			this.pi.setMcpServerStatuses([]);
		} catch {
			// A replaced session's API.
		}
		this.stopped = true;
		await Promise.all(this.connections.map((connection) => connection.close().catch(() => undefined)));
	}
}

export { connectionErrorText };
