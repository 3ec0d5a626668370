import type { AgentEvent } from "@pi/agent-core";
import type { SessionCollaborators } from "./session-collaborators.js";
import type { SessionEventHub } from "./session-event-hub.js";

/**
 * The session's listener on its Agent: every agent event is forwarded to the session's
 * listeners, with what the session does at it — the queue view at `message_start`, saving at
 * `message_end` (a failed write stops the run, see SessionContext.persist), and the retry
 * decision at `agent_end` (its `willRetry`).
 */
export function createAgentEventRouter(
	parts: Pick<SessionCollaborators, "queues" | "context" | "run">,
	events: SessionEventHub,
): (event: AgentEvent) => void {
	const { queues, context, run } = parts;
	return (event) => {
		// Deltas are nearly every event: forward them before any other check.
		if (event.type === "message_update") {
			events.emit(event);
			return;
		}
		if (event.type === "message_start") queues.noteInjected(event.message);
		if (event.type === "message_end") {
			context.persist(event.message);
			if (event.message.role === "assistant") run.noteReply(event.message);
		}
		if (event.type === "agent_end") {
			const willRetry = run.decideRetry();
			events.emit({ ...event, willRetry });
			run.afterAgentEnd(willRetry);
			return;
		}
		events.emit(event);
	};
}
