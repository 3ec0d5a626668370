import type { ExtensionAPI } from "@pi/coding-agent";
import type { BuiltinExtensionFactory } from "@pi/coding-agent/cli";

/**
 * Extensions that ship inside the binary, loaded before any discovered one. Each is named
 * `builtin:<name>` (`-e builtin:<name>` loads it under `--no-extensions`, `-builtin:<name>` in the
 * `extensions` setting leaves it out) and imported only when a session loads extensions, so
 * `--version`, `--help` and subcommands never parse them.
 */
export function createBuiltinExtensions(version: string): readonly BuiltinExtensionFactory[] {
	return [
		{
			name: "builtin:codemode",
			factory: async (pi: ExtensionAPI) => (await import("@pi/codemode/extension")).createCodemodeExtension()(pi),
		},
		{
			name: "builtin:tool-search",
			factory: async (pi: ExtensionAPI) => (await import("@pi/codemode/extension")).createToolSearchExtension()(pi),
		},
		{
			name: "builtin:mcp",
			factory: async (pi: ExtensionAPI) =>
				(await import("@pi/mcp/extension")).createMcpExtension({ version }).factory(pi),
		},
	];
}
