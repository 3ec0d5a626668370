import type { BuiltinExtensionFactory } from "@pi/coding-agent/cli";

/**
 * Extensions that ship inside the binary, loaded before any discovered one. Each is named
 * `builtin:<name>` (`-e builtin:<name>` loads it under `--no-extensions`, `-builtin:<name>` in the
 * `extensions` setting leaves it out) and imported only when extensions load, so `--version` and
 * `--help` never parse them.
 */
export const builtinExtensions: readonly BuiltinExtensionFactory[] = [
	{
		name: "builtin:codemode",
		factory: async (pi) => (await import("@pi/codemode")).createCodemodeExtension()(pi),
	},
	{
		name: "builtin:tool-search",
		factory: async (pi) => (await import("@pi/codemode")).createToolSearchExtension()(pi),
	},
];
