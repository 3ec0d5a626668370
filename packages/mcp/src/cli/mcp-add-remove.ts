import { existsSync } from "node:fs";
import { projectMcpConfigPath, readMcpServersObject, userMcpConfigPath } from "../config/load-mcp-config.js";
import { invalidServerNameMessage, isValidServerName, parseServerEntry } from "../config/parse-server-entry.js";
import { updateMcpServerEntry } from "../config/write-mcp-config.js";
import { type McpCliArgs, McpCliError, parsePairs, usageError } from "./mcp-cli-args.js";
import { isProjectTrustedForCli } from "./project-trusted.js";

const ADD_USAGE = "Usage: pi mcp add <server> [options] (--url <url> | -- <command> [args...])";
const REMOVE_USAGE = "Usage: pi mcp remove <server> [-l]";

export interface McpCliContext {
	agentDir: string;
	cwd: string;
	stdout: (text: string) => void;
	stderr: (text: string) => void;
}

function targetFile(args: McpCliArgs, context: McpCliContext): { path: string; scope: "global" | "project" } {
	return args.local
		? { path: projectMcpConfigPath(context.cwd), scope: "project" }
		: { path: userMcpConfigPath(context.agentDir), scope: "global" };
}

function onlyFor(option: string, kind: "stdio" | "http"): McpCliError {
	return new McpCliError(
		kind === "stdio" ? `${option} only applies to stdio servers.` : `${option} only applies to HTTP servers (--url).`,
	);
}

/** `pi mcp add`: writes the entry without connecting. */
export function runMcpAdd(args: McpCliArgs, context: McpCliContext): number {
	const [name, ...extra] = args.positionals;
	const command = args.rest?.[0];
	const isHttp = args.url !== undefined;
	if (
		!name ||
		extra.length > 0 ||
		isHttp === (command !== undefined) ||
		(args.rest !== undefined && !command && !isHttp)
	)
		throw usageError(ADD_USAGE);
	if (!isValidServerName(name)) throw new McpCliError(invalidServerNameMessage(name));
	const env = parsePairs("--env", args.env);
	const headers = parsePairs("--header", args.headers);
	const entry: Record<string, unknown> = {};
	if (isHttp) {
		if (env) throw onlyFor("--env", "stdio");
		if (args.cwd !== undefined) throw onlyFor("--cwd", "stdio");
		entry.url = args.url;
		const allHeaders = { ...headers };
		if (args.bearerTokenEnvVar) allHeaders.Authorization = `Bearer \${${args.bearerTokenEnvVar}}`;
		if (Object.keys(allHeaders).length > 0) entry.headers = allHeaders;
		const oauth: Record<string, unknown> = {};
		if (args.oauthClientId !== undefined) oauth.clientId = args.oauthClientId;
		if (args.oauthClientSecret !== undefined) oauth.clientSecret = args.oauthClientSecret;
		if (args.oauthCallbackPort !== undefined) {
			const port = Number(args.oauthCallbackPort);
			if (!Number.isInteger(port) || port < 1 || port > 65535)
				throw new McpCliError(`--oauth-callback-port expects a port number, got "${args.oauthCallbackPort}".`);
			oauth.callbackPort = port;
		}
		if (args.oauthClientName !== undefined) oauth.clientName = args.oauthClientName;
		if (Object.keys(oauth).length > 0) entry.oauth = oauth;
	} else {
		if (headers) throw onlyFor("--header", "http");
		if (args.bearerTokenEnvVar !== undefined) throw onlyFor("--bearer-token-env-var", "http");
		for (const [option, value] of [
			["--oauth-client-id", args.oauthClientId],
			["--oauth-client-secret", args.oauthClientSecret],
			["--oauth-callback-port", args.oauthCallbackPort],
			["--oauth-client-name", args.oauthClientName],
		] as const) {
			if (value !== undefined) throw onlyFor(option, "http");
		}
		entry.command = command;
		const commandArgs = args.rest?.slice(1) ?? [];
		if (commandArgs.length > 0) entry.args = commandArgs;
		if (env) entry.env = env;
		if (args.cwd !== undefined) entry.cwd = args.cwd;
	}
	if (args.exposure !== undefined) entry.exposure = args.exposure;
	if (args.description !== undefined) entry.description = args.description;
	const parsed = parseServerEntry(name, entry, false);
	if (parsed.kind === "error") throw new McpCliError(parsed.message);

	const { path, scope } = targetFile(args, context);
	let existed: boolean;
	try {
		existed = updateMcpServerEntry(path, name, entry);
	} catch (error) {
		throw new McpCliError((error as Error).message);
	}
	const lines = [`${existed ? "Replaced" : "Added"} ${scope} MCP server "${name}" in ${path}.`];
	if (scope === "project" && !isProjectTrustedForCli(context.agentDir, context.cwd))
		lines.push(`The project is not trusted, so ${path} is ignored until you start pi in the project and trust it.`);
	// OAuth only applies to HTTP servers that send no Authorization header of their own.
	const signInPossible =
		isHttp &&
		!Object.keys((entry.headers as Record<string, string> | undefined) ?? {}).some(
			(key) => key.toLowerCase() === "authorization",
		);
	lines.push(
		signInPossible
			? `Check it with: pi mcp list. If it requires sign-in: pi mcp login ${name}`
			: "Check it with: pi mcp list",
	);
	context.stdout(`${lines.join("\n")}\n`);
	return 0;
}

/** `pi mcp remove`: deletes the entry; stored OAuth credentials are kept. */
export function runMcpRemove(args: McpCliArgs, context: McpCliContext): number {
	const [name, ...extra] = args.positionals;
	if (!name || extra.length > 0 || args.rest !== undefined) throw usageError(REMOVE_USAGE);
	const { path, scope } = targetFile(args, context);
	const read = existsSync(path) ? readMcpServersObject(path) : { servers: {} };
	if ("error" in read) throw new McpCliError(read.error);
	if (!Object.hasOwn(read.servers, name)) throw new McpCliError(`No ${scope} MCP server named "${name}" in ${path}.`);
	updateMcpServerEntry(path, name, undefined);
	context.stdout(`Removed ${scope} MCP server "${name}" from ${path}.\n`);
	return 0;
}
