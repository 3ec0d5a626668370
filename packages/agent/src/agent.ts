import type { ImageContent, Model, SimpleStreamOptions } from "@pi/ai";
import { assertCanContinue, runAgentLoop } from "./agent-loop.js";
import type { AgentListener, AgentOptions, ListenerErrorHandler } from "./agent-options.js";
import { type AgentState, AgentStateStore } from "./agent-state.js";
import { defaultConvertToLlm } from "./default-convert-to-llm.js";
import { EventDispatcher } from "./event-dispatcher.js";
import { pickForwardedStreamOptions } from "./forwarded-stream-options.js";
import type { TurnSettings } from "./loop-runtime.js";
import { MessageQueue } from "./message-queue.js";
import type {
	AfterToolCallHook,
	AgentLoopConfig,
	AgentMessage,
	BeforeToolCallHook,
	ConvertToLlm,
	GetApiKey,
	QueueMode,
	StreamFn,
	ToolExecutionMode,
	TransformContext,
	TransformRequestContext,
} from "./types.js";

/** Rejection text of `prompt()`/`continue()` while a run is in progress. */
const ALREADY_PROCESSING =
	"Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.";

interface ActiveRun {
	controller: AbortController;
	settled: Promise<void>;
}

/**
 * One conversation in memory and the turn loop over it (agent-core.md §4). Events reach
 * subscribers one at a time, awaited in registration order; a run (and the promise of
 * `prompt()`/`continue()`) is over only when the `agent_end` listeners have settled.
 * Model and tool failures never reject: they end the run with an "error"/"aborted" reply.
 */
export class Agent {
	/** The observable state; see `AgentState` for what may be assigned when. */
	readonly state: AgentState;
	/** How the agent reaches the model. */
	readonly streamFn: StreamFn;
	/** Agent messages → LLM messages, before every LLM call. Default: keep user/assistant/toolResult. */
	convertToLlm: ConvertToLlm;
	/** Prunes or injects messages before `convertToLlm`; receives the run's signal. */
	transformContext: TransformContext | undefined;
	/** After `transformContext`, before `convertToLlm`: may change the request's system prompt and messages. */
	transformRequestContext: TransformRequestContext | undefined;
	/**
	 * Between two turns of one run (after tool results, before the next reply): may assign
	 * `state.messages` (e.g. after a compaction); the run goes on with the new list.
	 */
	prepareNextTurn: ((signal?: AbortSignal) => Promise<void>) | undefined;
	/** Resolves the API key before every LLM request (expiring tokens). */
	getApiKey: GetApiKey | undefined;
	/** Default "parallel"; read when a run starts. */
	toolExecution: ToolExecutionMode;
	/** Runs after argument validation; may block a call or rewrite its args in place. */
	beforeToolCall: BeforeToolCallHook | undefined;
	/** Runs after `execute`; may override parts of the result. */
	afterToolCall: AfterToolCallHook | undefined;
	/** Forwarded to `streamFn` (provider session caching); read when a run starts. */
	sessionId: string | undefined;
	/** Forwarded to `streamFn`; read when a run starts. */
	thinkingBudgets: SimpleStreamOptions["thinkingBudgets"];
	/** Forwarded to `streamFn`; read when a run starts. */
	transport: SimpleStreamOptions["transport"];
	/** Forwarded to `streamFn` (ms); read when a run starts. */
	maxRetryDelayMs: number | undefined;
	/** Forwarded to `streamFn`; read when a run starts. */
	onPayload: SimpleStreamOptions["onPayload"];
	/** Forwarded to `streamFn` (the last word on each request's headers); read when a run starts. */
	transformHeaders: SimpleStreamOptions["transformHeaders"];
	/** Forwarded to `streamFn` (the provider's HTTP status and headers); read when a run starts. */
	onResponse: SimpleStreamOptions["onResponse"];
	/** Receives listener failures. Default: `console.error`. */
	onListenerError: ListenerErrorHandler;

