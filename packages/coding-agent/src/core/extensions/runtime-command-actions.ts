import type { AgentSessionRuntime } from "../agent-session/agent-session-runtime.js";
import type { SessionManager } from "../session/session-manager.js";
import type { CommandContextActions } from "./extension-bindings.js";

/**
 * `commandContextActions` over an AgentSessionRuntime, for every mode to bind: replacements go
 * through the runtime (veto hooks, teardown, rebuild, rebind), as does `reload()` (fresh extension
 * instances, extensions.md §1.5); tree navigation goes through the runtime's current session. With these bound, `ctx.newSession()` and friends work in print,
 * json, rpc and tui alike.
 */
export function createRuntimeCommandActions(runtime: AgentSessionRuntime): CommandContextActions {
	return {
		waitForIdle: () => runtime.session.waitForSettled(),
		newSession: (options) =>
			runtime.newSession({
				...(options?.parentSession !== undefined ? { parentSession: options.parentSession } : {}),
				...(options?.setup ? { setup: (manager: SessionManager) => void options.setup?.(manager) } : {}),
			}),
		fork: async (entryId, options) => {
			const result = await runtime.fork(entryId, options);
			return { cancelled: result.cancelled };
		},
		switchSession: (sessionPath, options) => runtime.switchSession(sessionPath, options),
		navigateTree: (targetId, options) => runtime.session.navigateTree(targetId, options),
		reload: () => runtime.reload(),
	};
}
