import type { BuiltinExtensionFactory } from "@pi/coding-agent/cli";

/**
 * Extensions that ship inside the binary, loaded before any discovered one. Kept in their own
 * file so adding one is a one-line change here and nothing else.
 */
export const builtinExtensions: readonly BuiltinExtensionFactory[] = [];
