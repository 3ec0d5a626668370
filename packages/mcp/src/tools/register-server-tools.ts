import type { ExtensionAPI, ExtensionToolDefinition } from "@pi/coding-agent";
import type { TSchema } from "@sinclair/typebox";
import type { McpServerConnection } from "../client/server-connection.js";
import type { McpExposure } from "../config/mcp-config-types.js";
import { mapToolResultContent, resultText } from "./map-tool-result.js";
import { mcpToolNames, toolExposureOf } from "./tool-names.js";

/** What an MCP tool's `details` carry for UIs: the server, the server's tool name, the raw result. */
export interface McpToolDetails {
	server: string;
	tool: string;
	structuredContent?: unknown;
}

/** Providers need an object schema; some reject one without `properties`. */
function objectSchema(schema: Record<string, unknown>): TSchema {
	return { ...schema, type: "object", properties: schema.properties ?? {} } as unknown as TSchema;
}

/**
 * Registers the `direct` tools of a connected server (once per pi tool name; a re-registration
 * replaces the definition, which keeps calls working after `tools/list_changed`). Returns the pi
 * names of the server's tools by exposure, for lists and the system prompt.
 */
export function registerServerTools(
	pi: ExtensionAPI,
	connection: McpServerConnection,
	registered: Set<string>,
	effective: (exposure: McpExposure) => McpExposure = (exposure) => exposure,
): { direct: string[]; indirect: string[]; hidden: string[] } {
	const config = connection.entry.config;
	const names = mcpToolNames(
		connection.name,
		connection.tools.map((tool) => tool.name),
	);
	const direct: string[] = [];
	const indirect: string[] = [];
	const hidden: string[] = [];
	for (const tool of connection.tools) {
		const name = names.get(tool.name) ?? tool.name;
		const exposure = effective(toolExposureOf(config, tool.name));
		if (exposure === "hidden") {
			hidden.push(name);
			continue;
		}
		if (exposure !== "direct") {
			indirect.push(name);
			continue;
		}
		direct.push(name);
		if (registered.has(name)) continue;
		registered.add(name);
		const definition: ExtensionToolDefinition<TSchema, McpToolDetails> = {
			name,
			label: `${connection.name}: ${tool.title ?? tool.annotations?.title ?? tool.name}`,
			description: tool.description?.trim() || `${tool.name} of the MCP server ${connection.name}`,
			parameters: objectSchema(tool.inputSchema as Record<string, unknown>),
			async execute(_toolCallId, params, signal, onUpdate) {
				const current = connection.tools.find((offered) => offered.name === tool.name);
				if (connection.state.kind === "connected" && !current)
					throw new Error(`MCP server "${connection.name}" no longer offers the tool "${tool.name}"`);
				const result = await connection.callTool(tool.name, (params ?? {}) as Record<string, unknown>, {
					...(signal ? { signal } : {}),
					onProgress: (progress, total, message) => {
						const text = `${message ?? "Working"}${total ? ` (${progress}/${total})` : ` (${progress})`}`;
						onUpdate?.({ content: [{ type: "text", text }], details: { server: connection.name, tool: tool.name } });
					},
				});
				const content = mapToolResultContent(result, connection.name);
				// MCP reports a failed tool in the result; pi reports it as a failed tool call.
				if (result.isError === true) throw new Error(resultText(content) || `MCP tool "${tool.name}" failed`);
				return {
					content,
					details: {
						server: connection.name,
						tool: tool.name,
						...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
					},
				};
			},
		};
		pi.registerTool(definition);
	}
	return { direct, indirect, hidden };
}
