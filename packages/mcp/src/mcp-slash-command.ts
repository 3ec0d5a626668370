import type { ExtensionCommandContext } from "@pi/coding-agent";
import { getAgentDir } from "@pi/coding-agent/paths";
import type { McpServerConnection } from "./client/server-connection.js";
import { MCP_EXPOSURES, type McpExposure } from "./config/mcp-config-types.js";
import { updateMcpServerEntry } from "./config/write-mcp-config.js";
import type { McpSession } from "./mcp-session.js";

const ACTIONS = ["reconnect", "login", "logout", "enable", "disable", "exposure"] as const;
type Action = (typeof ACTIONS)[number];

/** The status list: servers needing attention first. */
export function formatMcpStatus(session: McpSession | undefined): string {
	const statuses = session?.statuses() ?? [];
	if (statuses.length === 0) return "No MCP servers configured.";
	const rank = (state: string) => (state === "failed" || state === "needs-auth" ? 0 : 1);
	return [...statuses]
		.sort((a, b) => rank(a.state) - rank(b.state))
		.map((status) => {
			const state =
				status.state === "connected"
					? `connected, ${status.tools} tool${status.tools === 1 ? "" : "s"}`
					: status.state === "needs-auth"
						? "needs sign-in"
						: status.state;
			return `${status.name}: ${state} (${status.exposure}, ${status.scope})${status.error ? `\n  ${status.error}` : ""}`;
		})
		.join("\n");
}

/** Saves `enabled`/`exposure` in the file that defines a server, leaving the rest of it alone. */
function saveField(
	connection: McpServerConnection,
	field: "enabled" | "exposure",
	value: boolean | McpExposure,
): string {
	const entry = connection.entry;
	if (entry.scope !== "global" && entry.scope !== "project")
		return `The change applies to this session only (${entry.name} comes from ${entry.source}).`;
	updateMcpServerEntry(entry.source, entry.name, undefined, (current) => ({ ...current, [field]: value }));
	return `Saved in ${entry.source}.`;
}

/**
 * `/mcp [action server]`: status; reconnect, sign in or out, enable or disable, change exposure.
 * In the terminal UI, `/mcp` alone lets the user pick a server and an action.
 */
export async function runMcpSlashCommand(
	args: string,
	ctx: ExtensionCommandContext,
	session: McpSession | undefined,
	restart: () => Promise<void>,
): Promise<void> {
	let [action, name, value] = args.trim().split(/\s+/).filter(Boolean) as [string?, string?, string?];
	if (!action && ctx.mode === "tui" && session && session.connections.length > 0) {
		ctx.ui.notify(formatMcpStatus(session), "info");
		const picked = await ctx.ui.select(
			"MCP server",
			session.connections.map((connection) => connection.name),
		);
		if (!picked) return;
		name = picked;
		action = await ctx.ui.select(`MCP server ${picked}`, [...ACTIONS]);
		if (!action) return;
		if (action === "exposure") value = await ctx.ui.select("Exposure", [...MCP_EXPOSURES]);
	}
	if (!action || !name) {
		ctx.ui.notify(formatMcpStatus(session), "info");
		return;
	}
	if (!(ACTIONS as readonly string[]).includes(action)) {
		ctx.ui.notify(`Unknown /mcp action "${action}" (use ${ACTIONS.join(", ")}).`, "error");
		return;
	}
	const connection = session?.connections.find((candidate) => candidate.name === name);
	if (!session || !connection) {
		ctx.ui.notify(`No MCP server named "${name}".`, "error");
		return;
	}
	switch (action as Action) {
		case "reconnect":
			await connection.reconnect();
			break;
		case "login": {
			const config = connection.entry.config;
			if (config.transport !== "http") {
				ctx.ui.notify(`MCP server "${name}" does not use OAuth.`, "error");
				return;
			}
			const [{ signInToMcpServer }, { McpCredentialStore }] = await Promise.all([
				import("./oauth/mcp-sign-in.js"),
				import("./oauth/oauth-store.js"),
			]);
			try {
				await signInToMcpServer({
					server: name,
					config,
					store: McpCredentialStore.forAgentDir(getAgentDir()),
					timeoutMs: 300_000,
					announce: (text) => ctx.ui.notify(text.trim(), "info"),
				});
			} catch (error) {
				ctx.ui.notify(`Signing in to MCP server "${name}" failed: ${(error as Error).message}`, "error");
				return;
			}
			await connection.reconnect();
			break;
		}
		case "logout": {
			const config = connection.entry.config;
			if (config.transport === "http") {
				const { McpCredentialStore } = await import("./oauth/oauth-store.js");
				McpCredentialStore.forAgentDir(getAgentDir()).update(McpCredentialStore.key(name, config.url), () => undefined);
			}
			ctx.ui.notify(`Signed out of MCP server "${name}".`, "info");
			return;
		}
		case "enable":
		case "disable": {
			const saved = saveField(connection, "enabled", action === "enable");
			await restart();
			ctx.ui.notify(saved, "info");
			return;
		}
		case "exposure": {
			const exposure = MCP_EXPOSURES.find((candidate) => candidate === value);
			if (!exposure) {
				ctx.ui.notify(`Use /mcp exposure ${name} <${MCP_EXPOSURES.join("|")}>.`, "error");
				return;
			}
			const saved = saveField(connection, "exposure", exposure);
			await restart();
			ctx.ui.notify(saved, "info");
			return;
		}
	}
}
