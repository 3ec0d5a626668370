import type { AgentTool } from "@pi/agent-core";
import { type BashToolOptions, createBashTool } from "./bash.js";
import { createEditTool, type EditToolOptions } from "./edit.js";
import { createFindTool, type FindToolOptions } from "./find.js";
import { createGrepTool, type GrepToolOptions } from "./grep.js";
import { createLsTool, type LsToolOptions } from "./ls.js";
import { createPowerShellTool, type PowerShellToolOptions } from "./powershell.js";
import { createReadTool, type ReadToolOptions } from "./read.js";
import { createWriteTool, type WriteToolOptions } from "./write.js";

/** Names of the built-in tools (sdk.md §2, plus pi 1.4's `powershell`, which only works on Windows). */
export type BuiltinToolName = "read" | "bash" | "powershell" | "edit" | "write" | "grep" | "find" | "ls";

/** Every built-in tool name, in the order the system prompt lists them (pi 1.4's order). */
export const BUILTIN_TOOL_NAMES: readonly BuiltinToolName[] = [
	"read",
	"bash",
	"powershell",
	"edit",
	"write",
	"grep",
	"find",
	"ls",
];

/** Tools enabled when neither `defaultTools` nor `--tools` says otherwise (configuration.md §3.5). */
export const DEFAULT_TOOL_NAMES: readonly BuiltinToolName[] = ["read", "bash", "edit", "write"];

/** Read-only tools: nothing they do changes files or runs commands. */
export const READ_ONLY_TOOL_NAMES: readonly BuiltinToolName[] = ["read", "grep", "find", "ls"];

/** One-line entries for the system prompt's `Available tools:` list (configuration.md §7). */
export const BUILTIN_TOOL_SNIPPETS: Readonly<Record<BuiltinToolName, string>> = {
	read: "Read file contents",
	bash: "Execute bash commands (ls, grep, find, etc.)",
	powershell: "Execute PowerShell commands",
	edit: "Make precise edits to files by exact text replacement",
	write: "Create or overwrite files",
	grep: "Search file contents for patterns (respects .gitignore)",
	find: "Find files by glob pattern (respects .gitignore)",
	ls: "List directory contents",
};

/** Per-tool options for the factories below; each defaults to the local machine. */
export interface BuiltinToolsOptions {
	read?: ReadToolOptions;
	bash?: BashToolOptions;
	powershell?: PowerShellToolOptions;
	edit?: EditToolOptions;
	write?: WriteToolOptions;
	grep?: GrepToolOptions;
	find?: FindToolOptions;
	ls?: LsToolOptions;
}

/** Every built-in tool, keyed by name, each with its own parameter and details types. */
export interface BuiltinTools {
	read: ReturnType<typeof createReadTool>;
	bash: ReturnType<typeof createBashTool>;
	powershell: ReturnType<typeof createPowerShellTool>;
	edit: ReturnType<typeof createEditTool>;
	write: ReturnType<typeof createWriteTool>;
	grep: ReturnType<typeof createGrepTool>;
	find: ReturnType<typeof createFindTool>;
	ls: ReturnType<typeof createLsTool>;
}

/** Creates all eight built-in tools for `cwd` (relative paths resolve against it). */
export function createAllTools(cwd: string, options: BuiltinToolsOptions = {}): BuiltinTools {
	return {
		read: createReadTool(cwd, options.read),
		bash: createBashTool(cwd, options.bash),
		powershell: createPowerShellTool(cwd, options.powershell),
		edit: createEditTool(cwd, options.edit),
		write: createWriteTool(cwd, options.write),
		grep: createGrepTool(cwd, options.grep),
		find: createFindTool(cwd, options.find),
		ls: createLsTool(cwd, options.ls),
	};
}

/**
 * The built-in tools named in `names`, in that order. Unknown names are ignored (they may be
 * extension tools the caller resolves elsewhere); duplicates are returned once.
 */
export function createBuiltinTools(
	cwd: string,
	names: readonly string[],
	options: BuiltinToolsOptions = {},
): AgentTool[] {
	const factories: Record<BuiltinToolName, () => AgentTool> = {
		read: () => createReadTool(cwd, options.read),
		bash: () => createBashTool(cwd, options.bash),
		powershell: () => createPowerShellTool(cwd, options.powershell),
		edit: () => createEditTool(cwd, options.edit),
		write: () => createWriteTool(cwd, options.write),
		grep: () => createGrepTool(cwd, options.grep),
		find: () => createFindTool(cwd, options.find),
		ls: () => createLsTool(cwd, options.ls),
	};
	const unique = [...new Set(names)].filter(isBuiltinToolName);
	return unique.map((name) => factories[name]());
}

/** The default coding tools: read, bash, edit, write. */
export function createCodingTools(cwd: string, options: BuiltinToolsOptions = {}): AgentTool[] {
	return createBuiltinTools(cwd, DEFAULT_TOOL_NAMES, options);
}

/** The read-only tools: read, grep, find, ls. */
export function createReadOnlyTools(cwd: string, options: BuiltinToolsOptions = {}): AgentTool[] {
	return createBuiltinTools(cwd, READ_ONLY_TOOL_NAMES, options);
}

/** True when `name` is a built-in tool name. */
export function isBuiltinToolName(name: string): name is BuiltinToolName {
	return (BUILTIN_TOOL_NAMES as readonly string[]).includes(name);
}
