// What the model reads about codemode: the tool's own description (how scripts work, then the
// callable tools as TypeScript declarations within the inline budget) and, in `on` mode, a note
// on each declared tool saying how scripts call it.
import type { ToolInfo } from "@pi/coding-agent";
import { shortResultTypeOf, toolDeclaration } from "./declarations.js";
import { guidelineList } from "./guidelines.js";
import { toCodemodeIdentifier } from "./identifier.js";

/** `codemode.mode`: `on` keeps declared tools declared; `only` hides them behind codemode. */
export type CodemodeMode = "on" | "only";

/** How the description lists tools. */
export interface DescriptionOptions {
	mode: CodemodeMode;
	/** Estimated tokens (characters / 4) the tool sections may take; 0 lists only namespaces. */
	inlineBudget: number;
}

/** The fixed part of the description: what a script is and which globals it has. */
export const CODEMODE_INTRO = [
	"Run a JavaScript script that calls other tools; only what the script outputs comes back. Send raw JavaScript (no JSON wrapper, no markdown fence). It runs as the body of an async function in a QuickJS sandbox, so top-level `await` and `return` work. There is no Node, file system, network or timers.",
	"- `await tools.<name>({ ...args })` calls a tool and resolves to its text, or to an object when its declaration returns one; a failed call rejects with an Error. A tool declared to return an object still resolves when it fails but returns that object, so check its fields. Calls still running when the script ends are cancelled.",
	'- Optional first line: `// @options: {"max_output_tokens": 10000, "timeout_ms": 60000}`',
	"",
	"Globals:",
	"- `text(value)`, `image(dataUrlOrImageBlock)`, `console.log(...)` and a top-level `return` add output; `exit()` ends the script early. With several text items, each starts with a `==> text N/M <==` line; `console` lines come last, in one `<console_output>` block. `image()` also saves the image to a temp file and names its path.",
	"- `store(key, value)` and `load(key)` keep small JSON values between codemode calls.",
	"- `ALL_TOOLS`, `await searchTools(query, { limit?, namespace? })`, `await describeTool(name)` and `await describeNamespace(name)` find tools that are not listed here, such as MCP tools.",
	'- `await models.getModelsOfType(type)` and friends list models by type ("chat", "classifier", "image"). Chat models cannot run from scripts, and pi\'s providers offer no classifier or image models yet: those lists are empty and `models.classify()` / `models.generateImages()` answer with `stopReason: "error"`.',
].join("\n");

/** The heading before the listed tools. */
export const NESTED_TOOLS_HEADING = "Nested tools:";

/** One tool's section: heading, description, guidelines, declaration. */
export function toolSection(tool: ToolInfo): string {
	const identifier = toCodemodeIdentifier(tool.name);
	// The real name too when scripts spell it differently, so it can be matched with what MCP or /tools show.
	const heading = identifier === tool.name ? `### \`${identifier}\`` : `### \`${identifier}\` (\`${tool.name}\`)`;
	const parts = [`${heading}\n${tool.description.trim()}`];
	const guidelines = guidelineList(tool);
	if (guidelines) parts.push(guidelines);
	parts.push(`codemode tool declaration:\n\`\`\`ts\n${toolDeclaration(tool)}\n\`\`\``);
	return parts.join("\n\n");
}

/** Estimated tokens of a text: characters / 4, rounded up. */
export function estimateTokens(text: string): number {
	return Math.ceil(text.length / 4);
}

/** A section without its heading line: what the tool itself costs, whatever its name. */
function sectionBody(section: string): string {
	const newline = section.indexOf("\n");
	return newline < 0 ? "" : section.slice(newline + 1);
}

/**
 * The sections that fit the budget, listed in the tools' order. The smallest tools go first, so
 * one large declaration does not push out many small ones; size here leaves out the heading, so
 * a long (MCP) name does not push a tool back, as pi 1.4 orders them. Each section costs its
 * estimated tokens, heading included.
 */
export function fitToBudget(sections: readonly string[], budget: number): boolean[] {
	const order = sections.map((section, index) => ({
		index,
		size: sectionBody(section).length,
		cost: estimateTokens(section),
	}));
	order.sort((a, b) => a.size - b.size || a.index - b.index);
	const kept = sections.map(() => false);
	let left = budget;
	for (const { index, cost } of order) {
		if (cost > left) continue;
		kept[index] = true;
		left -= cost;
	}
	return kept;
}

/**
 * The heading of a namespace: its name, and whether the budget left its tools out (scripts then
 * find them with `searchTools(query, { namespace })` or `describeNamespace()`).
 */
function namespaceHeading(
	namespace: NonNullable<ToolInfo["namespace"]>,
	listedTools: number,
	allTools: number,
): string {
	const note = listedTools === 0 ? " (tools not listed)" : listedTools < allTools ? " (some tools not listed)" : "";
	const heading = `## ${namespace.name}${note}`;
	return namespace.description ? `${heading}\n${namespace.description.trim()}` : heading;
}

/** The codemode tool's description listing `listed` (the tools scripts may call, in order). */
export function buildCodemodeDescription(listed: readonly ToolInfo[], options: DescriptionOptions): string {
	const sections = listed.map(toolSection);
	const kept = fitToBudget(sections, Math.max(0, options.inlineBudget));
	const parts: string[] = [];
	// Tools without a namespace first, then each namespace under its heading, in order of appearance.
	listed.forEach((tool, index) => {
		if (!tool.namespace && kept[index]) parts.push(sections[index] ?? "");
	});
	const namespaces = new Map<string, NonNullable<ToolInfo["namespace"]>>();
	for (const tool of listed)
		if (tool.namespace && !namespaces.has(tool.namespace.name)) namespaces.set(tool.namespace.name, tool.namespace);
	for (const [name, namespace] of namespaces) {
		const members = listed.flatMap((tool, index) => (tool.namespace?.name === name ? [index] : []));
		const shown = members.filter((index) => kept[index]);
		parts.push(namespaceHeading(namespace, shown.length, members.length));
		for (const index of shown) parts.push(sections[index] ?? "");
	}
	// With nothing to list, the heading would announce an empty list.
	return parts.length === 0 ? CODEMODE_INTRO : [CODEMODE_INTRO, NESTED_TOOLS_HEADING, ...parts].join("\n\n");
}

/** The note appended to a declared tool's description in `on` mode. */
export function declaredToolNote(tool: ToolInfo): string {
	return `Codemode: \`tools.${toCodemodeIdentifier(tool.name)}(args)\` resolves to ${shortResultTypeOf(tool)}.`;
}
