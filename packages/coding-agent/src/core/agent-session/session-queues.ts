import type { AgentMessage } from "@pi/agent-core";

type QueueKind = "steering" | "followUp";

/**
 * Mirrors the Agent's steering and follow-up queues as texts (after expansion) for
 * `queue_update`. A queued message is recognised by identity when the Agent injects it.
 */
export class SessionQueues {
	private readonly pending = new Map<AgentMessage, { kind: QueueKind; text: string }>();

	add(kind: QueueKind, message: AgentMessage, text: string): void {
		this.pending.set(message, { kind, text });
	}

	/** Removes `message` if it was queued; returns whether it was. */
	take(message: AgentMessage): boolean {
		return this.pending.delete(message);
	}

	clear(): { steering: string[]; followUp: string[] } {
		const snapshot = this.snapshot();
		this.pending.clear();
		return snapshot;
	}

	get size(): number {
		return this.pending.size;
	}

	/** Both queues as texts, in enqueue order. */
	snapshot(): { steering: string[]; followUp: string[] } {
		const steering: string[] = [];
		const followUp: string[] = [];
		for (const { kind, text } of this.pending.values()) (kind === "steering" ? steering : followUp).push(text);
		return { steering, followUp };
	}
}
