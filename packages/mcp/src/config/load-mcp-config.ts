import { existsSync, readFileSync } from "node:fs";
import { projectMcpConfigPath, userMcpConfigPath } from "./mcp-config-paths.js";
import type { McpConfigLoadResult, McpServerEntry, McpServerScope } from "./mcp-config-types.js";
import { type McpServerToggle, parseServerEntry, serverNameKey } from "./parse-server-entry.js";

export { projectMcpConfigPath, userMcpConfigPath };

/** The `mcpServers` object of a file, or a one-line problem; a missing file has no servers. */
export function readMcpServersObject(path: string): { servers: Record<string, unknown> } | { error: string } {
	if (!existsSync(path)) return { servers: {} };
	let parsed: unknown;
	try {
		parsed = JSON.parse(readFileSync(path, "utf8"));
	} catch (error) {
		return { error: `${path}: invalid JSON (${(error as Error).message})` };
	}
	if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
		return { error: `${path}: expected a JSON object with "mcpServers"` };
	const servers = (parsed as { mcpServers?: unknown }).mcpServers;
	if (servers === undefined) return { servers: {} };
	if (typeof servers !== "object" || servers === null || Array.isArray(servers))
		return { error: `${path}: "mcpServers" must be an object` };
	return { servers: servers as Record<string, unknown> };
}

export function untrustedProjectNote(path: string): string {
	return `${path} is ignored because the project is not trusted. Start pi in the project to trust it.`;
}

function applyToggle(entry: McpServerEntry, toggle: McpServerToggle, source: string): McpServerEntry {
	return {
		...entry,
		source,
		scope: "project",
		config: {
			...entry.config,
			...(toggle.enabled !== undefined ? { enabled: toggle.enabled } : {}),
			...(toggle.exposure !== undefined ? { exposure: toggle.exposure } : {}),
			...(toggle.toolExposure !== undefined ? { toolExposure: toggle.toolExposure } : {}),
		},
	};
}

/**
 * Reads the user file and, when `projectTrusted`, the project file. A project entry replaces the
 * user entry of the same name; one without `command`/`url`/`type` only toggles it. Invalid entries
 * are reported in `errors` and skipped.
 */
export function loadMcpConfig(options: {
	agentDir: string;
	cwd: string;
	projectTrusted: boolean;
}): McpConfigLoadResult {
	const errors: string[] = [];
	const byKey = new Map<string, McpServerEntry>();
	const readFile = (path: string, scope: McpServerScope): void => {
		const read = readMcpServersObject(path);
		if ("error" in read) {
			errors.push(read.error);
			return;
		}
		const seenHere = new Map<string, string>();
		for (const [name, raw] of Object.entries(read.servers)) {
			const parsed = parseServerEntry(name, raw, scope === "project");
			if (parsed.kind === "error") {
				errors.push(`${path}: ${parsed.message}`);
				continue;
			}
			const key = serverNameKey(name);
			const other = seenHere.get(key);
			if (other !== undefined) {
				errors.push(`${path}: server "${name}" conflicts with "${other}"`);
				continue;
			}
			seenHere.set(key, name);
			if (parsed.kind === "toggle") {
				const base = byKey.get(key);
				if (!base) {
					errors.push(`${path}: server "${name}" needs either "command" (stdio) or "url" (streamable HTTP)`);
					continue;
				}
				byKey.set(key, applyToggle(base, parsed.toggle, path));
				continue;
			}
			byKey.delete(key);
			byKey.set(key, { name, config: parsed.config, scope, source: path });
		}
	};
	readFile(userMcpConfigPath(options.agentDir), "global");
	const projectPath = projectMcpConfigPath(options.cwd);
	let note: string | undefined;
	if (options.projectTrusted) readFile(projectPath, "project");
	else if (existsSync(projectPath)) note = untrustedProjectNote(projectPath);
	return { servers: [...byKey.values()], errors, ...(note ? { note } : {}) };
}
