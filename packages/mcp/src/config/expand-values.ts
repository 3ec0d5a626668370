import { execSync } from "node:child_process";
import { homedir } from "node:os";
import { isAbsolute, resolve } from "node:path";

/** A value of `env` or `headers` that could not be resolved; its message names server, key and variable. */
export class McpValueError extends Error {}

const VARIABLE = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * `${VAR}` from the environment, or `!command` (the whole value) run through the shell, its
 * trimmed output. `what` names the value in errors: `env "X"` or `header "A"`.
 */
export function expandConfigValue(server: string, what: string, value: string, env: NodeJS.ProcessEnv): string {
	if (value.startsWith("!")) {
		try {
			return execSync(value.slice(1), { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 30_000 }).trim();
		} catch (error) {
			throw new McpValueError(
				`Failed to resolve MCP server "${server}" ${what} from command: ${(error as Error).message.split("\n")[0]}`,
			);
		}
	}
	return value.replace(VARIABLE, (_match, name: string) => {
		const found = env[name];
		if (found === undefined)
			throw new McpValueError(`Failed to resolve MCP server "${server}" ${what} from environment variable: ${name}`);
		return found;
	});
}

export function expandRecord(
	server: string,
	kind: "env" | "header",
	values: Readonly<Record<string, string>>,
	env: NodeJS.ProcessEnv,
): Record<string, string> {
	const out: Record<string, string> = {};
	for (const [key, value] of Object.entries(values))
		out[key] = expandConfigValue(server, `${kind} "${key}"`, value, env);
	return out;
}

/** A leading `~/` names the home directory. */
export function expandHomePath(value: string): string {
	if (value === "~") return homedir();
	return value.startsWith("~/") ? `${homedir()}${value.slice(1)}` : value;
}

/** A relative `cwd` resolves against the session directory. */
export function resolveServerCwd(cwd: string | undefined, sessionCwd: string): string {
	if (cwd === undefined) return sessionCwd;
	const expanded = expandHomePath(cwd);
	return isAbsolute(expanded) ? expanded : resolve(sessionCwd, expanded);
}
