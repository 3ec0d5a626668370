// A light entry point (`@pi/coding-agent/paths`) for built-in extensions and tools that need the
// agent directory or saved trust without loading the whole package index (modes, TUI, SDK).
export { TrustStore } from "./core/resources/project-trust.js";
export { CONFIG_DIR_NAME, getAgentDir } from "./core/session/session-paths.js";
