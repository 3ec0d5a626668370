import { existsSync } from "node:fs";
import type { ExtensionAPI, ExtensionContext, InlineExtension } from "@pi/coding-agent";
import { getAgentDir } from "@pi/coding-agent/paths";
import { projectMcpConfigPath, userMcpConfigPath } from "./config/mcp-config-paths.js";
import type { McpServerEntry } from "./config/mcp-config-types.js";
import type { McpSession } from "./mcp-session.js";

// Every session loads this module; what reads, parses and connects servers is imported only once
// a config file or a registered server exists, so a run without MCP pays two existence checks.
const loadConfigModules = async () => {
	const [{ loadMcpConfig }, { parseServerEntry, serverNameKey }] = await Promise.all([
		import("./config/load-mcp-config.js"),
		import("./config/parse-server-entry.js"),
	]);
	return { loadMcpConfig, parseServerEntry, serverNameKey };
};

export interface McpExtensionOptions {
	/** The version pi reports to servers as the client's. */
	version?: string;
}

/**
 * The built-in MCP extension (`builtin:mcp`): reads mcp.json (the project's only when trusted),
 * connects the servers in the background at `session_start` and registers their tools. Nothing
 * heavy loads unless a server is configured.
 */
export function createMcpExtension(options: McpExtensionOptions = {}): InlineExtension {
	return {
		name: "mcp",
		factory(pi: ExtensionAPI) {
			let session: McpSession | undefined;
			let disabled = false;
			let lastSection: string | undefined;

			pi.registerFlag("no-mcp", { type: "boolean", description: "Disable the built-in MCP support for this run" });

			const start = async (ctx: ExtensionContext): Promise<void> => {
				disabled = pi.getFlag("no-mcp") === true;
				if (disabled) return;
				const agentDir = getAgentDir();
				const trusted = ctx.isProjectTrusted();
				const registered = pi.getMcpServers();
				// The common case, no MCP at all: two existence checks and nothing loaded.
				const hasFiles =
					existsSync(userMcpConfigPath(agentDir)) || (trusted && existsSync(projectMcpConfigPath(ctx.cwd)));
				if (!hasFiles && registered.length === 0) return;
				const { loadMcpConfig } = await loadConfigModules();
				const loaded = hasFiles
					? loadMcpConfig({ agentDir, cwd: ctx.cwd, projectTrusted: trusted })
					: { servers: [], errors: [] };
				const errors = [...loaded.errors];
				const servers = [...loaded.servers, ...(await registeredEntries(loaded.servers, errors))];
				if (servers.length === 0 && errors.length === 0) return;
				const { McpSession } = await import("./mcp-session.js");
				session = new McpSession(pi, options.version ?? "0.1.0", errors);
				session.start(servers, ctx);
			};

			/** Servers registered by extensions or the editor (ACP); an mcp.json server of the same name wins. */
			const registeredEntries = async (
				fileServers: readonly McpServerEntry[],
				errors: string[],
			): Promise<McpServerEntry[]> => {
				const { parseServerEntry, serverNameKey } = await loadConfigModules();
				const taken = new Set(fileServers.map((server) => serverNameKey(server.name)));
				const entries: McpServerEntry[] = [];
				for (const server of pi.getMcpServers()) {
					if (taken.has(serverNameKey(server.name))) continue;
					const parsed = parseServerEntry(server.name, server.config, false);
					if (parsed.kind === "server")
						entries.push({
							name: server.name,
							config: parsed.config,
							scope: server.source === "acp" ? "acp" : "extension",
							source: server.source,
						});
					else if (parsed.kind === "error") errors.push(`${server.source}: ${parsed.message}`);
				}
				return entries;
			};

			pi.on("mcp_servers_change", async (_event, ctx) => {
				if (disabled) return;
				if (!session) {
					await start(ctx);
					return;
				}
				const errors: string[] = [];
				const wanted = await registeredEntries(
					session.connections
						.filter((c) => c.entry.scope === "global" || c.entry.scope === "project")
						.map((c) => c.entry),
					errors,
				);
				for (const connection of [...session.connections]) {
					const scope = connection.entry.scope;
					if ((scope === "extension" || scope === "acp") && !wanted.some((entry) => entry.name === connection.name))
						await session.remove(connection.name);
				}
				for (const entry of wanted)
					if (!session.connections.some((connection) => connection.name === entry.name)) session.add(entry, ctx);
			});

			pi.on("session_start", async (_event, ctx) => {
				await session?.stop();
				session = undefined;
				await start(ctx);
			});

			pi.on("before_agent_start", async (event, ctx) => {
				if (!session) return;
				await session.waitForDirectServers();
				session.reportProblems(ctx);
				const current = session;
				const { renderMcpServersSection } = await import("./mcp-servers-section.js");
				const section = renderMcpServersSection(current.connections, (exposure) => current.effectiveExposure(exposure));
				lastSection = section;
				if (!section) return;
				return { systemPrompt: `${event.systemPrompt}\n\n${section}` };
			});

			// A call of a tool that reaches others (codemode, tool_search) waits for servers still connecting.
			pi.on("tool_call", async (event) => {
				if (!session) return;
				const tool = pi.getAllTools().find((candidate) => candidate.name === event.toolName);
				if (tool?.reachesTools) await session.settled();
			});

			pi.on("session_shutdown", async () => {
				const stopping = session;
				session = undefined;
				await stopping?.stop();
			});

			pi.registerCommand("mcp", {
				description: "MCP servers: status, reconnect, login, logout, enable, disable, exposure",
				async handler(args, ctx) {
					if (disabled) {
						ctx.ui.notify("MCP is disabled for this run (--no-mcp).", "info");
						return;
					}
					const { runMcpSlashCommand } = await import("./mcp-slash-command.js");
					await runMcpSlashCommand(args, ctx, session, async () => {
						// Config changed on disk: connect the servers again as configured now.
						await session?.stop();
						session = undefined;
						await start(ctx);
					});
				},
			});
			void lastSection;
		},
	};
}
