import type { ImageContent, TextContent } from "@pi/ai";
import type { ExtensionAPI } from "@pi/coding-agent";
import { Type } from "@sinclair/typebox";
import type { McpServerConnection } from "../client/server-connection.js";
import type { McpExposure } from "../config/mcp-config-types.js";
import { serverNameKey } from "../config/parse-server-entry.js";
import { truncateForModel } from "./map-tool-result.js";

export const RESOURCE_TOOL_NAMES = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"] as const;

/** MCP Apps resources are left out: pi does not render them. */
function isAppResource(resource: { uri: string; mimeType?: string }): boolean {
	return resource.uri.startsWith("ui://") || resource.mimeType === "text/html;profile=mcp-app";
}

export interface ResourceToolHost {
	/** Every enabled, non-hidden server offering resources, after the initial connections settled. */
	resourceServers(): Promise<McpServerConnection[]>;
}

function findServer(servers: readonly McpServerConnection[], name: string): McpServerConnection {
	const found = servers.find((server) => serverNameKey(server.name) === serverNameKey(name));
	if (!found) {
		const known = servers.map((server) => server.name).join(", ") || "none";
		throw new Error(`No MCP server "${name}" offers resources (servers with resources: ${known})`);
	}
	return found;
}

/** Registers `list_mcp_resources`, `list_mcp_resource_templates` and `read_mcp_resource`. */
export function registerResourceTools(pi: ExtensionAPI, host: ResourceToolHost, exposure: McpExposure): void {
	const common = { exposure, annotations: { readOnlyHint: true } } as const;
	pi.registerTool({
		name: "list_mcp_resources",
		label: "MCP resources",
		...common,
		description:
			"List the resources MCP servers offer, as JSON. With `server`, one page of that server (continue with `cursor`); without, every resource of every server.",
		parameters: Type.Object({
			server: Type.Optional(Type.String({ description: "MCP server name" })),
			cursor: Type.Optional(Type.String({ description: "nextCursor of the previous page" })),
		}),
		async execute(_id, params) {
			const servers = await host.resourceServers();
			const withServer = (server: string, resources: { uri: string; mimeType?: string }[]) =>
				resources.filter((resource) => !isAppResource(resource)).map((resource) => ({ server, ...resource }));
			let output: unknown;
			if (params.server !== undefined) {
				const server = findServer(servers, params.server);
				const page = await server.listResources(params.cursor);
				output = {
					server: server.name,
					resources: withServer(server.name, page.resources),
					...(page.nextCursor ? { nextCursor: page.nextCursor } : {}),
				};
			} else {
				const resources: unknown[] = [];
				for (const server of servers) {
					let cursor: string | undefined;
					do {
						const page = await server.listResources(cursor);
						resources.push(...withServer(server.name, page.resources));
						cursor = page.nextCursor;
					} while (cursor);
				}
				output = { resources };
			}
			return { content: [{ type: "text", text: truncateForModel(JSON.stringify(output, null, 2)) }], details: output };
		},
	});

	pi.registerTool({
		name: "list_mcp_resource_templates",
		label: "MCP resource templates",
		...common,
		description: "List the URI templates of resources MCP servers can read but do not list, as JSON.",
		parameters: Type.Object({ server: Type.Optional(Type.String({ description: "MCP server name" })) }),
		async execute(_id, params) {
			const servers = await host.resourceServers();
			const chosen = params.server !== undefined ? [findServer(servers, params.server)] : servers;
			const templates: unknown[] = [];
			for (const server of chosen) {
				for (const template of await server.listResourceTemplates())
					templates.push({ server: server.name, ...(template as object) });
			}
			const output = { resourceTemplates: templates };
			return { content: [{ type: "text", text: JSON.stringify(output, null, 2) }], details: output };
		},
	});

	pi.registerTool({
		name: "read_mcp_resource",
		label: "Read MCP resource",
		...common,
		description: "Read a resource of an MCP server by server name and URI.",
		parameters: Type.Object({
			server: Type.String({ description: "MCP server name" }),
			uri: Type.String({ description: "Resource URI" }),
		}),
		async execute(_id, params) {
			const server = findServer(await host.resourceServers(), params.server);
			const result = await server.readResource(params.uri);
			const content: (TextContent | ImageContent)[] = [];
			for (const item of result.contents) {
				if ("text" in item && typeof item.text === "string") {
					content.push({ type: "text", text: truncateForModel(item.text) });
				} else if ("blob" in item && typeof item.blob === "string") {
					const mime = item.mimeType ?? "application/octet-stream";
					if (mime.startsWith("image/")) content.push({ type: "image", data: item.blob, mimeType: mime });
					else {
						const { saveBlob } = await import("./save-blob.js");
						content.push({ type: "text", text: `[binary ${mime} saved to ${saveBlob(item.blob, item.uri)}]` });
					}
				}
			}
			if (content.length === 0) content.push({ type: "text", text: "(empty resource)" });
			return { content, details: { server: server.name, uri: params.uri, contents: result.contents } };
		},
	});
}
