import type { AgentSessionRuntime } from "../../core/agent-session/agent-session-runtime.js";

/**
 * RPC mode (rpc.md): JSONL commands on stdin, responses and events on stdout, until stdin
 * closes. Resolves with the process exit code.
 */
export async function runRpcMode(_runtime: AgentSessionRuntime): Promise<number> {
	process.stderr.write("pi: --mode rpc is not built yet\n");
	return 1;
}
