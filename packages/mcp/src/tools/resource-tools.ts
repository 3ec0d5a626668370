import type { Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import type { ImageContent, TextContent } from "@pi/ai";
import type { ExtensionAPI } from "@pi/coding-agent";
import { type TSchema, Type } from "@sinclair/typebox";
import type { McpServerConnection } from "../client/server-connection.js";
import type { McpExposure } from "../config/mcp-config-types.js";
import { serverNameKey } from "../config/parse-server-entry.js";
import { truncateForModel } from "./map-tool-result.js";

export const RESOURCE_TOOL_NAMES = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"] as const;

/** MCP Apps resources are left out: pi does not render them. */
function isAppResource(resource: { uri?: string; uriTemplate?: string; mimeType?: string }): boolean {
	return (
		(resource.uri ?? resource.uriTemplate ?? "").startsWith("ui://") ||
		resource.mimeType === "text/html;profile=mcp-app"
	);
}

export interface ResourceToolHost {
	/** Every enabled, non-hidden server offering resources, after the initial connections settled. */
	resourceServers(): Promise<McpServerConnection[]>;
}

function findServer(servers: readonly McpServerConnection[], name: string): McpServerConnection {
	const found = servers.find((server) => serverNameKey(server.name) === serverNameKey(name));
	if (!found) {
		const known = servers.map((server) => server.name).join(", ") || "none";
		throw new Error(`MCP server "${name}" has no resources. Servers with resources: ${known}`);
	}
	return found;
}

/**
 * A resource (or template) as the model reads it: which server, the address and name first, icons
 * dropped (pi shows none, and they can be large data URLs).
 */
function listed(server: string, item: Resource | ResourceTemplate): Record<string, unknown> {
	const { icons: _icons, uri, uriTemplate, name, ...rest } = item as Record<string, unknown>;
	return {
		server,
		...(uri !== undefined ? { uri, name } : { name, uriTemplate }),
		...(rest.title !== undefined ? { title: rest.title } : {}),
		...(rest.mimeType !== undefined ? { mimeType: rest.mimeType } : {}),
		...rest,
	};
}

/** Scripts receive the listing or the read contents as data. */
const ANY_OBJECT = { type: "object" } as unknown as TSchema;

const serverParam = Type.Optional(Type.String({ description: "MCP server name; without it, every server" }));
const cursorParam = Type.Optional(
	Type.String({ description: "nextCursor of the previous page of the same server; omit for the first page" }),
);

function jsonResult(output: Record<string, unknown>) {
	return {
		content: [{ type: "text" as const, text: truncateForModel(JSON.stringify(output)) }],
		details: output,
		structuredContent: output,
	};
}

/** Registers `list_mcp_resources`, `list_mcp_resource_templates` and `read_mcp_resource`. */
export function registerResourceTools(pi: ExtensionAPI, host: ResourceToolHost, exposure: McpExposure): void {
	const common = { exposure, annotations: { readOnlyHint: true }, outputSchema: ANY_OBJECT } as const;

	/** One page of one server with `server`, else every page of every server. */
	const listing = async <T extends Resource | ResourceTemplate>(
		params: { server?: string; cursor?: string },
		key: "resources" | "resourceTemplates",
		page: (server: McpServerConnection, cursor?: string) => Promise<{ items: T[]; nextCursor?: string }>,
	) => {
		const servers = await host.resourceServers();
		const keep = (server: string, items: T[]) =>
			items.filter((item) => !isAppResource(item)).map((item) => listed(server, item));
		if (params.server !== undefined) {
			const server = findServer(servers, params.server);
			const result = await page(server, params.cursor);
			return jsonResult({
				server: server.name,
				[key]: keep(server.name, result.items),
				...(result.nextCursor ? { nextCursor: result.nextCursor } : {}),
			});
		}
		const all: unknown[] = [];
		for (const server of servers) {
			let cursor: string | undefined;
			do {
				const result = await page(server, cursor);
				all.push(...keep(server.name, result.items));
				cursor = result.nextCursor;
			} while (cursor);
		}
		return jsonResult({ [key]: all });
	};

	pi.registerTool({
		name: "list_mcp_resources",
		label: "MCP resources",
		...common,
		description:
			"List the resources MCP servers offer, as JSON. With `server`, one page of that server (continue with `cursor`); without, every resource of every server.",
		parameters: Type.Object({ server: serverParam, cursor: cursorParam }),
		execute: (_id, params) =>
			listing(params, "resources", async (server, cursor) => {
				const page = await server.listResources(cursor);
				return { items: page.resources, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
			}),
	});

	pi.registerTool({
		name: "list_mcp_resource_templates",
		label: "MCP resource templates",
		...common,
		description:
			"List the URI templates of resources MCP servers can read but do not list, as JSON. With `server`, one page of that server (continue with `cursor`).",
		parameters: Type.Object({ server: serverParam, cursor: cursorParam }),
		execute: (_id, params) =>
			listing(params, "resourceTemplates", async (server, cursor) => {
				const page = await server.listResourceTemplates(cursor);
				return { items: page.resourceTemplates, ...(page.nextCursor ? { nextCursor: page.nextCursor } : {}) };
			}),
	});

	pi.registerTool({
		name: "read_mcp_resource",
		label: "Read MCP resource",
		...common,
		description: "Read a resource of an MCP server by server name and URI (a URI list_mcp_resources returned).",
		parameters: Type.Object({
			server: Type.String({ description: "MCP server name, as list_mcp_resources returns it" }),
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
			const data = { server: server.name, uri: params.uri, contents: result.contents };
			return { content, details: data, structuredContent: data };
		},
	});
}
