import type { McpServerConnection } from "./client/server-connection.js";
import { MCP_EXPOSURES, type McpExposure, type McpServerConfig } from "./config/mcp-config-types.js";

const MAX_SUMMARY_CHARS = 250;

/** Exposures a server's tools may have: its own and every `toolExposure` value. */
export function configuredExposures(config: Pick<McpServerConfig, "exposure" | "toolExposure">): Set<string> {
	return new Set([config.exposure, ...Object.values(config.toolExposure)].filter((e) => MCP_EXPOSURES.includes(e)));
}

function summaryOf(connection: McpServerConnection): string {
	const text = connection.entry.config.description?.trim() || connection.instructions?.trim() || "";
	const line = (text.split("\n", 1)[0] ?? "").trim();
	return line.length > MAX_SUMMARY_CHARS ? `${line.slice(0, MAX_SUMMARY_CHARS - 1)}…` : line;
}

/**
 * The `<mcp_servers>` section of the system prompt: enabled servers whose tools are not declared
 * to the model (codemode or deferred exposure), how they are reached, and one line about each.
 */
export function renderMcpServersSection(
	connections: readonly McpServerConnection[],
	effective: (exposure: McpExposure) => McpExposure = (exposure) => exposure,
): string | undefined {
	const listed = connections
		.filter((connection) => connection.entry.config.enabled)
		.filter((connection) => {
			const exposures = new Set(
				[...configuredExposures(connection.entry.config)].map((e) => effective(e as McpExposure)),
			);
			return exposures.has("codemode") || exposures.has("deferred");
		})
		.sort((a, b) => a.name.localeCompare(b.name));
	if (listed.length === 0) return undefined;
	const lines = listed.map((connection) => {
		const via = configuredExposures(connection.entry.config).has("codemode") ? "codemode" : "tool_search";
		const summary = summaryOf(connection);
		return { via, text: `- mcp__${connection.name} (${via})${summary ? `: ${summary}` : ""}` };
	});
	// Only the ways in that the listed servers need: a prompt about tool_search without such servers
	// would send the model looking for a tool that may not be declared.
	const intro = ["These MCP servers' tools are not declared to you."];
	if (lines.some((line) => line.via === "codemode"))
		intro.push("Reach `codemode` servers' tools from codemode scripts.");
	if (lines.some((line) => line.via === "tool_search"))
		intro.push("Load `tool_search` servers' tools with `tool_search` first.");
	return `<mcp_servers>\n${intro.join(" ")}\n${lines.map((line) => line.text).join("\n")}\n</mcp_servers>`;
}
