import type { AgentTool } from "@pi/agent-core";
import type { ExtensionToolDefinition } from "./extension-api.js";
import type { ExtensionRunnerView } from "./extension-runner-view.js";

/**
 * An extension's tool as the agent runs it: `execute` gets the runner's live `ctx` as fifth
 * argument, with `executeTool` making nested calls children of this call.
 */
export function wrapExtensionTool(definition: ExtensionToolDefinition, runner: ExtensionRunnerView): AgentTool {
	return {
		name: definition.name,
		label: definition.label,
		description: definition.description,
		parameters: definition.parameters,
		...(definition.executionMode ? { executionMode: definition.executionMode } : {}),
		...(definition.prepareArguments ? { prepareArguments: definition.prepareArguments } : {}),
		...(definition.outputSchema ? { outputSchema: definition.outputSchema } : {}),
		execute: (toolCallId, params, signal, onUpdate) =>
			definition.execute(toolCallId, params, signal, onUpdate, runner.contextForToolCall(toolCallId)),
	};
}
