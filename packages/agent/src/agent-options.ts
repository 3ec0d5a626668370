import type { SimpleStreamOptions } from "@pi/ai";
import type { AgentInitialState } from "./agent-state.js";
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
} from "./types.js";

/**
 * Receives every event of a run. Listeners run in registration order, one after another; the
 * loop waits until all have settled before producing the next event (backpressure). `signal` is
 * the run's abort signal. A throw or rejection goes to `onListenerError`; the run goes on.
 */
export type AgentListener = (event: AgentEvent, signal: AbortSignal) => void | Promise<void>;

/** Receives a listener's error and the event it failed on. Default: `console.error`. */
export type ListenerErrorHandler = (error: unknown, event: AgentEvent) => void;

/** Options of `new Agent(...)` (agent-core.md §4.1). All but `streamFn` are also public properties. */
export interface AgentOptions {
	/** Starting state; every field optional (thinking level defaults to "off"). */
	initialState?: AgentInitialState;
	/** Required: how to reach the model, typically `models.streamSimple`. */
	streamFn: StreamFn;
	/** Default: keep only `user`, `assistant` and `toolResult` messages. */
	convertToLlm?: ConvertToLlm;
	transformContext?: TransformContext;
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
	sessionId?: string;
	thinkingBudgets?: SimpleStreamOptions["thinkingBudgets"];
	transport?: SimpleStreamOptions["transport"];
	/** Longest server-requested retry wait, ms (ai default 60000; 0 = no cap). */
	maxRetryDelayMs?: number;
	onPayload?: SimpleStreamOptions["onPayload"];
	/** Default: `console.error`. */
	onListenerError?: ListenerErrorHandler;
}
