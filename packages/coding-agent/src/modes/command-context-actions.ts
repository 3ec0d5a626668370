import type { AgentSessionRuntime } from "../core/agent-session/agent-session-runtime.js";
import type { CommandContextActions } from "../core/extensions/extension-bindings.js";
import type { SessionManager } from "../core/session/session-manager.js";

/**
 * The session actions extension commands may call, each through the runtime so the veto hooks,
 * the replacement and the mode's rebind run exactly as for the mode's own commands. Every call
 * reads `runtime.session` afresh: the session object changes on every replacement.
 */
export function createCommandContextActions(runtime: AgentSessionRuntime): CommandContextActions {
	return {
		waitForIdle: () => runtime.session.waitForSettled(),
		newSession: (options) =>
			runtime.newSession({
				parentSession: options?.parentSession,
				setup: options?.setup ? (manager: SessionManager) => void options.setup?.(manager) : undefined,
			}),
		fork: (entryId, options) => runtime.fork(entryId, options),
		navigateTree: (targetId, options) => runtime.session.navigateTree(targetId, options),
		switchSession: (sessionPath, options) => runtime.switchSession(sessionPath, options),
		reload: () => runtime.session.reload(),
	};
}
