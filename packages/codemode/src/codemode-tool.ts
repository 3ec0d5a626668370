// The `codemode` tool: the model sends a script, pi runs it in the sandbox with the other tools as
// `tools.<name>()`, and only the script's output comes back. Written on the public extension API
// only (exposure, prepareLoadout, reachesTools, ctx.executeTool), as any extension could.
import type {
	ExtensionAPI,
	ExtensionToolDefinition,
	ToolInfo,
	ToolLoadout,
	ToolLoadoutChanges,
} from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";
import { buildCodemodeDescription, type CodemodeMode, declaredToolNote } from "./description.js";
import { CODEMODE_TOOL_NAME } from "./identifier.js";
import type { CodemodeDetails } from "./result-format.js";
import type { WorkerPool } from "./sandbox/worker-pool.js";

const codemodeParameters = Type.Object({
	code: Type.String({ description: "JavaScript source, run as the body of an async function." }),
});

/** Options of the codemode tool (tests and the SDK can give their own worker pool). */
export interface CodemodeToolOptions {
	pool?: WorkerPool;
}

/** `codemode.mode` and `codemode.inlineBudget` from the merged settings. */
export function codemodeSettings(settings: Readonly<Record<string, unknown>>): {
	mode: CodemodeMode;
	inlineBudget: number;
} {
	const raw = settings.codemode;
	const codemode = typeof raw === "object" && raw !== null ? (raw as Record<string, unknown>) : {};
	const mode: CodemodeMode = codemode.mode === "only" ? "only" : "on";
	const budget = codemode.inlineBudget;
	return { mode, inlineBudget: typeof budget === "number" && budget >= 0 ? budget : 3000 };
}

/** Tools scripts may call and the description may list (never codemode itself or deferred ones). */
function listable(tool: ToolInfo, callable: ReadonlySet<string>): boolean {
	return tool.name !== CODEMODE_TOOL_NAME && callable.has(tool.name) && tool.exposure !== "deferred";
}

/** What codemode changes while it is active (see `codemode.mode`). */
export function prepareCodemodeLoadout(
	loadout: ToolLoadout,
	settings: { mode: CodemodeMode; inlineBudget: number },
): ToolLoadoutChanges {
	const callable = new Set(loadout.callable);
	const declared = new Set(loadout.declared);
	const descriptions: Record<string, string> = {};
	const hiddenDeclarations: string[] = [];
	if (settings.mode === "only") {
		// Built-in and extension tools go behind codemode; tools activated on purpose (tool_search's) stay declared.
		const exposure = new Map(loadout.tools.map((tool) => [tool.name, tool.exposure]));
		for (const name of loadout.declared)
			if (name !== CODEMODE_TOOL_NAME && callable.has(name) && exposure.get(name) === "direct")
				hiddenDeclarations.push(name);
	} else {
		for (const tool of loadout.tools) {
			if (tool.name === CODEMODE_TOOL_NAME || !declared.has(tool.name) || !callable.has(tool.name)) continue;
			descriptions[tool.name] = `${tool.description}\n\n${declaredToolNote(tool)}`;
		}
	}
	// In `on` mode a declared tool is called directly, so it is not listed, except tools of
	// `codemode` exposure: they stay listed when tool_search declares them, so the description (a
	// cached prefix) does not change with every search.
	const listed = loadout.tools.filter(
		(tool) =>
			listable(tool, callable) &&
			(settings.mode === "only" || !declared.has(tool.name) || tool.exposure === "codemode"),
	);
	descriptions[CODEMODE_TOOL_NAME] = buildCodemodeDescription(listed, settings);
	return { descriptions, hiddenDeclarations };
}

const DISCOVERY = /\b(searchTools|ALL_TOOLS|describeTool|describeNamespace)\b/;

/** The tools a script may reach: all when it discovers tools, else the identifiers it names. */
export function scriptReach(code: string): "all" | string[] {
	if (DISCOVERY.test(code)) return "all";
	return [...new Set(code.match(/[A-Za-z_$][A-Za-z0-9_$]*/g) ?? [])];
}

/** The `codemode` tool definition; `pi` writes the store entries. */
export function createCodemodeTool(
	pi: Pick<ExtensionAPI, "appendEntry">,
	options: CodemodeToolOptions = {},
): ExtensionToolDefinition<typeof codemodeParameters, CodemodeDetails> {
	return {
		name: CODEMODE_TOOL_NAME,
		label: "Codemode",
		description: buildCodemodeDescription([], { mode: "on", inlineBudget: 3000 }),
		parameters: codemodeParameters,
		exposure: "model-only",
		defaultActive: false,
		promptSnippet: "Run JavaScript that calls other tools",
		promptGuidelines: [
			"Use codemode to run independent tool calls together (Promise.allSettled), chain calls, or filter large output before you read it, instead of making many separate calls.",
		],
		prepareLoadout: (loadout, ctx) => prepareCodemodeLoadout(loadout, codemodeSettings(ctx.getSettings())),
		reachesTools: (input) => scriptReach(input.code),
		// The script runner (and through it the sandbox) loads with the first script.
		execute: async (_toolCallId, params, signal, onUpdate, ctx) =>
			(await import("./execute-script.js")).executeScript(pi, options.pool, params.code, signal, onUpdate, ctx),
	};
}
