export { killAllServerProcessGroups } from "./client/process-groups.js";
export { type McpConnectionState, McpServerConnection } from "./client/server-connection.js";
export { expandConfigValue, McpValueError } from "./config/expand-values.js";
export { loadMcpConfig, projectMcpConfigPath, userMcpConfigPath } from "./config/load-mcp-config.js";
export {
	DEFAULT_MCP_TIMEOUT_MS,
	MCP_EXPOSURES,
	type McpConfigLoadResult,
	type McpExposure,
	type McpHttpServerConfig,
	type McpOAuthConfig,
	type McpServerConfig,
	type McpServerEntry,
	type McpServerScope,
	type McpStdioServerConfig,
} from "./config/mcp-config-types.js";
export { isValidServerName, parseServerEntry, serverNameKey } from "./config/parse-server-entry.js";
export { createMcpExtension, type McpExtensionOptions } from "./mcp-extension.js";
export { renderMcpServersSection } from "./mcp-servers-section.js";
export { mapToolResultContent } from "./tools/map-tool-result.js";
export { mcpToolNames, toolExposureOf } from "./tools/tool-names.js";
