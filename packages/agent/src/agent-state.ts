import type { Model } from "@pi/ai";
import type { AgentEvent, AgentMessage, AgentTool, ThinkingLevel } from "./types.js";

/**
 * The `Agent`'s observable state (agent-core.md §4.2). Assigning `tools` or `messages` stores a
 * copy of the top-level array. `systemPrompt`, `model`, `thinkingLevel` and `tools` may be
 * changed during a run and apply from the next LLM call; assigning `messages` during a run throws.
 */
export interface AgentState {
	systemPrompt: string;
	/** Required before prompting; `undefined` until set. */
	model: Model | undefined;
	/** Default "off". */
	thinkingLevel: ThinkingLevel;
	tools: AgentTool[];
	/** The conversation; the Agent appends every message at its `message_end`. */
	messages: AgentMessage[];
	/** True from the start of a run until its `agent_end` listeners have settled. */
	readonly isStreaming: boolean;
	/** The assistant message being streamed (follows `message_start`/`message_update`, cleared at `message_end`). */
	readonly streamingMessage: AgentMessage | undefined;
	/** Ids of tool calls between `tool_execution_start` and `tool_execution_end`. */
	readonly pendingToolCalls: ReadonlySet<string>;
	/** The last run's assistant `errorMessage`; cleared when a run starts. */
	readonly errorMessage: string | undefined;
}

/** What a new Agent's state starts from; every field is optional. */
export interface AgentInitialState {
	systemPrompt?: string;
	model?: Model;
	thinkingLevel?: ThinkingLevel;
	tools?: AgentTool[];
	messages?: AgentMessage[];
}

/** The Agent's state object: public fields plus the mutators only the Agent calls. */
export class AgentStateStore implements AgentState {
	systemPrompt: string;
	model: Model | undefined;
	thinkingLevel: ThinkingLevel;
	private toolList: AgentTool[];
	private messageList: AgentMessage[];
	private streaming = false;
	private betweenTurns = false;
	private partial: AgentMessage | undefined;
	private readonly pending = new Set<string>();
	private lastError: string | undefined;

	constructor(initial: AgentInitialState = {}) {
		this.systemPrompt = initial.systemPrompt ?? "";
		this.model = initial.model;
		this.thinkingLevel = initial.thinkingLevel ?? "off";
		this.toolList = [...(initial.tools ?? [])];
		this.messageList = [...(initial.messages ?? [])];
	}

	get tools(): AgentTool[] {
		return this.toolList;
	}

	set tools(tools: AgentTool[]) {
		this.toolList = [...tools];
	}

	get messages(): AgentMessage[] {
		return this.messageList;
	}

	set messages(messages: AgentMessage[]) {
		if (this.streaming && !this.betweenTurns) throw new Error("Cannot replace messages while the agent is running");
		this.messageList = [...messages];
	}

	/**
	 * Runs `fn` (the `prepareNextTurn` hook) with `messages` assignable although a run is going on:
	 * between two turns nothing is streaming. Resolves with the new list if `fn` assigned one.
	 */
	async betweenTurnsOf(fn: () => Promise<void>): Promise<AgentMessage[] | undefined> {
		const before = this.messageList;
		this.betweenTurns = true;
		try {
			await fn();
		} finally {
			this.betweenTurns = false;
		}
		return this.messageList === before ? undefined : this.messageList;
	}

	get isStreaming(): boolean {
		return this.streaming;
	}

	get streamingMessage(): AgentMessage | undefined {
		return this.partial;
	}

	get pendingToolCalls(): ReadonlySet<string> {
		return this.pending;
	}

	get errorMessage(): string | undefined {
		return this.lastError;
	}

	/** A run starts: streaming, error cleared. */
	beginRun(): void {
		this.streaming = true;
		this.lastError = undefined;
		this.partial = undefined;
		this.pending.clear();
	}

	/** The run has settled (after the `agent_end` listeners). */
	endRun(): void {
		this.streaming = false;
		this.partial = undefined;
		this.pending.clear();
	}

	/** Clears messages, error and streaming state (queues are the Agent's). */
	reset(): void {
		this.messageList = [];
		this.lastError = undefined;
		this.endRun();
	}

	/** Follows one event, before listeners see it. */
	applyEvent(event: AgentEvent): void {
		switch (event.type) {
			case "message_start":
			case "message_update":
				if (event.message.role === "assistant") this.partial = event.message;
				return;
			case "message_end":
				this.partial = undefined;
				this.messageList.push(event.message);
				if (event.message.role === "assistant" && event.message.errorMessage !== undefined) {
					this.lastError = event.message.errorMessage;
				}
				return;
			case "tool_execution_start":
				this.pending.add(event.toolCallId);
				return;
			case "tool_execution_end":
				this.pending.delete(event.toolCallId);
				return;
			case "agent_start":
			case "agent_end":
			case "turn_start":
			case "turn_end":
			case "tool_execution_update":
				return;
			default: {
				const unhandled: never = event;
				throw new Error(`Unhandled agent event: ${JSON.stringify(unhandled)}`);
			}
		}
	}
}
