import { loadMcpConfig } from "../config/load-mcp-config.js";
import { McpCredentialStore } from "../oauth/oauth-store.js";
import type { McpCliContext } from "./mcp-add-remove.js";
import { type McpCliArgs, McpCliError, usageError } from "./mcp-cli-args.js";
import { isProjectTrustedForCli } from "./project-trusted.js";

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
	const store = McpCredentialStore.forAgentDir(context.agentDir);
	const key = McpCredentialStore.key(name, config.url);
	if (command === "logout") {
		if (!store.has(key)) {
			context.stdout(`No stored credentials for MCP server "${name}".\n`);
			return 0;
		}
		store.update(key, () => undefined);
		context.stdout(`Signed out of MCP server "${name}".\n`);
		return 0;
	}
	let timeoutMs = 300_000;
	if (args.timeout !== undefined) {
		const seconds = Number(args.timeout);
		if (!(seconds > 0)) throw new McpCliError(`--timeout expects a number of seconds, got "${args.timeout}".`);
		timeoutMs = seconds * 1000;
	}
	const { signInToMcpServer } = await import("../oauth/mcp-sign-in.js");
	try {
		await signInToMcpServer({ server: name, config, store, timeoutMs, announce: context.stderr });
	} catch (error) {
		throw new McpCliError(`Signing in to MCP server "${name}" failed: ${(error as Error).message}`);
	}
	context.stdout(`Signed in to MCP server "${name}".\n`);
	return 0;
}
