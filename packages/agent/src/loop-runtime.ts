import type { ThinkingLevel as AiThinkingLevel, Model } from "@pi/ai";
import type { AgentEvent, AgentTool, StreamFn } from "./types.js";

/** Receives every event; the loop awaits the returned promise before producing the next event. */
export type AgentEventSink = (event: AgentEvent) => Promise<void> | void;

/** Settings the `Agent` lets its owner change during a run; read before every LLM call. */
export interface TurnSettings {
	systemPrompt: string;
	tools: AgentTool[];
	model: Model;
	reasoning: AiThinkingLevel | undefined;
}

/** What a run needs beyond its config: where events go, its signal, and how to reach the model. */
export interface LoopRuntime {
	emit: AgentEventSink;
	signal: AbortSignal | undefined;
	streamFn: StreamFn;
	/** When set, read before every LLM call so state changes made during a run apply at the next call. */
	readTurnSettings?: () => TurnSettings;
	/** Skips the steering poll at the start of the run (a `continue()` whose prompts came from that queue). */
	skipInitialSteeringPoll?: boolean;
}