	private readonly store: AgentStateStore;
	private readonly dispatcher = new EventDispatcher(
		() => this.onListenerError,
		(event) => this.store.applyEvent(event),
	);
	private readonly steering: MessageQueue;
	private readonly followUps: MessageQueue;
	private activeRun: ActiveRun | undefined;

	constructor(options: AgentOptions) {
		this.store = new AgentStateStore(options.initialState);
		this.state = this.store;
		this.streamFn = options.streamFn;
		this.convertToLlm = options.convertToLlm ?? defaultConvertToLlm;
		this.transformContext = options.transformContext;
		this.transformRequestContext = options.transformRequestContext;
		this.prepareNextTurn = options.prepareNextTurn;
		this.getApiKey = options.getApiKey;
		this.toolExecution = options.toolExecution ?? "parallel";
		this.beforeToolCall = options.beforeToolCall;
		this.afterToolCall = options.afterToolCall;
		Object.assign(this, pickForwardedStreamOptions(options));
		this.onListenerError =
			options.onListenerError ?? ((error, event) => console.error(`Agent listener failed on ${event.type}:`, error));
		this.steering = new MessageQueue(options.steeringMode ?? "one-at-a-time");
		this.followUps = new MessageQueue(options.followUpMode ?? "one-at-a-time");
	}

	/** How many steering messages each poll releases. Default "one-at-a-time". */
	get steeringMode(): QueueMode {
		return this.steering.mode;
	}

	set steeringMode(mode: QueueMode) {
		this.steering.mode = mode;
	}

	/** How many follow-up messages each poll releases. Default "one-at-a-time". */
	get followUpMode(): QueueMode {
		return this.followUps.mode;
	}

	set followUpMode(mode: QueueMode) {
		this.followUps.mode = mode;
	}

	/** The queued steering messages, oldest first (a copy). */
	get steeringQueue(): readonly AgentMessage[] {
		return this.steering.snapshot();
	}

	/** The queued follow-up messages, oldest first (a copy). */
	get followUpQueue(): readonly AgentMessage[] {
		return this.followUps.snapshot();
	}

	/**
	 * Runs with a new user prompt: a text (wrapped into a user message with optional images) or
	 * one or more messages. Resolves when the run has settled; rejects only, before any event,
	 * when a run is in progress or no model is set.
	 */
	prompt(text: string, images?: ImageContent[]): Promise<void>;
	prompt(messages: AgentMessage | AgentMessage[]): Promise<void>;
	async prompt(input: string | AgentMessage | AgentMessage[], images: ImageContent[] = []): Promise<void> {
		const model = this.assertCanStart();
		const prompts: AgentMessage[] =
			typeof input === "string"
				? [{ role: "user", content: [{ type: "text", text: input }, ...images], timestamp: Date.now() }]
				: Array.isArray(input)
					? [...input]
					: [input];
		return this.startRun(model, prompts, false);
	}

	/**
	 * Runs without a new prompt. After an assistant reply it first takes queued steering (then
	 * follow-ups) as the prompt; with neither it rejects `Cannot continue from message role:
	 * assistant`. Rejects `No messages to continue from` on an empty history.
	 */
	async continue(): Promise<void> {
		const model = this.assertCanStart();
		const last = this.store.messages[this.store.messages.length - 1];
		if (last?.role === "assistant") {
			const steering = this.steering.poll();
			if (steering.length > 0) return this.startRun(model, steering, true);
			const followUps = this.followUps.poll();
			if (followUps.length > 0) return this.startRun(model, followUps, false);
		}
		assertCanContinue(this.store.messages);
		return this.startRun(model, [], false);
	}

	/** Queues a message injected after the current turn's tool batch, before the next LLM call. */
	steer(message: AgentMessage): void {
		this.steering.enqueue(message);
	}

	/** Queues a message injected only when the agent would otherwise stop. */
	followUp(message: AgentMessage): void {
		this.followUps.enqueue(message);
	}

	/** Empties the steering queue; returns what it held. */
	clearSteeringQueue(): AgentMessage[] {
		return this.steering.clear();
	}

	/** Empties the follow-up queue; returns what it held. */
	clearFollowUpQueue(): AgentMessage[] {
		return this.followUps.clear();
	}

