import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";
import type { SessionManager } from "../../core/session/session-manager.js";

/** What `main()` hands the ACP mode. */
export interface AcpModeOptions {
	/**
	 * Builds a runtime for a session in `cwd` with the CLI's flags applied (the same factory
	 * `main()` uses for the other modes). ACP creates one per `session/new` or `session/load`.
	 */
	createRuntime(input: { cwd: string; sessionManager: SessionManager }): Promise<AgentSessionRuntime>;
	agentDir: string;
	/** `--session-dir`, when given. */
	sessionDir?: string;
	/** The `pi` version, reported in `initialize`. */
	version: string;
}

/** Agent Client Protocol over stdin/stdout until stdin closes. Resolves with the exit code. */
export async function runAcpMode(_options: AcpModeOptions): Promise<number> {
	process.stderr.write("pi: --mode acp is not built yet\n");
	return 1;
}
