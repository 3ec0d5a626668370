import type { Agent, AgentMessage } from "@pi/agent-core";
import type { ImageContent, UserMessage } from "@pi/ai";
import type { SettingsManager } from "../config/settings-manager.js";
import type { AgentSessionEvent } from "./agent-session-events.js";

type QueueKind = "steering" | "followUp";

/** A user message with text first, then images. */
export function userMessage(text: string, images: readonly ImageContent[] = []): UserMessage {
	return { role: "user", content: [{ type: "text", text }, ...images], timestamp: Date.now() };
}

/**
 * The session's view of the Agent's steering and follow-up queues: enqueues into the Agent,
 * mirrors the texts (after expansion) and emits `queue_update` whenever they change — on
 * enqueue, when the Agent injects a queued message (recognised by identity), and on clear.
 */
export class SessionQueues {
	private readonly pending = new Map<AgentMessage, { kind: QueueKind; text: string }>();

	constructor(
		private readonly agent: Agent,
		private readonly emit: (event: AgentSessionEvent) => void,
		private readonly settings: SettingsManager,
	) {
		agent.steeringMode = settings.getSteeringMode();
		agent.followUpMode = settings.getFollowUpMode();
	}

	/** Sets how many queued messages each delivery point releases, and saves it in settings. */
	setMode(kind: QueueKind, mode: "all" | "one-at-a-time"): void {
		if (kind === "steering") {
			this.agent.steeringMode = mode;
			this.settings.setSteeringMode(mode);
		} else {
			this.agent.followUpMode = mode;
			this.settings.setFollowUpMode(mode);
		}
	}

	/** Queues a message for the Agent and announces the new queues. */
	add(kind: QueueKind, text: string, images: readonly ImageContent[]): void {
		const message = userMessage(text, images);
		this.pending.set(message, { kind, text });
		if (kind === "steering") this.agent.steer(message);
		else this.agent.followUp(message);
		this.emitUpdate();
	}

	/**
	 * Called at each `message_start`: announces a queued message leaving the queue. In mode "all"
	 * the Agent took every message of that poll at once, so each one it no longer holds leaves too.
	 */
	noteInjected(message: AgentMessage): void {
		if (!this.pending.has(message)) return;
		const held = new Set([...this.agent.steeringQueue, ...this.agent.followUpQueue]);
		for (const candidate of this.pending.keys()) if (!held.has(candidate)) this.pending.delete(candidate);
		this.emitUpdate();
	}

	/** Empties both queues and returns their texts; announces only when something was removed. */
	clear(): { steering: string[]; followUp: string[] } {
		this.agent.clearAllQueues();
		const removed = this.snapshot();
		this.pending.clear();
		if (removed.steering.length + removed.followUp.length > 0) this.emitUpdate();
		return removed;
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

	private emitUpdate(): void {
		this.emit({ type: "queue_update", ...this.snapshot() });
	}
}
