import type { ExtensionAPI } from "@pi/coding-agent";
import type { BuiltinExtensionFactory } from "@pi/coding-agent/cli";

/**
 * Extensions that ship inside the binary, loaded before any discovered one. Kept in their own
 * file so adding one is a one-line change here and nothing else. Each is imported when a session
 * loads extensions, never for `--version` or a subcommand.
 */
export function createBuiltinExtensions(version: string): readonly BuiltinExtensionFactory[] {
	return [
		{
			name: "builtin:mcp",
			factory: async (pi: ExtensionAPI) => (await import("@pi/mcp")).createMcpExtension({ version }).factory(pi),
		},
	];
}
