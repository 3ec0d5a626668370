import { execSync } from "node:child_process";
import { redactSecrets } from "@pi/ai";

/** Outcome of resolving a config value; `diagnostic` explains a failed `!command`. */
export interface ResolvedConfigValue {
	value: string | undefined;
	diagnostic?: string;
}

const commandCache = new Map<string, ResolvedConfigValue>();

/**
 * Resolves an `apiKey` or header value from models.json / auth.json (configuration.md §4):
 * `!cmd` runs the command with the shell and uses its trimmed stdout (cached for the process);
 * `$NAME` / `${NAME}` always read env var NAME; a value naming a set env var reads it; anything
 * else is the literal string.
 */
export function resolveConfigValue(
	raw: string,
	options: { env?: NodeJS.ProcessEnv; shell?: string } = {},
): ResolvedConfigValue {
	const env = options.env ?? process.env;
	if (raw.startsWith("!")) return runValueCommand(raw.slice(1), options.shell);
	const reference = /^\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?$/.exec(raw);
	if (reference && raw.startsWith("${") === raw.endsWith("}")) {
		const value = env[reference[1]!];
		return value ? { value } : { value: undefined, diagnostic: `Environment variable ${reference[1]} is not set` };
	}
	const fromEnv = env[raw];
	if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(raw) && fromEnv) return { value: fromEnv };
	return { value: raw };
}

function runValueCommand(command: string, shell: string | undefined): ResolvedConfigValue {
	const cacheKey = `${shell ?? ""}\0${command}`;
	const cached = commandCache.get(cacheKey);
	if (cached) return cached;
	let result: ResolvedConfigValue;
	try {
		const output = execSync(command, {
			encoding: "utf8",
			stdio: ["ignore", "pipe", "pipe"],
			shell: shell ?? "/bin/sh",
			timeout: 30_000,
		}).trim();
		result = output ? { value: output } : { value: undefined, diagnostic: `Command "${command}" printed nothing` };
	} catch (error) {
		const stderr = (error as { stderr?: string }).stderr?.trim();
		// stderr of a credential helper may echo the secret (or a token it tried): never verbatim.
		const detail = stderr ? `: ${stderr.length > 500 ? `${stderr.slice(0, 500)}…` : stderr}` : "";
		result = { value: undefined, diagnostic: redactSecrets(`Command "${command}" failed${detail}`) };
	}
	commandCache.set(cacheKey, result);
	return result;
}

/** Forgets cached `!command` results (tests, `/reload`). */
export function clearConfigValueCache(): void {
	commandCache.clear();
}
