import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import type { AgentTool } from "@pi/agent-core";
import type { AgentSession } from "../../core/agent-session/agent-session.js";
import { createBashTool } from "../../core/tools/bash.js";
import { createEditTool } from "../../core/tools/edit.js";
import { createLocalEditOperations, createLocalWriteOperations } from "../../core/tools/mutation-operations.js";
import { createReadTool } from "../../core/tools/read.js";
import { createWriteTool } from "../../core/tools/write.js";
import {
	type AcpFsPort,
	type AcpTerminalPort,
	createAcpBashOperations,
	createAcpEditOperations,
	createAcpReadOperations,
	createAcpWriteOperations,
} from "./acp-client-operations.js";

/**
 * Replaces the session's built-in read/write/edit/bash tools (those it has) with copies whose
 * operations go through the editor, for each capability the client offers. Without a
 * capability the local tool stays.
 */
export function routeToolsThroughClient(
	session: AgentSession,
	capabilities: ClientCapabilities | undefined,
	fs: AcpFsPort,
	terminal: AcpTerminalPort,
): void {
	const canRead = capabilities?.fs?.readTextFile === true;
	const canWrite = capabilities?.fs?.writeTextFile === true;
	const canRunTerminal = capabilities?.terminal === true;
	if (!canRead && !canWrite && !canRunTerminal) return;
	const cwd = session.sessionManager.getCwd();
	const settings = session.settingsManager;
	const replacement = (tool: AgentTool): AgentTool => {
		switch (tool.name) {
			case "read":
				return canRead
					? createReadTool(cwd, {
							operations: createAcpReadOperations(fs),
							autoResizeImages: settings.getImageSettings().autoResize,
						})
					: tool;
			case "write":
				return canWrite
					? createWriteTool(cwd, { operations: createAcpWriteOperations(fs, createLocalWriteOperations()) })
					: tool;
			case "edit":
				return canWrite
					? createEditTool(cwd, { operations: createAcpEditOperations(fs, canRead, createLocalEditOperations()) })
					: tool;
			case "bash":
				return canRunTerminal
					? createBashTool(cwd, {
							operations: createAcpBashOperations(terminal, settings.getShellPath()),
							shellPath: settings.getShellPath(),
							commandPrefix: settings.getShellCommandPrefix(),
						})
					: tool;
			default:
				return tool;
		}
	};
	session.agent.state.tools = session.agent.state.tools.map(replacement);
}
