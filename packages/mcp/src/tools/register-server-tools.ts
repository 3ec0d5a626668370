import type { ExtensionAPI, ExtensionToolDefinition, ToolExposure } from "@pi/coding-agent";
import type { TSchema } from "@sinclair/typebox";
import type { McpServerConnection } from "../client/server-connection.js";
import type { McpExposure } from "../config/mcp-config-types.js";
import { mapToolResultContent } from "./map-tool-result.js";
import { mcpToolNames, toolExposureOf } from "./tool-names.js";

/** What an MCP tool's `details` carry for UIs: the server and the server's tool name. */
export interface McpToolDetails {
	server: string;
	tool: string;
}

/**
 * Providers need an object schema; some reject one without `properties`. `$schema` names the
 * server's JSON Schema dialect, which no provider wants in a tool declaration.
 */
function objectSchema(schema: Record<string, unknown>): TSchema {
	const { $schema: _dialect, ...rest } = schema;
	return { ...rest, type: "object", properties: rest.properties ?? {} } as unknown as TSchema;
}

/**
 * What scripts (codemode) receive from an MCP tool: the whole `CallToolResult`, with the server's
 * own output schema, when it declares one, for `structuredContent`.
 */
function callToolResultSchema(outputSchema: Record<string, unknown> | undefined): TSchema {
	const { $schema: _dialect, ...structured } = outputSchema ?? { type: "object" };
	return {
		type: "object",
		properties: {
			content: { type: "array", items: { type: "object" } },
			structuredContent: structured,
			isError: { type: "boolean" },
		},
		required: ["content"],
	} as unknown as TSchema;
}

/** The codemode namespace of a server: `mcp__<server>`, also found by its plain name. */
export function serverNamespace(connection: McpServerConnection) {
	const plain = `mcp__${connection.name}`;
	const aliases = [...new Set([plain.replace(/-/g, "_"), connection.name, connection.name.replace(/-/g, "_")])].filter(
		(alias) => alias !== plain,
	);
	const description =
		connection.entry.config.description?.trim() || connection.instructions?.split("\n", 1)[0]?.trim() || undefined;
	return {
		name: plain.replace(/[^A-Za-z0-9_]/g, "_"),
		aliases,
		...(description ? { description } : {}),
		...(connection.instructions ? { instructions: connection.instructions } : {}),
	};
}

/**
 * Registers a connected server's tools with their exposure (`hidden` ones too, so nothing else can
 * take their names), and re-registers tools the server withdrew (`tools/list_changed`) as hidden.
 * `registered` maps pi tool names to the exposure they were registered with, across calls.
 */
export function registerServerTools(
	pi: ExtensionAPI,
	connection: McpServerConnection,
	registered: Map<string, ToolExposure>,
	effective: (exposure: McpExposure) => McpExposure = (exposure) => exposure,
): { direct: string[]; indirect: string[]; hidden: string[] } {
	const config = connection.entry.config;
	const names = mcpToolNames(
		connection.name,
		connection.tools.map((tool) => tool.name),
	);
	const namespace = serverNamespace(connection);
	const direct: string[] = [];
	const indirect: string[] = [];
	const hidden: string[] = [];
	const offered = new Set<string>();
	for (const tool of connection.tools) {
		const name = names.get(tool.name) ?? tool.name;
		offered.add(name);
		const exposure = effective(toolExposureOf(config, tool.name));
		(exposure === "hidden" ? hidden : exposure === "direct" ? direct : indirect).push(name);
		if (registered.get(name) === exposure) continue;
		registered.set(name, exposure);
		const annotations = tool.annotations;
		const definition: ExtensionToolDefinition<TSchema, McpToolDetails> = {
			name,
			label: `${connection.name}: ${tool.title ?? annotations?.title ?? tool.name}`,
			description: tool.description?.trim() || `${tool.name} of the MCP server ${connection.name}`,
			parameters: objectSchema(tool.inputSchema as Record<string, unknown>),
			exposure,
			namespace,
			...(annotations
				? {
						annotations: {
							...(annotations.readOnlyHint !== undefined ? { readOnlyHint: annotations.readOnlyHint } : {}),
							...(annotations.destructiveHint !== undefined ? { destructiveHint: annotations.destructiveHint } : {}),
							...(annotations.idempotentHint !== undefined ? { idempotentHint: annotations.idempotentHint } : {}),
							...(annotations.openWorldHint !== undefined ? { openWorldHint: annotations.openWorldHint } : {}),
						},
					}
				: {}),
			outputSchema: callToolResultSchema(tool.outputSchema as Record<string, unknown> | undefined),
			async execute(_toolCallId, params, signal, onUpdate) {
				const current = connection.tools.find((candidate) => candidate.name === tool.name);
				if (connection.state.kind === "connected" && !current)
					throw new Error(`MCP server "${connection.name}" no longer offers the tool "${tool.name}"`);
				const result = await connection.callTool(tool.name, (params ?? {}) as Record<string, unknown>, {
					...(signal ? { signal } : {}),
					onProgress: (progress, total, message) => {
						const text = `${message ?? "Working"} (${progress}${total ? `/${total}` : ""})`;
						onUpdate?.({ content: [{ type: "text", text }], details: { server: connection.name, tool: tool.name } });
					},
				});
				const content = mapToolResultContent(result, connection.name);
				// For the model, MCP's failed result is a failed tool call; scripts get the whole
				// CallToolResult, `isError` included, and decide themselves.
				return {
					content,
					details: { server: connection.name, tool: tool.name },
					structuredContent: result,
					...(result.isError === true ? { isError: true } : {}),
				};
			},
		};
		pi.registerTool(definition);
	}
	const prefix = `${namespace.name}__`;
	for (const [name, exposure] of registered) {
		if (!name.startsWith(prefix) || offered.has(name) || exposure === "hidden") continue;
		// Withdrawn by the server: tools cannot be unregistered, so make it unreachable.
		registered.set(name, "hidden");
		pi.registerTool({
			name,
			label: name,
			description: "Withdrawn MCP tool",
			parameters: objectSchema({}),
			exposure: "hidden",
			async execute() {
				throw new Error(`MCP server "${connection.name}" no longer offers this tool`);
			},
		});
	}
	return { direct, indirect, hidden };
}
