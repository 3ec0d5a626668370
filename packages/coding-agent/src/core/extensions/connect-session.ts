import type { AgentSession } from "../agent-session/agent-session.js";
import { installAgentHooks } from "./agent-hooks.js";
import type { SessionStartEventPayload } from "./extension-events.js";
import type { ExtensionRunner } from "./extension-runner.js";
import { createSessionExtensionHost, type SessionExtensionHostOptions } from "./session-extension-host.js";

/**
 * Attaches a runner to the session it was loaded for: the host view, the Agent hooks, the
 * session-level `agent_settled`. (`AgentSession.bindExtensions` calls `runner.bind`, which emits
 * the stored `session_start`; `dispose` emits `session_shutdown { quit }` unless a teardown did.)
 */
export function connectExtensionsToSession(
	session: AgentSession,
	runner: ExtensionRunner,
	options: SessionExtensionHostOptions & { sessionStartEvent?: SessionStartEventPayload },
): void {
	const host = createSessionExtensionHost(session, runner, options);
	runner.attach(host, options.sessionStartEvent);
	// Loadout hooks (codemode's `only` mode) shape the declarations from the first request on.
	host.refreshTools();
	runner.setModelRuntime(session.modelRuntime);
	// Both listeners live as long as the session's Agent; dispose() clears the session's own.
	installAgentHooks(session.agent, runner);
	session.subscribe((event) => {
		if (event.type === "agent_settled") void runner.emit({ type: "agent_settled", aborted: event.aborted });
	});
}
