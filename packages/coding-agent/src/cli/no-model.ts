import type { AgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import { discoverLocalServers } from "./local-server-discovery.js";
import { noModelGuidance } from "./no-model-guidance.js";

/**
 * Prints the no-model guidance to stderr. Only when no model at all is available (nothing is
 * configured) does it probe loopback for a local server, and never with PI_OFFLINE=1.
 */
export async function reportNoModel(runtime: AgentSessionRuntime, agentDir: string): Promise<void> {
	const nothingConfigured = (await runtime.services.modelRuntime.getAvailable()).length === 0;
	const servers = nothingConfigured && process.env.PI_OFFLINE !== "1" ? await discoverLocalServers() : [];
	process.stderr.write(noModelGuidance(agentDir, servers));
}
