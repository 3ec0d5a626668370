import { resolve } from "node:path";
import { defaultSessionDir, expandHome, getAgentDir } from "./session-paths.js";

/** Environment variable naming a flat session directory (sessions.md §1, rule 2). */
export const SESSION_DIR_ENV = "PI_CODING_AGENT_SESSION_DIR";

/** Inputs of {@link resolveSessionDir}. */
export interface ResolveSessionDirOptions {
	/** The working directory the session belongs to. */
	cwd: string;
	/** CLI `--session-dir <path>`. */
	cliSessionDir?: string;
	/** Default: `process.env` (read for `PI_CODING_AGENT_SESSION_DIR` and, via getAgentDir, `PI_CODING_AGENT_DIR`). */
	env?: NodeJS.ProcessEnv;
	/**
	 * The settings' `sessionDir` (SettingsManager: project file first, read even before trust is
	 * resolved; relative values already resolved against the file's directory).
	 */
	settings?: { getSessionDir(): string | undefined };
	/** Default: `getAgentDir(env)`. */
	agentDir?: string;
}

/**
 * The session directory for `cwd`, first match wins (sessions.md §1): CLI `--session-dir`, env
 * `PI_CODING_AGENT_SESSION_DIR`, settings `sessionDir`, then `<agentDir>/sessions/<encoded cwd>/`.
 * Rules 1–3 name one flat directory shared by every cwd. Empty values are skipped; `~` expands to
 * home; a relative CLI or env value resolves against `cwd`. Nothing is created here.
 */
export function resolveSessionDir(options: ResolveSessionDirOptions): string {
	const env = options.env ?? process.env;
	const cwd = resolve(options.cwd);
	const absolute = (path: string) => resolve(cwd, expandHome(path));
	if (options.cliSessionDir) return absolute(options.cliSessionDir);
	const fromEnv = env[SESSION_DIR_ENV];
	if (fromEnv) return absolute(fromEnv);
	const fromSettings = options.settings?.getSessionDir();
	if (fromSettings) return absolute(fromSettings);
	return defaultSessionDir(cwd, options.agentDir ?? getAgentDir(env));
}
