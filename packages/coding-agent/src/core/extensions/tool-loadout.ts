// Which registered tools are declared to the model and which other tools may call, from each
// tool's exposure, the active set and the `prepareLoadout` hooks of active orchestrating tools.
import type { AgentTool } from "@pi/agent-core";
import type {
	ExtensionContext,
	ExtensionToolDefinition,
	ToolExposure,
	ToolInfo,
	ToolLoadoutChanges,
} from "./extension-api.js";

/** A registered tool: what runs, and the extension definition when an extension registered it. */
export interface RegisteredTool {
	tool: AgentTool;
	definition?: ExtensionToolDefinition;
}

/** The exposure of a tool; built-in and SDK custom tools are `direct`. */
export function exposureOf(definition: ExtensionToolDefinition | undefined): ToolExposure {
	return definition?.exposure ?? "direct";
}

/** Whether registering the tool puts it in the active set (extensions.md "Tool exposure"). */
export function activatesOnRegister(definition: ExtensionToolDefinition | undefined): boolean {
	if (definition?.defaultActive !== undefined) return definition.defaultActive;
	const exposure = exposureOf(definition);
	return exposure === "direct" || exposure === "model-only";
}

/** Whether `ctx.executeTool` may call the tool, given whether it is active. */
export function isCallable(exposure: ToolExposure, active: boolean): boolean {
	switch (exposure) {
		case "direct":
			return active;
		case "codemode":
		case "deferred":
			return true;
		case "model-only":
		case "hidden":
			return false;
		default: {
			const never: never = exposure;
			throw new Error(`Unknown tool exposure: ${String(never)}`);
		}
	}
}

/** The public description of one registered tool. */
export function toolInfoOf(registered: RegisteredTool, active: boolean): ToolInfo {
	const { tool, definition } = registered;
	return {
		name: tool.name,
		description: tool.description,
		parameters: tool.parameters,
		...((definition?.outputSchema ?? tool.outputSchema)
			? { outputSchema: definition?.outputSchema ?? tool.outputSchema }
			: {}),
		exposure: exposureOf(definition),
		active,
		...(definition?.namespace ? { namespace: definition.namespace } : {}),
		...(definition?.annotations ? { annotations: definition.annotations } : {}),
		...(definition?.promptSnippet ? { promptSnippet: definition.promptSnippet } : {}),
		...(definition?.promptGuidelines ? { promptGuidelines: definition.promptGuidelines } : {}),
		reachesTools: definition?.reachesTools !== undefined,
	};
}

/** The tools requests declare: the active set, less hidden declarations, with replaced descriptions. */
export interface DeclaredTools {
	tools: AgentTool[];
	/** Reported when a `prepareLoadout` hook threw (the hook's changes are skipped). */
	errors: { toolName: string; error: string }[];
}

/**
 * Applies the `prepareLoadout` hook of every active tool that has one, in active order. A later
 * hook's description of the same tool wins; hidden declarations add up. A tool stays callable
 * whether or not its declaration is hidden.
 */
export function declaredTools(
	registry: ReadonlyMap<string, RegisteredTool>,
	activeNames: readonly string[],
	ctx: ExtensionContext,
): DeclaredTools {
	const active = activeNames.filter((name) => registry.has(name));
	const activeSet = new Set(active);
	const infos: ToolInfo[] = [];
	for (const registered of registry.values()) {
		if (exposureOf(registered.definition) === "hidden") continue;
		infos.push(toolInfoOf(registered, activeSet.has(registered.tool.name)));
	}
	const callable = infos.filter((info) => isCallable(info.exposure, info.active)).map((info) => info.name);
	const descriptions = new Map<string, string>();
	const hidden = new Set<string>();
	const errors: DeclaredTools["errors"] = [];
	for (const name of active) {
		const prepare = registry.get(name)?.definition?.prepareLoadout;
		if (!prepare) continue;
		let changes: ToolLoadoutChanges | undefined;
		try {
			changes = prepare({ declared: [...active], callable: [...callable], tools: infos }, ctx);
		} catch (error) {
			errors.push({ toolName: name, error: error instanceof Error ? error.message : String(error) });
			continue;
		}
		for (const [tool, description] of Object.entries(changes?.descriptions ?? {})) descriptions.set(tool, description);
		for (const tool of changes?.hiddenDeclarations ?? []) hidden.add(tool);
	}
	const tools = active.flatMap((name) => {
		if (hidden.has(name)) return [];
		const registered = registry.get(name);
		// A `hidden` tool is never declared, even while named active (1.4: re-registering a tool as
		// hidden withdraws it).
		if (!registered || exposureOf(registered.definition) === "hidden") return [];
		const tool = registered.tool;
		const description = descriptions.get(name);
		return [description === undefined ? tool : { ...tool, description }];
	});
	return { tools, errors };
}
