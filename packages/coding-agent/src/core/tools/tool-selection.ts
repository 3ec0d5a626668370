// Tool selection lists (`--tools`, `--exclude-tools`, `defaultTools`): plain entries are names or
// `*` patterns that form a selection; a list of only `+name`/`-name` entries changes an inherited
// selection instead of replacing it (pi 1.4's documented rules; our docs/cli.md "Tools").

/** Whether an entry is a change (`+name` or `-name`) rather than a plain name or pattern. */
export function isToolChange(entry: string): boolean {
	return entry.startsWith("+") || entry.startsWith("-");
}

/** Whether every entry of a non-empty list is a `+name`/`-name` change. */
export function isChangeList(entries: readonly string[]): boolean {
	return entries.length > 0 && entries.every(isToolChange);
}

/** Whether a list mixes plain names with changes (`--tools` rejects it). */
export function mixesPlainAndChanges(entries: readonly string[]): boolean {
	return entries.some(isToolChange) && !entries.every(isToolChange);
}

/**
 * Applies a list to an inherited selection: a list of only changes edits `base` in order; any
 * other list starts from its plain entries, and its changes then apply in order. Patterns stay
 * unexpanded (see `expandToolPatterns`).
 */
export function applyToolList(base: readonly string[], list: readonly string[] | undefined): string[] {
	if (list === undefined) return [...base];
	const selection = isChangeList(list) ? [...base] : list.filter((entry) => !isToolChange(entry));
	for (const entry of list) {
		if (!isToolChange(entry)) continue;
		const name = entry.slice(1);
		const index = selection.indexOf(name);
		if (entry.startsWith("+")) {
			if (index < 0) selection.push(name);
		} else if (index >= 0) selection.splice(index, 1);
	}
	return selection;
}

function patternRegExp(pattern: string): RegExp {
	const escaped = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
	return new RegExp(`^${escaped.join(".*")}$`);
}

/** Whether a name matches an entry: exact, or a pattern where `*` matches any characters. */
export function matchesToolEntry(name: string, entry: string): boolean {
	return entry.includes("*") ? patternRegExp(entry).test(name) : name === entry;
}

/**
 * Expands `*` patterns against the known tool names, in list order, without duplicates. Plain
 * names are kept even when unknown (a tool may register later).
 */
export function expandToolPatterns(entries: readonly string[], known: readonly string[]): string[] {
	const out: string[] = [];
	for (const entry of entries) {
		const names = entry.includes("*") ? known.filter((name) => matchesToolEntry(name, entry)) : [entry];
		for (const name of names) if (!out.includes(name)) out.push(name);
	}
	return out;
}

/** MCP tools: server tools (`mcp__<server>__<tool>`) and the three resource tools. */
export function isMcpToolName(name: string): boolean {
	return (
		name.startsWith("mcp__") ||
		name === "list_mcp_resources" ||
		name === "list_mcp_resource_templates" ||
		name === "read_mcp_resource"
	);
}

/** Which tools a session may register and declare, from `--tools`, `--no-tools` and `--exclude-tools`. */
export interface ToolAllowance {
	/** Whether the tool is registered at all: excluded tools and tools an allowlist leaves out are not. */
	allows(name: string): boolean;
	/**
	 * Whether the tool may be active (declared). An MCP tool that an allowlist keeps without naming
	 * or matching it is only for codemode and tool_search: it may be declared only when tool_search
	 * can load it (not `direct`, and tool_search registered).
	 */
	mayActivate(name: string, exposure: string, hasToolSearch: boolean): boolean;
}

/**
 * The allowance of pi 1.4: a plain `tools` list (or `noTools: "all"`, with the names its changes
 * add) is an allowlist; it keeps MCP tools unless it is empty or one entry starts with `mcp__`.
 * Excluded names and patterns always go.
 */
export function toolAllowance(options: {
	tools?: readonly string[];
	excludeTools?: readonly string[];
	noTools?: "all" | "builtin";
}): ToolAllowance {
	const excluded = options.excludeTools ?? [];
	const isExcluded = (name: string) => excluded.some((entry) => matchesToolEntry(name, entry));
	const allowlist =
		options.tools !== undefined && !isChangeList(options.tools)
			? options.tools
			: options.noTools === "all"
				? applyToolList([], options.tools)
				: undefined;
	if (allowlist === undefined) return { allows: (name) => !isExcluded(name), mayActivate: () => true };
	const listed = (name: string) => allowlist.some((entry) => matchesToolEntry(name, entry));
	const filtersMcp = allowlist.length === 0 || allowlist.some((entry) => entry.startsWith("mcp__"));
	return {
		allows: (name) => !isExcluded(name) && (listed(name) || (!filtersMcp && isMcpToolName(name))),
		mayActivate: (name, exposure, hasToolSearch) =>
			listed(name) || !isMcpToolName(name) || (exposure !== "direct" && hasToolSearch),
	};
}
