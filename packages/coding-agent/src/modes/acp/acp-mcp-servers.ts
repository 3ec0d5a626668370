import type { McpServer } from "@agentclientprotocol/sdk";

/**
 * An MCP server an editor passed in session/new or session/load, as an `mcpServers` entry of
 * mcp.json (name/value lists become objects). Exposure is left out: the user's default applies.
 */
export function acpMcpServerConfig(server: McpServer): { name: string; config: Record<string, unknown> } {
	const pairs = (list: readonly { name: string; value: string }[] | undefined) =>
		Object.fromEntries((list ?? []).map((item) => [item.name, item.value]));
	if ("url" in server) {
		const type = "type" in server ? server.type : "http";
		return {
			name: server.name,
			config: { ...(type === "sse" ? { type: "sse" } : {}), url: server.url, headers: pairs(server.headers) },
		};
	}
	return { name: server.name, config: { command: server.command, args: [...server.args], env: pairs(server.env) } };
}
