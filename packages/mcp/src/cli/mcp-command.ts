import { getAgentDir } from "@pi/coding-agent/paths";
import { type McpCliContext, runMcpAdd, runMcpRemove } from "./mcp-add-remove.js";
import { McpCliError, parseMcpCliArgs, usageError } from "./mcp-cli-args.js";
import { MCP_HELP, USAGE_HINT } from "./mcp-help.js";

export interface McpCommandOptions {
	version?: string;
	/** Defaults: process.cwd(), getAgentDir(), process.stdout/stderr. */
	cwd?: string;
	agentDir?: string;
}

/**
 * `pi mcp <add|remove|list|login|logout>`: works without a session and loads no extension.
 * Resolves with the exit status; mistakes are one message on stderr and status 1.
 */
export async function runMcpCommand(argv: readonly string[], options: McpCommandOptions = {}): Promise<number> {
	const context: McpCliContext = {
		agentDir: options.agentDir ?? getAgentDir(),
		cwd: options.cwd ?? process.cwd(),
		stdout: (text) => process.stdout.write(text),
		stderr: (text) => process.stderr.write(text),
	};
	const [command, ...rest] = argv;
	try {
		if (command === undefined || command === "--help" || command === "-h" || command === "help") {
			context.stdout(MCP_HELP);
			return 0;
		}
		switch (command) {
			case "add":
				return runMcpAdd(
					parseMcpCliArgs(rest, "Usage: pi mcp add <server> [options] (--url <url> | -- <command> [args...])"),
					context,
				);
			case "remove":
				return runMcpRemove(parseMcpCliArgs(rest, "Usage: pi mcp remove <server> [-l]"), context);
			case "list": {
				const args = parseMcpCliArgs(rest, "Usage: pi mcp list [--json]");
				if (args.positionals.length > 0 || args.rest !== undefined) throw usageError("Usage: pi mcp list [--json]");
				const { runMcpList } = await import("./mcp-list.js");
				return await runMcpList(args, context, options.version ?? "0.1.0");
			}
			case "login":
			case "logout": {
				const args = parseMcpCliArgs(rest, `Usage: pi mcp ${command} <server>`);
				const { runMcpAuthCommand } = await import("./mcp-auth-command.js");
				return await runMcpAuthCommand(command, args, context);
			}
			default:
				throw new McpCliError(`Unknown mcp command "${command}".\n${USAGE_HINT}`);
		}
	} catch (error) {
		if (error instanceof McpCliError) {
			context.stderr(`${error.message}\n`);
			return 1;
		}
		throw error;
	}
}
