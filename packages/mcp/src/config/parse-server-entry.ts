import {
	DEFAULT_MCP_TIMEOUT_MS,
	MCP_EXPOSURES,
	type McpExposure,
	type McpOAuthConfig,
	type McpServerConfig,
} from "./mcp-config-types.js";

/** Letters, digits, `_` and `-`: the name becomes part of tool names. */
const SERVER_NAME = /^[A-Za-z0-9_-]+$/;

export function isValidServerName(name: string): boolean {
	return SERVER_NAME.test(name);
}

/** Names differing only in `-` and `_` are one server (their tool names would be the same). */
export function serverNameKey(name: string): string {
	return name.replace(/-/g, "_");
}

export function invalidServerNameMessage(name: string): string {
	return `invalid server name "${name}" (use letters, digits, "_" and "-")`;
}

/** A project entry that only changes these fields of the user-level server of the same name. */
export interface McpServerToggle {
	enabled?: boolean;
	exposure?: McpExposure;
	toolExposure?: Record<string, McpExposure>;
}

export type ParsedServerEntry =
	| { kind: "server"; config: McpServerConfig }
	| { kind: "toggle"; toggle: McpServerToggle }
	| { kind: "error"; message: string };

function isRecord(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseExposure(value: unknown): McpExposure | undefined {
	if (value === "codemode-deferred") return "codemode";
	return MCP_EXPOSURES.find((exposure) => exposure === value);
}

const EXPOSURE_LIST = MCP_EXPOSURES.map((exposure) => `"${exposure}"`).join(", ");

function stringRecord(value: unknown): Record<string, string> | undefined {
	if (value === undefined) return {};
	if (!isRecord(value)) return undefined;
	const out: Record<string, string> = {};
	for (const [key, item] of Object.entries(value)) {
		if (typeof item !== "string") return undefined;
		out[key] = item;
	}
	return out;
}

class EntryError extends Error {}

function parseToggleFields(name: string, raw: Record<string, unknown>): McpServerToggle {
	const toggle: McpServerToggle = {};
	if (raw.enabled !== undefined) {
		if (typeof raw.enabled !== "boolean") throw new EntryError(`server "${name}": enabled must be true or false`);
		toggle.enabled = raw.enabled;
	}
	if (raw.exposure !== undefined) {
		const exposure = parseExposure(raw.exposure);
		if (!exposure) throw new EntryError(`server "${name}": exposure must be one of ${EXPOSURE_LIST}`);
		toggle.exposure = exposure;
	}
	if (raw.toolExposure !== undefined) {
		if (!isRecord(raw.toolExposure))
			throw new EntryError(`server "${name}": toolExposure must map tool names to exposures`);
		const map: Record<string, McpExposure> = {};
		for (const [tool, value] of Object.entries(raw.toolExposure)) {
			const exposure = parseExposure(value);
			if (!exposure) throw new EntryError(`server "${name}": toolExposure "${tool}" must be one of ${EXPOSURE_LIST}`);
			map[tool] = exposure;
		}
		toggle.toolExposure = map;
	}
	return toggle;
}

function parseOAuth(name: string, value: unknown): McpOAuthConfig | undefined {
	if (value === undefined) return undefined;
	if (!isRecord(value)) throw new EntryError(`server "${name}": oauth must be an object`);
	const oauth: McpOAuthConfig = {};
	for (const key of ["clientId", "clientSecret", "clientName", "callbackUrl", "scope"] as const) {
		const item = value[key];
		if (item === undefined) continue;
		if (typeof item !== "string") throw new EntryError(`server "${name}": oauth.${key} must be a string`);
		oauth[key] = item;
	}
	if (value.callbackPort !== undefined) {
		const port = value.callbackPort;
		if (typeof port !== "number" || !Number.isInteger(port) || port < 1 || port > 65535)
			throw new EntryError(`server "${name}": oauth.callbackPort must be a port number`);
		oauth.callbackPort = port;
	}
	return oauth;
}

/**
 * Validates one `mcpServers` entry. `allowToggle`: an entry without `command`, `url` or `type`
 * may only toggle a server of the same name (project files).
 */
export function parseServerEntry(name: string, raw: unknown, allowToggle: boolean): ParsedServerEntry {
	if (!isValidServerName(name)) return { kind: "error", message: invalidServerNameMessage(name) };
	if (!isRecord(raw)) return { kind: "error", message: `server "${name}" must be an object` };
	try {
		const toggle = parseToggleFields(name, raw);
		const type = raw.type;
		if (type === "sse") {
			throw new EntryError(`server "${name}": legacy SSE transport is not supported; use the streamable HTTP URL`);
		}
		if (allowToggle && raw.command === undefined && raw.url === undefined && type === undefined) {
			return { kind: "toggle", toggle };
		}
		let timeoutMs = DEFAULT_MCP_TIMEOUT_MS;
		if (raw.timeout !== undefined) {
			if (typeof raw.timeout !== "number" || !(raw.timeout > 0))
				throw new EntryError(`server "${name}": timeout must be a positive number of seconds`);
			timeoutMs = raw.timeout * 1000;
		}
		if (raw.description !== undefined && typeof raw.description !== "string")
			throw new EntryError(`server "${name}": description must be a string`);
		const common = {
			enabled: toggle.enabled ?? true,
			exposure: toggle.exposure ?? "codemode",
			toolExposure: toggle.toolExposure ?? {},
			...(typeof raw.description === "string" && raw.description.trim() ? { description: raw.description } : {}),
			timeoutMs,
		};
		const typeOk = type === undefined || type === "stdio" || type === "http" || type === "streamable-http";
		const needs = `server "${name}" needs either "command" (stdio) or "url" (streamable HTTP)`;
		if (!typeOk) throw new EntryError(needs);
		if (typeof raw.url === "string" && type !== "stdio") {
			let url: URL;
			try {
				url = new URL(raw.url);
			} catch {
				throw new EntryError(`server "${name}": url must be an http or https URL`);
			}
			if (url.protocol !== "http:" && url.protocol !== "https:")
				throw new EntryError(`server "${name}": url must be an http or https URL`);
			const headers = stringRecord(raw.headers);
			if (!headers) throw new EntryError(`server "${name}": headers must map names to strings`);
			const oauth = parseOAuth(name, raw.oauth);
			return {
				kind: "server",
				config: { ...common, transport: "http", url: raw.url, headers, ...(oauth ? { oauth } : {}) },
			};
		}
		if (typeof raw.command === "string" && raw.command.trim() && type !== "http" && type !== "streamable-http") {
			const args = raw.args ?? [];
			if (!Array.isArray(args) || args.some((arg) => typeof arg !== "string"))
				throw new EntryError(`server "${name}": args must be an array of strings`);
			const env = stringRecord(raw.env);
			if (!env) throw new EntryError(`server "${name}": env must map names to strings`);
			if (raw.cwd !== undefined && typeof raw.cwd !== "string")
				throw new EntryError(`server "${name}": cwd must be a string`);
			return {
				kind: "server",
				config: {
					...common,
					transport: "stdio",
					command: raw.command,
					args: args as string[],
					env,
					...(typeof raw.cwd === "string" ? { cwd: raw.cwd } : {}),
				},
			};
		}
		throw new EntryError(needs);
	} catch (error) {
		if (error instanceof EntryError) return { kind: "error", message: error.message };
		throw error;
	}
}
