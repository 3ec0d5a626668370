import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadMcpConfig } from "../config/load-mcp-config.js";
import type { McpCliContext } from "./mcp-add-remove.js";
import { type McpCliArgs, McpCliError, usageError } from "./mcp-cli-args.js";
import { isProjectTrustedForCli } from "./project-trusted.js";

/** Stored OAuth credentials, keyed by server name and URL. */
function authFilePath(agentDir: string): string {
	return join(agentDir, "mcp-auth.json");
}

/** `pi mcp login|logout <server>`: only HTTP servers without an Authorization header use OAuth. */
export async function runMcpAuthCommand(
	command: "login" | "logout",
	args: McpCliArgs,
	context: McpCliContext,
): Promise<number> {
	const [name, ...extra] = args.positionals;
	if (!name || extra.length > 0) throw usageError(`Usage: pi mcp ${command} <server>`);
	const loaded = loadMcpConfig({
		agentDir: context.agentDir,
		cwd: context.cwd,
		projectTrusted: isProjectTrustedForCli(context.agentDir, context.cwd),
	});
	const entry = loaded.servers.find((server) => server.name === name);
	if (!entry) {
		const configured = loaded.servers.map((server) => server.name).join(", ");
		throw new McpCliError(
			`No MCP server named "${name}".${loaded.note ? ` ${loaded.note}` : ""}${configured ? ` Configured: ${configured}.` : ""}`,
		);
	}
	const config = entry.config;
	const usesOAuth =
		config.transport === "http" && !Object.keys(config.headers).some((key) => key.toLowerCase() === "authorization");
	if (!usesOAuth)
		throw new McpCliError(
			`MCP server "${name}" does not use OAuth. Only HTTP servers without an Authorization header do.`,
		);
	const key = `${name} ${config.url}`;
	if (command === "logout") {
		const path = authFilePath(context.agentDir);
		const stored = existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>) : {};
		if (!Object.hasOwn(stored, key)) {
			context.stdout(`No stored credentials for MCP server "${name}".\n`);
			return 0;
		}
		delete stored[key];
		writeFileSync(path, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
		context.stdout(`Removed the stored credentials of MCP server "${name}".\n`);
		return 0;
	}
	throw new McpCliError(`Signing in to MCP server "${name}" is not supported by this build of pi yet.`);
}
