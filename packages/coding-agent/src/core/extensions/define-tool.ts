// Tool definitions as extensions write them: `defineTool` (typed identity) and the built-in tools
// as definitions (`createReadToolDefinition(cwd)` …), so an extension can wrap, re-render or
// replace a built-in while keeping its behaviour (extensions.md §5 "Overriding built-in tools").
import type { AgentTool } from "@pi/agent-core";
import type { TSchema } from "@sinclair/typebox";
import { type BashToolOptions, createBashTool } from "../tools/bash.js";
import { BUILTIN_TOOL_SNIPPETS, type BuiltinToolName } from "../tools/create-tools.js";
import { createEditTool, type EditToolOptions } from "../tools/edit.js";
import { createFindTool, type FindToolOptions } from "../tools/find.js";
import { createGrepTool, type GrepToolOptions } from "../tools/grep.js";
import { createLsTool, type LsToolOptions } from "../tools/ls.js";
import { createPowerShellTool, type PowerShellToolOptions } from "../tools/powershell.js";
import { createReadTool, type ReadToolOptions } from "../tools/read.js";
import { createWriteTool, type WriteToolOptions } from "../tools/write.js";
import type { ExtensionToolDefinition } from "./extension-api.js";

/** Returns `tool` unchanged, typed: parameters infer the `execute` argument types. */
export function defineTool<TParams extends TSchema, TDetails = unknown>(
	tool: ExtensionToolDefinition<TParams, TDetails>,
): ExtensionToolDefinition<TParams, TDetails> {
	return tool;
}

/** An agent tool as an extension tool definition (`execute` gains the unused `ctx`). */
export function toolDefinitionOf<TParams extends TSchema, TDetails>(
	tool: AgentTool<TParams, TDetails>,
	promptSnippet?: string,
): ExtensionToolDefinition<TParams, TDetails> {
	return {
		name: tool.name,
		label: tool.label,
		description: tool.description,
		parameters: tool.parameters,
		executionMode: tool.executionMode,
		prepareArguments: tool.prepareArguments,
		promptSnippet,
		execute: (toolCallId, params, signal, onUpdate) => tool.execute(toolCallId, params, signal, onUpdate),
	};
}

function definitionOf<TParams extends TSchema, TDetails>(
	name: BuiltinToolName,
	tool: AgentTool<TParams, TDetails>,
): ExtensionToolDefinition<TParams, TDetails> {
	return toolDefinitionOf(tool, BUILTIN_TOOL_SNIPPETS[name]);
}

export const createReadToolDefinition = (cwd: string, options?: ReadToolOptions) =>
	definitionOf("read", createReadTool(cwd, options));
export const createBashToolDefinition = (cwd: string, options?: BashToolOptions) =>
	definitionOf("bash", createBashTool(cwd, options));
export const createPowerShellToolDefinition = (cwd: string, options?: PowerShellToolOptions) =>
	definitionOf("powershell", createPowerShellTool(cwd, options));
export const createEditToolDefinition = (cwd: string, options?: EditToolOptions) =>
	definitionOf("edit", createEditTool(cwd, options));
export const createWriteToolDefinition = (cwd: string, options?: WriteToolOptions) =>
	definitionOf("write", createWriteTool(cwd, options));
export const createGrepToolDefinition = (cwd: string, options?: GrepToolOptions) =>
	definitionOf("grep", createGrepTool(cwd, options));
export const createFindToolDefinition = (cwd: string, options?: FindToolOptions) =>
	definitionOf("find", createFindTool(cwd, options));
export const createLsToolDefinition = (cwd: string, options?: LsToolOptions) =>
	definitionOf("ls", createLsTool(cwd, options));
