import type { AgentSessionEvent, AgentSessionListener } from "./agent-session-events.js";

/** The session's listeners: called synchronously, never awaited, isolated from each other. */
export class SessionEventHub {
	private readonly listeners = new Set<AgentSessionListener>();

	subscribe(listener: AgentSessionListener): () => void {
		this.listeners.add(listener);
		return () => this.listeners.delete(listener);
	}

	emit(event: AgentSessionEvent): void {
		// Iterating the Set itself: listeners removed meanwhile are skipped, no copy per event.
		for (const listener of this.listeners) {
			try {
				listener(event);
			} catch (error) {
				// A throwing observer must not break the run or other observers.
				console.error("AgentSession listener failed:", error);
			}
		}
	}

	clear(): void {
		this.listeners.clear();
	}
}
