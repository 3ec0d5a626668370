import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ImageContent, TextContent } from "@pi/ai";

/** Text beyond this reaches the model with its middle cut out (the full text goes to a file). */
export const MCP_OUTPUT_MAX_CHARS = 20 * 1024;

type ContentBlock = CallToolResult["content"][number];

function blockToContent(block: ContentBlock, server: string): TextContent | ImageContent {
	switch (block.type) {
		case "text":
			return { type: "text", text: block.text };
		case "image":
			return { type: "image", data: block.data, mimeType: block.mimeType };
		case "audio":
			return { type: "text", text: `[audio: ${block.mimeType}]` };
		case "resource_link": {
			// Everything the model needs to decide whether to read it, and how.
			const about = [
				`Resource ${block.uri}`,
				block.name ? ` "${block.name}"` : "",
				block.mimeType ? ` (${block.mimeType})` : "",
				block.description ? `: ${block.description}` : "",
			].join("");
			return { type: "text", text: `[${about}. Read it with read_mcp_resource (server "${server}")]` };
		}
		case "resource": {
			const resource = block.resource;
			if ("text" in resource && typeof resource.text === "string") return { type: "text", text: resource.text };
			const mime = resource.mimeType ?? "application/octet-stream";
			if ("blob" in resource && mime.startsWith("image/"))
				return { type: "image", data: String(resource.blob), mimeType: mime };
			return { type: "text", text: `[binary resource ${resource.uri} (${mime})]` };
		}
		default:
			return { type: "text", text: JSON.stringify(block) };
	}
}

/** Cuts the middle out of a long text, saving the whole text to a temporary file named in the result. */
export function truncateForModel(text: string): string {
	if (text.length <= MCP_OUTPUT_MAX_CHARS) return text;
	const dir = mkdtempSync(join(tmpdir(), "pi-mcp-"));
	const file = join(dir, "output.txt");
	writeFileSync(file, text);
	const half = Math.floor(MCP_OUTPUT_MAX_CHARS / 2);
	const cut = text.length - 2 * half;
	return `${text.slice(0, half)}\n…${cut} chars truncated…\n${text.slice(-half)}\n[Full output: ${file}]`;
}

/**
 * A `CallToolResult` as the model's tool-result content: text and images pass through, embedded
 * text resources are unwrapped, other blocks become short placeholders; a result with no content
 * but `structuredContent` becomes its JSON.
 */
export function mapToolResultContent(result: CallToolResult, server: string): (TextContent | ImageContent)[] {
	const content = (result.content ?? []).map((block) => blockToContent(block, server));
	if (content.length === 0 && result.structuredContent !== undefined)
		content.push({ type: "text", text: JSON.stringify(result.structuredContent) });
	if (content.length === 0) content.push({ type: "text", text: "(no output)" });
	return content.map((block) => (block.type === "text" ? { type: "text", text: truncateForModel(block.text) } : block));
}

/** The text of a result, for the error message of an `isError` result. */
export function resultText(content: readonly (TextContent | ImageContent)[]): string {
	return content
		.filter((block): block is TextContent => block.type === "text")
		.map((block) => block.text)
		.join("\n");
}
