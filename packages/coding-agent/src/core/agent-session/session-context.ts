import type { Agent, AgentMessage } from "@pi/agent-core";
import { buildContextFromPath, contextEntriesFromPath } from "../session/session-context.js";
import { SessionWriteError } from "../session/session-file.js";
import type { SessionManager } from "../session/session-manager.js";
import type { SessionEntry } from "../session/session-types.js";

/**
 * The Agent's in-memory context versus the session file: failed replies taken out for a retry
 * stay in the file but leave the model's context until the run ends without a good reply.
 */
export class SessionContext {
	private readonly excluded = new WeakSet<AgentMessage>();
	/** The last failed session write (the session file lacks that message), if any. */
	sessionWriteError: SessionWriteError | undefined;
	/** The write failure that stopped the run in progress, until its last reply took it. */
	private stoppedBy: SessionWriteError | undefined;

	constructor(
		private readonly agent: Agent,
		private readonly sessionManager: SessionManager,
	) {}

	/** The active branch's messages without replies taken out for a retry. */
	fromSession(): AgentMessage[] {
		return this.sessionManager.buildSessionContext().messages.filter((message) => !this.excluded.has(message));
	}

	/**
	 * The context the branch would have with `extra` entries appended (nothing is written): its
	 * entries and its messages, without replies taken out for a retry.
	 */
	previewWith(extra: readonly SessionEntry[]): { entries: SessionEntry[]; messages: AgentMessage[] } {
		const path = [...this.sessionManager.getBranch(), ...extra];
		return {
			entries: contextEntriesFromPath(path),
			messages: buildContextFromPath(path).messages.filter((message) => !this.excluded.has(message)),
		};
	}

	/** Sets the Agent's messages to the branch's context and returns them. */
	rebuild(): AgentMessage[] {
		this.agent.state.messages = this.fromSession();
		return this.agent.state.messages;
	}

	/** Takes a failed reply out of the model's context (it stays in the file). */
	drop(message: AgentMessage): void {
		this.excluded.add(message);
		this.agent.state.messages = this.agent.state.messages.filter((candidate) => candidate !== message);
	}

	/** Puts replies taken out back: the context is the file's again. */
	restore(messages: readonly AgentMessage[]): void {
		for (const message of messages) this.excluded.delete(message);
		this.rebuild();
	}

	/**
	 * Saves a message that just ended. One that cannot be saved (full disk, …) stops the run:
	 * nothing more is built on a reply the session file does not hold. An unsaved assistant reply
	 * ends as an error carrying the write error — listeners get it in this very `message_end`, and
	 * the loop runs none of its tool calls; any other unsaved message aborts the run (whose final
	 * reply, "aborted" by that stop, ends as an error carrying the write error too: the stop is no
	 * user abort). The error stays readable as `sessionWriteError`.
	 */
	persist(message: AgentMessage): void {
		if (message.role === "assistant" && this.stoppedBy) {
			if (message.stopReason === "aborted") {
				message.stopReason = "error";
				message.errorMessage = this.stoppedBy.message;
			}
			this.stoppedBy = undefined;
		}
		try {
			this.sessionManager.appendMessage(message);
		} catch (error) {
			if (!(error instanceof SessionWriteError)) throw error;
			this.sessionWriteError = error;
			if (message.role === "assistant") {
				message.stopReason = "error";
				message.errorMessage = error.message;
			} else {
				// Every aborted run ends with an "aborted" reply (agent-core): that reply takes the error.
				this.stoppedBy = error;
				this.agent.abort();
			}
		}
	}

	/** Persists a message outside a run (user bash) and appends it to the context. */
	append(message: AgentMessage): void {
		this.sessionManager.appendMessage(message);
		this.agent.state.messages = [...this.agent.state.messages, message];
	}
}
