import { USAGE_HINT } from "./mcp-help.js";

/** A mistake on the `pi mcp` command line: printed as is on stderr, exit status 1. */
export class McpCliError extends Error {}

export function usageError(usage: string): McpCliError {
	return new McpCliError(`${usage}\n${USAGE_HINT}`);
}

export interface McpCliArgs {
	positionals: string[];
	/** Everything after `--`. */
	rest: string[] | undefined;
	local: boolean;
	json: boolean;
	url?: string;
	cwd?: string;
	env: string[];
	headers: string[];
	bearerTokenEnvVar?: string;
	oauthClientId?: string;
	oauthClientSecret?: string;
	oauthCallbackPort?: string;
	oauthClientName?: string;
	exposure?: string;
	description?: string;
	timeout?: string;
}

const VALUE_OPTIONS: Record<string, keyof McpCliArgs> = {
	"--url": "url",
	"--cwd": "cwd",
	"--bearer-token-env-var": "bearerTokenEnvVar",
	"--oauth-client-id": "oauthClientId",
	"--oauth-client-secret": "oauthClientSecret",
	"--oauth-callback-port": "oauthCallbackPort",
	"--oauth-client-name": "oauthClientName",
	"--exposure": "exposure",
	"--description": "description",
	"--timeout": "timeout",
};

/** Parses the arguments after `pi mcp <command>`; options may come before or after the server name. */
export function parseMcpCliArgs(argv: readonly string[], usage: string): McpCliArgs {
	const args: McpCliArgs = { positionals: [], rest: undefined, local: false, json: false, env: [], headers: [] };
	for (let index = 0; index < argv.length; index++) {
		const arg = argv[index] as string;
		if (arg === "--") {
			args.rest = argv.slice(index + 1);
			break;
		}
		if (arg === "-l" || arg === "--local") args.local = true;
		else if (arg === "--json") args.json = true;
		else if (arg === "--env" || arg === "--header") {
			const value = argv[++index];
			if (value === undefined) throw usageError(usage);
			(arg === "--env" ? args.env : args.headers).push(value);
		} else if (arg in VALUE_OPTIONS) {
			const value = argv[++index];
			if (value === undefined) throw usageError(usage);
			(args as unknown as Record<string, string>)[VALUE_OPTIONS[arg] as string] = value;
		} else if (arg.startsWith("-") && arg !== "-") {
			throw new McpCliError(`Unknown option ${arg}.\n${USAGE_HINT}`);
		} else args.positionals.push(arg);
	}
	return args;
}

/** `KEY=VALUE` pairs of a repeatable option. */
export function parsePairs(option: string, values: readonly string[]): Record<string, string> | undefined {
	if (values.length === 0) return undefined;
	const out: Record<string, string> = {};
	for (const value of values) {
		const at = value.indexOf("=");
		if (at <= 0) throw new McpCliError(`${option} expects KEY=VALUE, got "${value}".`);
		out[value.slice(0, at)] = value.slice(at + 1);
	}
	return out;
}
