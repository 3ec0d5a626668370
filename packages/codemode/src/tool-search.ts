// The `tool_search` tool: ranks the tools that are registered but not declared (`codemode` and
// `deferred` exposure) and activates the matches, so the next request declares them. What it
// loaded is recorded as a custom entry, so the tools stay declared on that branch after a resume.
import type {
	ExtensionAPI,
	ExtensionContext,
	ExtensionFactory,
	ExtensionToolDefinition,
	SessionEntry,
	ToolInfo,
} from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";

export const TOOL_SEARCH_TOOL_NAME = "tool_search";
/** Tools loaded per search unless told otherwise (bm25.ts's DEFAULT_SEARCH_LIMIT; not imported, as bm25 loads lazily). */
const DEFAULT_LIMIT = 8;
/** The custom entry type recording the tools a search loaded. */
export const TOOL_SEARCH_ENTRY_TYPE = "tool-search-loaded";

const toolSearchParameters = Type.Object({
	query: Type.String({ description: "What the tool should do, in a few words." }),
	limit: Type.Optional(Type.Number({ description: "How many tools to load at most. Default 8." })),
});

/** The tool_search description the model reads. */
export const TOOL_SEARCH_DESCRIPTION = [
	"# Tool discovery",
	"",
	"Searches the tools that are not declared to you yet (ranked by BM25 over names and descriptions) and loads the best matches, so you can call them directly from your next call.",
	"",
	"Some tools, such as those of MCP servers, are not declared up front: use this tool (`tool_search`) to find them before you assume a capability is missing.",
].join("\n");

function isSearchable(tool: ToolInfo): boolean {
	return tool.exposure === "codemode" || tool.exposure === "deferred";
}

/** Tools loaded along a branch (root first). */
export function loadedAlongBranch(branch: readonly SessionEntry[]): string[] {
	const loaded: string[] = [];
	for (const entry of branch) {
		if (entry.type !== "custom" || entry.customType !== TOOL_SEARCH_ENTRY_TYPE) continue;
		const names = (entry.data as { tools?: unknown } | undefined)?.tools;
		if (!Array.isArray(names)) continue;
		for (const name of names) if (typeof name === "string" && !loaded.includes(name)) loaded.push(name);
	}
	return loaded;
}

/** The `tool_search` tool definition. */
export function createToolSearchTool(
	pi: Pick<ExtensionAPI, "getAllTools" | "getActiveTools" | "setActiveTools" | "appendEntry">,
): ExtensionToolDefinition<typeof toolSearchParameters, { loaded: string[] }> {
	return {
		name: TOOL_SEARCH_TOOL_NAME,
		label: "Tool search",
		description: TOOL_SEARCH_DESCRIPTION,
		parameters: toolSearchParameters,
		exposure: "model-only",
		defaultActive: false,
		promptSnippet: "Search for tools that are not loaded yet and load the matches",
		reachesTools: () => "all",
		async execute(_toolCallId, params) {
			// As 1.4: a blank query or a limit that is not a positive integer is an error result.
			if (params.query.trim() === "") throw new Error("query must not be empty");
			const limit = params.limit ?? DEFAULT_LIMIT;
			if (!Number.isInteger(limit) || limit <= 0) throw new Error("limit must be a positive integer");
			const active = pi.getActiveTools();
			const candidates = pi.getAllTools().filter((tool) => isSearchable(tool) && !active.includes(tool.name));
			// The ranking loads with the first search, not with every session that registers the tool.
			const { rankTools } = await import("./bm25.js");
			const matches = rankTools(candidates, params.query, limit);
			if (matches.length === 0) {
				return { content: [{ type: "text", text: "No matching tools found." }], details: { loaded: [] } };
			}
			const names = matches.map((tool) => tool.name);
			pi.setActiveTools([...active, ...names]);
			pi.appendEntry(TOOL_SEARCH_ENTRY_TYPE, { tools: names });
			// One line per tool: the first line of its description.
			const lines = matches.map((tool) => `- ${tool.name}: ${tool.description.trim().split(/\r?\n/)[0]}`);
			const count = `${matches.length} tool${matches.length === 1 ? "" : "s"}`;
			return {
				content: [
					{ type: "text", text: `Loaded ${count}. They are available from your next call:\n${lines.join("\n")}` },
				],
				details: { loaded: names },
			};
		},
	};
}

/** Activates the tools loaded on the current branch (after start, resume, /tree or fork). */
function restoreLoaded(
	pi: Pick<ExtensionAPI, "getActiveTools" | "setActiveTools" | "getAllTools">,
	ctx: ExtensionContext,
): void {
	const loaded = loadedAlongBranch(ctx.sessionManager.getBranch());
	if (loaded.length === 0) return;
	const known = new Set(pi.getAllTools().map((tool) => tool.name));
	const active = pi.getActiveTools();
	const missing = loaded.filter((name) => known.has(name) && !active.includes(name));
	if (missing.length > 0) pi.setActiveTools([...active, ...missing]);
}

/**
 * The tool-search extension: registers `tool_search` inactive (on with `--tools +tool_search` or
 * `"defaultTools": ["+tool_search"]`) and re-activates loaded tools along the session branch.
 */
export function createToolSearchExtension(): ExtensionFactory {
	return (pi) => {
		pi.registerTool(createToolSearchTool(pi));
		pi.on("session_start", (_event, ctx) => restoreLoaded(pi, ctx));
		pi.on("session_tree", (_event, ctx) => restoreLoaded(pi, ctx));
	};
}
