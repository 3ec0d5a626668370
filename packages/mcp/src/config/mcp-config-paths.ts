import { join } from "node:path";

/** `~/.pi/agent/mcp.json` (or under PI_CODING_AGENT_DIR). */
export function userMcpConfigPath(agentDir: string): string {
	return join(agentDir, "mcp.json");
}

/** `.pi/mcp.json` of a project. */
export function projectMcpConfigPath(cwd: string): string {
	return join(cwd, ".pi", "mcp.json");
}
