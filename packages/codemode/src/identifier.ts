/** The codemode tool's own name (scripts never call it). */
export const CODEMODE_TOOL_NAME = "codemode";

/**
 * The name a script uses for a tool or namespace: characters that cannot appear in a JavaScript
 * identifier become `_`, and a leading digit gets a `_` in front (`mcp__dev-radius__search` →
 * `mcp__dev_radius__search`).
 */
export function toCodemodeIdentifier(name: string): string {
	const replaced = name.replace(/[^A-Za-z0-9_$]/g, "_");
	return /^[0-9]/.test(replaced) ? `_${replaced}` : replaced || "_";
}
