import type { AgentInitialState } from "./agent-state.js";
import type { ForwardedStreamOptions } from "./forwarded-stream-options.js";
import type {
	AfterToolCallHook,
	AgentEvent,
	BeforeToolCallHook,
	ConvertToLlm,
	GetApiKey,
	QueueMode,
	StreamFn,
	ToolExecutionMode,
	TransformContext,
	TransformRequestContext,
} from "./types.js";

/**
 * Receives every event of a run. Listeners run in registration order, one after another; the
 * loop waits until all have settled before producing the next event (backpressure). `signal` is
 * the run's abort signal. A throw or rejection goes to `onListenerError`; the run goes on.
 */
export type AgentListener = (event: AgentEvent, signal: AbortSignal) => void | Promise<void>;

/** Receives a listener's error and the event it failed on. Default: `console.error`. */
export type ListenerErrorHandler = (error: unknown, event: AgentEvent) => void;

/**
 * Options of `new Agent(...)` (agent-core.md §4.1). All but `streamFn` are also public properties.
 * `sessionId`, `thinkingBudgets`, `transport`, `maxRetryDelayMs` (longest server-requested retry
 * wait, ms; ai default 60000, 0 = no cap) `onPayload`, `transformHeaders` and `onResponse` are forwarded to every `streamFn` call.
 */
export interface AgentOptions extends ForwardedStreamOptions {
	/** Starting state; every field optional (thinking level defaults to "off"). */
	initialState?: AgentInitialState;
	/** Required: how to reach the model, typically `models.streamSimple`. */
	streamFn: StreamFn;
	/** Default: keep only `user`, `assistant` and `toolResult` messages. */
	convertToLlm?: ConvertToLlm;
	transformContext?: TransformContext;
	/** See `Agent.transformRequestContext`. */
	transformRequestContext?: TransformRequestContext;
	/** See `Agent.prepareNextTurn`. */
	prepareNextTurn?: (signal?: AbortSignal) => Promise<void>;
	/** Called before every LLM request; a value wins over any static key. */
	getApiKey?: GetApiKey;
	/** Default "one-at-a-time". */
	steeringMode?: QueueMode;
	/** Default "one-at-a-time". */
	followUpMode?: QueueMode;
	/** Default "parallel". */
	toolExecution?: ToolExecutionMode;
	beforeToolCall?: BeforeToolCallHook;
	afterToolCall?: AfterToolCallHook;
	/** Default: `console.error`. */
	onListenerError?: ListenerErrorHandler;
}
