// The entry the pi binary loads for its built-in MCP extension (`@pi/mcp/extension`): only the
// extension itself, which imports config parsing and the client when a server is configured.
export { createMcpExtension, type McpExtensionOptions } from "./mcp-extension.js";
