import { TrustStore } from "@pi/coding-agent/paths";

/** Whether the project in `cwd` has been trusted before: `pi mcp` asks nobody. */
export function isProjectTrustedForCli(agentDir: string, cwd: string): boolean {
	try {
		return TrustStore.forAgentDir(agentDir).get(cwd) === true;
	} catch {
		return false;
	}
}
