// The heavy half of the ACP agent (sessions, tools, the session store), loaded once the client
// has been answered `initialize`, so an editor gets its first response quickly.
export { SessionReplacementError } from "../../core/agent-session/agent-session-runtime.js";
export { SessionManager } from "../../core/session/session-manager.js";
export { redactSecrets } from "./acp-errors.js";
export { replayUpdates } from "./acp-event-mapper.js";
export { AcpPromptError, AcpSession } from "./acp-session.js";
export { applyConfigOption, applyThinkingLevel } from "./acp-session-config.js";