	/** Empties both queues; returns what they held. */
	clearAllQueues(): { steering: AgentMessage[]; followUp: AgentMessage[] } {
		return { steering: this.steering.clear(), followUp: this.followUps.clear() };
	}

	/** True when either queue holds a message. */
	hasQueuedMessages(): boolean {
		return this.steering.length > 0 || this.followUps.length > 0;
	}

	/** Aborts the current run (stream and tools); it ends with an "aborted" reply. Queues are kept. No-op when idle. */
	abort(): void {
		this.activeRun?.controller.abort();
	}

	/** Resolves when the current run has fully settled, including `agent_end` listeners; at once when idle. */
	waitForIdle(): Promise<void> {
		// prompt()/continue() report a failure of the run itself; waiting for idle never rejects.
		return this.activeRun?.settled.catch(() => undefined) ?? Promise.resolve();
	}

	/** Clears messages, queues, error and streaming state. Throws while a run is in progress. */
	reset(): void {
		if (this.activeRun) throw new Error("Cannot reset the agent while it is running");
		this.store.reset();
		this.steering.clear();
		this.followUps.clear();
	}

	/** Adds a listener (§3.3); returns a function that removes it. */
	subscribe(listener: AgentListener): () => void {
		return this.dispatcher.subscribe(listener);
	}

	private assertCanStart(): Model {
		if (this.activeRun) throw new Error(ALREADY_PROCESSING);
		const model = this.store.model;
		if (!model) throw new Error("No model set: assign agent.state.model before prompting");
		return model;
	}

	private startRun(model: Model, prompts: AgentMessage[], skipInitialSteeringPoll: boolean): Promise<void> {
		const controller = new AbortController();
		this.store.beginRun();
		const settled = this.executeRun(model, prompts, controller.signal, skipInitialSteeringPoll).finally(() => {
			this.store.endRun();
			this.activeRun = undefined;
		});
		this.activeRun = { controller, settled };
		return settled;
	}

	private async executeRun(
		model: Model,
		prompts: AgentMessage[],
		signal: AbortSignal,
		skipInitialSteeringPoll: boolean,
	): Promise<void> {
		const context = { systemPrompt: this.store.systemPrompt, messages: this.store.messages, tools: this.store.tools };
		let lastModel = model;
		const readTurnSettings = (): TurnSettings => {
			lastModel = this.store.model ?? lastModel;
			const level = this.store.thinkingLevel;
			return {
				systemPrompt: this.store.systemPrompt,
				tools: this.store.tools,
				model: lastModel,
				reasoning: level === "off" ? undefined : level,
			};
		};
		await runAgentLoop(prompts, context, this.buildLoopConfig(model), {
			emit: (event) => this.dispatcher.dispatch(event, signal),
			signal,
			streamFn: this.streamFn,
			readTurnSettings,
			skipInitialSteeringPoll,
		});
	}

	private buildLoopConfig(model: Model): AgentLoopConfig {
		// Callbacks and hooks are read when called, so assignments during a run take effect at once.
		const config: AgentLoopConfig = {
			model,
			convertToLlm: (messages) => this.convertToLlm(messages),
			transformContext: async (messages, signal) =>
				this.transformContext ? await this.transformContext(messages, signal) : messages,
			transformRequestContext: async (request, signal) =>
				this.transformRequestContext ? await this.transformRequestContext(request, signal) : request,
			getApiKey: (provider) => this.getApiKey?.(provider),
			beforeToolCall: (context, signal) => this.beforeToolCall?.(context, signal),
			afterToolCall: (context, signal) => this.afterToolCall?.(context, signal),
			getSteeringMessages: () => this.steering.poll(),
			getFollowUpMessages: () => this.followUps.poll(),
			prepareNextTurn: async (signal) => {
				const prepare = this.prepareNextTurn;
				return prepare ? this.store.betweenTurnsOf(() => prepare(signal)) : undefined;
			},
			toolExecution: this.toolExecution,
			...pickForwardedStreamOptions(this),
		};
		return config;
	}
}
