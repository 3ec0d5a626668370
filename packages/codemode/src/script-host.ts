// What a script's calls reach: tools through `ctx.executeTool`, tool discovery, and the model
// catalogue. Each nested call is recorded for the result (never its output).
import type { ExtensionContext, ToolInfo } from "@pi/coding-agent";
import { DEFAULT_SEARCH_LIMIT, rankTools } from "./bm25.js";
import { toolDeclaration } from "./declarations.js";
import { guidelineList } from "./guidelines.js";
import { toCodemodeIdentifier } from "./identifier.js";
import type { NestedCallRecord } from "./result-format.js";
import type { ScriptHost } from "./sandbox/run-script.js";
import { answerModelsCall } from "./script-models.js";

/** A tool's description as scripts read it: description, guidelines, declaration. */
export function describeForScripts(tool: ToolInfo): string {
	const parts = [tool.description.trim()];
	const guidelines = guidelineList(tool);
	if (guidelines) parts.push(guidelines);
	parts.push(`codemode tool declaration:\n\`\`\`ts\n${toolDeclaration(tool)}\n\`\`\``);
	return parts.join("\n\n");
}

/** Whether a name refers to a namespace: its name, an alias, or either as an identifier, with or without `mcp__`. */
function namesNamespace(tool: ToolInfo, query: string): boolean {
	const namespace = tool.namespace;
	if (!namespace) return false;
	const wanted = new Set([query, toCodemodeIdentifier(query), `mcp__${query}`, toCodemodeIdentifier(`mcp__${query}`)]);
	return [namespace.name, ...(namespace.aliases ?? [])].some(
		(name) => wanted.has(name) || wanted.has(toCodemodeIdentifier(name)),
	);
}

/** What a tool call resolves to in a script. */
function scriptValueOf(tool: ToolInfo, result: Awaited<ReturnType<ExtensionContext["executeTool"]>>): unknown {
	if (tool.outputSchema && result.structuredContent !== undefined) return result.structuredContent;
	const texts = result.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
	const image = result.content.find((block) => block.type === "image");
	if (image) return { type: "image", data: image.data, mimeType: image.mimeType, note: texts.join("\n") };
	return texts.join("\n");
}

/** The host side of one script run. `callable` are the tools scripts may call. */
export function createScriptHost(
	ctx: ExtensionContext,
	callable: readonly ToolInfo[],
	calls: NestedCallRecord[],
	onCallsChanged: () => void,
): ScriptHost {
	const byName = new Map<string, ToolInfo>();
	for (const tool of callable) {
		byName.set(tool.name, tool);
		if (!byName.has(toCodemodeIdentifier(tool.name))) byName.set(toCodemodeIdentifier(tool.name), tool);
	}
	const runTool = async (name: string, args: unknown, signal: AbortSignal) => {
		const tool = byName.get(name);
		if (!tool) throw new Error(`Tool ${name} is not available to scripts`);
		const record: NestedCallRecord = { id: "", name: tool.name, args: JSON.stringify(args), status: "running" };
		calls.push(record);
		const started = Date.now();
		const result = await ctx.executeTool(tool.name, (args ?? {}) as Record<string, unknown>, { signal });
		record.id = result.toolCallId;
		record.durationMs = Date.now() - started;
		const text = result.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
		record.status = signal.aborted ? "cancelled" : result.isError ? "error" : "ok";
		if (result.isError) record.error = text;
		onCallsChanged();
		if (result.isError && !(tool.outputSchema && result.structuredContent !== undefined)) throw new Error(text);
		return scriptValueOf(tool, result);
	};
	return {
		call: async (method, name, args, signal) => {
			switch (method) {
				case "tool":
					return runTool(name, args, signal);
				case "searchTools": {
					const { query, limit, namespace } = args as { query: string; limit?: number; namespace?: string };
					const pool = namespace ? callable.filter((tool) => namesNamespace(tool, namespace)) : callable;
					return rankTools(pool, query, limit ?? DEFAULT_SEARCH_LIMIT).map((tool) => ({
						name: toCodemodeIdentifier(tool.name),
						description: describeForScripts(tool),
					}));
				}
				case "describeTool": {
					const tool = byName.get(name);
					return tool ? describeForScripts(tool) : undefined;
				}
				case "describeNamespace": {
					const members = callable.filter((tool) => namesNamespace(tool, name));
					const namespace = members[0]?.namespace;
					if (!namespace) return undefined;
					return {
						name: namespace.name,
						...(namespace.description ? { description: namespace.description } : {}),
						...(namespace.instructions ? { instructions: namespace.instructions } : {}),
						tools: members.map((tool) => toCodemodeIdentifier(tool.name)),
					};
				}
				case "models":
					return answerModelsCall(ctx, name, args as unknown[]);
				default: {
					const never: never = method;
					throw new Error(`Unknown script call ${String(never)}`);
				}
			}
		},
	};
}
