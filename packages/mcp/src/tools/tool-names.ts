import { createHash } from "node:crypto";
import type { McpExposure, McpServerConfig } from "../config/mcp-config-types.js";

/** Providers accept tool names of at most 64 characters of `[A-Za-z0-9_-]`. */
const MAX_TOOL_NAME_LENGTH = 64;

function hashSuffix(server: string, tool: string): string {
	return createHash("sha256").update(`${server}\0${tool}`).digest("hex").slice(0, 8);
}

/**
 * `mcp__<server>__<tool>` with every character but `[A-Za-z0-9_]` replaced by `_`. A name that is
 * too long, or that another tool of the server maps to as well (`a-b` and `a_b`), gets a hash
 * suffix of server and tool name instead; colliding tools all get one.
 */
export function mcpToolNames(server: string, tools: readonly string[]): Map<string, string> {
	const plain = (tool: string) => `mcp__${server}__${tool}`.replace(/[^A-Za-z0-9_]/g, "_");
	const counts = new Map<string, number>();
	for (const tool of tools) counts.set(plain(tool), (counts.get(plain(tool)) ?? 0) + 1);
	const names = new Map<string, string>();
	for (const tool of tools) {
		const name = plain(tool);
		if (name.length <= MAX_TOOL_NAME_LENGTH && counts.get(name) === 1) {
			names.set(tool, name);
			continue;
		}
		const hash = hashSuffix(server, tool);
		names.set(tool, `${name.slice(0, MAX_TOOL_NAME_LENGTH - hash.length - 1)}_${hash}`);
	}
	return names;
}

function patternToRegExp(pattern: string): RegExp {
	const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*");
	return new RegExp(`^${escaped}$`);
}

/** A tool's exposure: an exact `toolExposure` key, else the first matching pattern, else the server's. */
export function toolExposureOf(config: Pick<McpServerConfig, "exposure" | "toolExposure">, tool: string): McpExposure {
	const exact = config.toolExposure[tool];
	if (exact) return exact;
	for (const [pattern, exposure] of Object.entries(config.toolExposure)) {
		if (pattern.includes("*") && patternToRegExp(pattern).test(tool)) return exposure;
	}
	return config.exposure;
}
