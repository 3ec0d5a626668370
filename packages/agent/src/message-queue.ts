import type { AgentMessage, QueueMode } from "./types.js";

/**
 * A FIFO of messages waiting for a poll point (agent-core.md §6). `poll()` removes the oldest
 * message in "one-at-a-time" mode, or every message (in enqueue order) in "all" mode.
 */
export class MessageQueue {
	private items: AgentMessage[] = [];

	constructor(public mode: QueueMode) {}

	/** Appends a message. */
	enqueue(message: AgentMessage): void {
		this.items.push(message);
	}

	/** Removes and returns what this poll releases; `[]` when empty. */
	poll(): AgentMessage[] {
		if (this.items.length === 0) return [];
		if (this.mode === "all") return this.items.splice(0, this.items.length);
		return this.items.splice(0, 1);
	}

	/** Removes and returns everything. */
	clear(): AgentMessage[] {
		return this.items.splice(0, this.items.length);
	}

	/** A snapshot of the queued messages, oldest first. */
	snapshot(): AgentMessage[] {
		return [...this.items];
	}

	get length(): number {
		return this.items.length;
	}
}
