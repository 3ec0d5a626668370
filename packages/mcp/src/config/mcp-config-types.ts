// The `mcpServers` entry of mcp.json as pi understands it (packages/coding-agent/docs/mcp.md).

/** How a server's tools reach the model. */
export type McpExposure = "codemode" | "deferred" | "direct" | "hidden";

export const MCP_EXPOSURES: readonly McpExposure[] = ["codemode", "deferred", "direct", "hidden"];

/** OAuth settings of an HTTP server. */
export interface McpOAuthConfig {
	clientId?: string;
	clientSecret?: string;
	clientName?: string;
	callbackPort?: number;
	callbackUrl?: string;
	scope?: string;
}

interface McpServerCommon {
	/** Default true. */
	enabled: boolean;
	exposure: McpExposure;
	/** Tool name or `*` pattern → exposure; exact names win, then the first matching pattern. */
	toolExposure: Readonly<Record<string, McpExposure>>;
	description?: string;
	/** Per-request timeout in milliseconds (config: seconds). */
	timeoutMs: number;
}

export interface McpStdioServerConfig extends McpServerCommon {
	transport: "stdio";
	command: string;
	args: readonly string[];
	/** Values still unexpanded (`${VAR}`, `!command`): expanded when connecting. */
	env: Readonly<Record<string, string>>;
	cwd?: string;
}

export interface McpHttpServerConfig extends McpServerCommon {
	transport: "http";
	url: string;
	headers: Readonly<Record<string, string>>;
	oauth?: McpOAuthConfig;
}

export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** Where a server was configured. */
export type McpServerScope = "global" | "project" | "extension" | "acp";

/** One server after merging the files: its name, config and origin. */
export interface McpServerEntry {
	name: string;
	config: McpServerConfig;
	scope: McpServerScope;
	/** The file (or extension/editor) it came from. */
	source: string;
}

/** What loading mcp.json files produced. */
export interface McpConfigLoadResult {
	servers: McpServerEntry[];
	/** One line per invalid entry or unreadable file: `<file>: <problem>`. */
	errors: string[];
	/** Set when a project file exists but the project is not trusted. */
	note?: string;
	/** `false` (beside `mcpServers`; the project's value wins): codemode servers do not turn codemode on. */
	autoEnableCodemode?: boolean;
}

export const DEFAULT_MCP_TIMEOUT_MS = 60_000;
