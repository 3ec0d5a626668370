import { McpServerConnection } from "../client/server-connection.js";
import { loadMcpConfig } from "../config/load-mcp-config.js";
import { mcpToolNames, toolExposureOf } from "../tools/tool-names.js";
import type { McpCliContext } from "./mcp-add-remove.js";
import type { McpCliArgs } from "./mcp-cli-args.js";
import { isProjectTrustedForCli } from "./project-trusted.js";

interface ListedServer {
	name: string;
	scope: string;
	source: string;
	enabled: boolean;
	exposure: string;
	transport: string;
	state: string;
	tools: string[];
	toolExposure?: Record<string, string>;
	resources?: true;
	error?: string;
}

function stateWord(connection: McpServerConnection): string {
	const kind = connection.state.kind;
	if (kind === "needs-auth") return "needs-auth";
	if (kind === "idle" || kind === "closed") return "disconnected";
	return kind;
}

/** `pi mcp list [--json]`: connects every enabled server, prints state, tools and errors. */
export async function runMcpList(args: McpCliArgs, context: McpCliContext, version: string): Promise<number> {
	const loaded = loadMcpConfig({
		agentDir: context.agentDir,
		cwd: context.cwd,
		projectTrusted: isProjectTrustedForCli(context.agentDir, context.cwd),
	});
	const connections = loaded.servers.map(
		(entry) =>
			new McpServerConnection({ entry, sessionCwd: context.cwd, clientVersion: version, agentDir: context.agentDir }),
	);
	await Promise.all(connections.map((connection) => connection.connect()));
	const listed: ListedServer[] = connections.map((connection) => {
		const config = connection.entry.config;
		const toolNames = connection.tools.map((tool) => tool.name);
		const differing: Record<string, string> = {};
		for (const tool of toolNames) {
			const exposure = toolExposureOf(config, tool);
			if (exposure !== config.exposure) differing[tool] = exposure;
		}
		const state = connection.state;
		return {
			name: connection.name,
			scope: connection.entry.scope,
			source: connection.entry.source,
			enabled: config.enabled,
			exposure: config.exposure,
			transport: connection.transportLabel,
			state: stateWord(connection),
			tools: toolNames,
			...(Object.keys(differing).length > 0 ? { toolExposure: differing } : {}),
			...(connection.hasResources ? { resources: true as const } : {}),
			// A failed stdio server's last stderr lines usually say why: they follow the error.
			...(state.kind === "failed" || state.kind === "needs-auth"
				? { error: state.kind === "failed" && state.stderr ? `${state.error}\n${state.stderr}` : state.error }
				: {}),
		};
	});
	// The names pi would give the tools; computing them here keeps `list` honest about collisions.
	for (const connection of connections)
		mcpToolNames(
			connection.name,
			connection.tools.map((tool) => tool.name),
		);
	await Promise.all(connections.map((connection) => connection.close()));

	const failed = loaded.errors.length > 0 || listed.some((server) => server.enabled && server.state !== "connected");
	if (args.json) {
		const output = { servers: listed, errors: loaded.errors, ...(loaded.note ? { note: loaded.note } : {}) };
		context.stdout(`${JSON.stringify(output, null, 2)}\n`);
		return failed ? 1 : 0;
	}
	if (listed.length === 0 && loaded.errors.length === 0) {
		context.stdout(`No MCP servers configured. Add them to ${context.agentDir}/mcp.json or .pi/mcp.json.\n`);
	}
	const out: string[] = [];
	for (const server of listed) {
		const state =
			server.state === "connected"
				? `connected, ${server.tools.length} tool${server.tools.length === 1 ? "" : "s"}`
				: server.state === "needs-auth"
					? "needs sign-in"
					: server.state;
		out.push(`${server.name}: ${state} (${server.exposure}, ${server.scope})`);
		out.push(`  ${server.transport}`);
		if (server.error) for (const line of server.error.split("\n")) out.push(`  ${line}`);
		if (server.state === "needs-auth") out.push(`  Sign in with: pi mcp login ${server.name}`);
		if (server.tools.length > 0) {
			const marked = server.tools.map((tool) => {
				const exposure = server.toolExposure?.[tool];
				return exposure ? `${tool} [${exposure}]` : tool;
			});
			out.push(`  tools: ${marked.join(", ")}`);
		}
		if (server.resources) out.push("  offers resources");
	}
	for (const error of loaded.errors) out.push(`config error: ${error}`);
	if (loaded.note) out.push(loaded.note);
	if (out.length > 0) context.stdout(`${out.join("\n")}\n`);
	return failed ? 1 : 0;
}
