import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { connectionErrorText, McpServerConnection } from "../src/client/server-connection.js";
import type { McpServerConfig } from "../src/config/mcp-config-types.js";
import { renderMcpServersSection } from "../src/mcp-servers-section.js";
import { mapToolResultContent } from "../src/tools/map-tool-result.js";

function connection(name: string, config: Partial<McpServerConfig>): McpServerConnection {
	return new McpServerConnection({
		entry: {
			name,
			scope: "global",
			source: "mcp.json",
			config: {
				transport: "stdio",
				command: "x",
				args: [],
				env: {},
				enabled: true,
				exposure: "codemode",
				toolExposure: {},
				timeoutMs: 1000,
				...config,
			} as McpServerConfig,
		},
		sessionCwd: "/",
		clientVersion: "0",
	});
}

describe("the <mcp_servers> section", () => {
	it("lists codemode and deferred servers with their summary and says only the ways in they need", () => {
		const codemodeOnly = renderMcpServersSection([
			connection("ev", { description: "Everything server\nsecond line" }),
			connection("direct-one", { exposure: "direct" }),
		]);
		expect(codemodeOnly).toBe(
			"<mcp_servers>\nThese MCP servers' tools are not declared to you. Reach `codemode` servers' tools from codemode scripts.\n- mcp__ev (codemode): Everything server\n</mcp_servers>",
		);
		const deferred = renderMcpServersSection([connection("big", { exposure: "deferred" })]);
		expect(deferred).toContain("Load `tool_search` servers' tools with `tool_search` first.");
		expect(deferred).not.toContain("codemode");
		expect(deferred).toContain("- mcp__big (tool_search)\n");
		expect(renderMcpServersSection([connection("d", { exposure: "direct" })])).toBeUndefined();
	});
});

describe("tool results", () => {
	it("a resource link names the resource and how to read it", () => {
		const result: CallToolResult = {
			content: [
				{
					type: "resource_link",
					uri: "demo://resource/1",
					name: "Blob 1",
					mimeType: "text/plain",
					description: "Resource 1: plaintext resource",
				},
			],
		};
		expect(mapToolResultContent(result, "ev")).toEqual([
			{
				type: "text",
				text: '[Resource demo://resource/1 "Blob 1" (text/plain): Resource 1: plaintext resource. Read it with read_mcp_resource (server "ev")]',
			},
		]);
	});

	it("a server that went away is 'MCP connection closed'", () => {
		const closed = Object.assign(new Error("MCP error -32000: Connection closed"), { code: -32000 });
		expect(connectionErrorText(closed)).toBe("MCP connection closed");
		expect(connectionErrorText(new Error("spawn x ENOENT"))).toBe("spawn x ENOENT");
	});
});
