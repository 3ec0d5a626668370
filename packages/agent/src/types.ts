import type {
	ThinkingLevel as AiThinkingLevel,
	AssistantMessage,
	AssistantMessageEvent,
	AssistantMessageEventStream,
	Context,
	ImageContent,
	Message,
	Model,
	SimpleStreamOptions,
	Static,
	TextContent,
	ThinkingLevelOrOff,
	ToolCall,
	ToolResultMessage,
	TSchema,
	Usage,
} from "@pi/ai";
import type { ForwardedStreamOptions } from "./forwarded-stream-options.js";

// ---------------------------------------------------------------------------
// Messages (agent-core.md §1)

/**
 * Extra message shapes an application adds by declaration merging. Each property's type is one
 * message shape with a distinct `role`; the property name is only a key.
 *
 * ```ts
 * declare module "@pi/agent-core" {
 *   interface CustomAgentMessages { note: { role: "note"; text: string; timestamp: number } }
 * }
 * ```
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by applications through declaration merging
export interface CustomAgentMessages {}

/**
 * What the agent stores and emits: the ai `Message` union plus every `CustomAgentMessages` shape.
 * Only at the LLM boundary are these converted to ai `Message`s (by `convertToLlm`).
 */
export type AgentMessage = Message | CustomAgentMessages[keyof CustomAgentMessages];

/**
 * Thinking level as agent-core, the coding agent, the SDK and RPC use it: `"off"` plus ai's levels
 * (agent-core.md §4.1). The union is ai's `ThinkingLevelOrOff`, named as the specs above ai name it.
 */
export type ThinkingLevel = ThinkingLevelOrOff;

/** How queued steering or follow-up messages are released at a poll point (agent-core.md §6). */
export type QueueMode = "one-at-a-time" | "all";

/** How the tool calls of one assistant message run (agent-core.md §5.4–§5.5). */
export type ToolExecutionMode = "parallel" | "sequential";

// ---------------------------------------------------------------------------
// Tools (agent-core.md §5.1)

/**
 * What a tool returns (or reports as a partial result through `onUpdate`).
 * A returned value is never an error: tools signal errors by throwing.
 */
export interface AgentToolResult<TDetails = unknown> {
	/** What the model sees. */
	content: (TextContent | ImageContent)[];
	/** What UIs and state see; never sent to the model. */
	details?: TDetails;
	/** LLM usage of nested calls made by the tool; copied to the ToolResultMessage. */
	usage?: Usage;
	/**
	 * The result as data, for programmatic callers (other tools, codemode scripts); the model
	 * still sees `content`. Set by tools that declare an output schema. Never sent to the model.
	 */
	structuredContent?: unknown;
	/**
	 * Marks the result as a failure the model should see as one, while it keeps its content and
	 * details (throwing gives only the error text). Default: false.
	 */
	isError?: boolean;
	/**
	 * When every result of a batch sets this, the loop makes no follow-up LLM call for the batch and
	 * proceeds as if the model had stopped; after an abort it still makes that call, so the run ends
	 * with an "aborted" reply. Runtime only: never stored in messages.
	 */
	terminate?: boolean;
}

/** Receives a tool's cumulative partial result (not a delta). */
export type AgentToolUpdateCallback<TDetails = unknown> = (partialResult: AgentToolResult<TDetails>) => void;

/**
 * A tool the agent can run. `parameters` is a TypeBox schema; the loop validates the model's
 * arguments against it before `execute` sees them.
 */
export interface AgentTool<TParams extends TSchema = TSchema, TDetails = unknown> {
	/** Name the model calls the tool by. */
	name: string;
	/** Human label for UIs. */
	label: string;
	/** Sent to the model. */
	description: string;
	parameters: TParams;
	/** `"sequential"` forces the whole batch containing a call to this tool to run sequentially. */
	executionMode?: ToolExecutionMode;
	/** Normalises legacy or loose arguments before validation. Must not throw for valid input. */
	prepareArguments?: (rawArguments: Record<string, unknown>) => Record<string, unknown>;
	/** Schema of the `structuredContent` results carry, for tools that return data. */
	outputSchema?: TSchema;
	/**
	 * Runs the tool with validated arguments. Throw to report an error: the message becomes an
	 * `isError` result the model sees. Honour `signal` (it is the run's abort signal). Calls to
	 * `onUpdate` after the returned promise settles are ignored.
	 */
	execute(
		toolCallId: string,
		params: Static<TParams>,
		signal: AbortSignal | undefined,
		onUpdate?: AgentToolUpdateCallback<TDetails>,
	): Promise<AgentToolResult<TDetails>>;
}

// ---------------------------------------------------------------------------
// Context and hooks

/** What the loop works on. The loop copies `messages` and never mutates the caller's array. */
export interface AgentContext {
	systemPrompt: string;
	messages: AgentMessage[];
	tools: AgentTool[];
}

/** Argument of `beforeToolCall`. */
export interface BeforeToolCallContext {
	/** The assistant message that requested the call (already emitted with `message_end`). */
	assistantMessage: AssistantMessage;
	toolCall: ToolCall;
	/** Validated arguments. Mutating them in place rewrites what `execute` receives (no re-validation). */
	args: Record<string, unknown>;
	/** The loop's current context (read-only by contract). */
	context: AgentContext;
}

/** What `beforeToolCall` may return; `undefined` lets the call run. */
export interface BeforeToolCallResult {
	/** Blocks the call: it gets an error result with `reason` (default `Tool execution was blocked`). */
	block?: boolean;
	reason?: string;
	/** Marks the blocked result as terminating (§5.7). */
	terminate?: boolean;
}

/**
 * Runs after validation, before `execute`. A hook that throws blocks the call with the thrown
 * message as its error result (fail-safe).
 */
export type BeforeToolCallHook = (
	context: BeforeToolCallContext,
	signal: AbortSignal | undefined,
) => BeforeToolCallResult | undefined | Promise<BeforeToolCallResult | undefined>;

/** Argument of `afterToolCall`. */
export interface AfterToolCallContext extends BeforeToolCallContext {
	result: AgentToolResult;
	isError: boolean;
}

/** Partial override from `afterToolCall`: given fields replace the result's, omitted ones stay (no deep merge). */
export interface AfterToolCallResult {
	content?: (TextContent | ImageContent)[];
	details?: unknown;
	isError?: boolean;
	usage?: Usage;
	terminate?: boolean;
}

/** Runs after `execute` settles. A hook that throws turns the result into an error result with its message. */
export type AfterToolCallHook = (
	context: AfterToolCallContext,
	signal: AbortSignal | undefined,
) => AfterToolCallResult | undefined | Promise<AfterToolCallResult | undefined>;

// ---------------------------------------------------------------------------
// Events (agent-core.md §3)

/**
 * Everything the loop reports, in this order for a run:
 * `agent_start`, then per turn `turn_start`, `message_start`/`message_end` per injected message,
 * the assistant's `message_start`, `message_update`*, `message_end`, the tool phase
 * (`tool_execution_start`, `tool_execution_update`*, `tool_execution_end`, toolResult
 * `message_start`/`message_end`), `turn_end`; finally exactly one `agent_end`, always last.
 */
export type AgentEvent =
	| { type: "agent_start" }
	| { type: "agent_end"; messages: AgentMessage[] }
	| { type: "turn_start" }
	| { type: "turn_end"; message: AssistantMessage; toolResults: ToolResultMessage[] }
	| { type: "message_start"; message: AgentMessage }
	| { type: "message_update"; message: AssistantMessage; assistantMessageEvent: AssistantMessageEvent }
	| { type: "message_end"; message: AgentMessage }
	| {
			type: "tool_execution_start";
			toolCallId: string;
			toolName: string;
			args: Record<string, unknown>;
			/** Set on calls a tool made through another tool (nested calls); the caller's call id. */
			parentToolCallId?: string;
	  }
	| {
			type: "tool_execution_update";
			toolCallId: string;
			toolName: string;
			args: Record<string, unknown>;
			partialResult: AgentToolResult;
			parentToolCallId?: string;
	  }
	| {
			type: "tool_execution_end";
			toolCallId: string;
			toolName: string;
			result: AgentToolResult;
			isError: boolean;
			/** Wall time from the start of preflight to the end of finalisation, ms. */
			durationMs: number;
			parentToolCallId?: string;
	  };

// ---------------------------------------------------------------------------
// The loop (agent-core.md §2, §8)

/**
 * Same signature as ai `streamSimple`; may return the stream or a promise of it. Contract: it
 * must not throw or reject for request failures (missing key, HTTP error, abort…); those arrive
 * as a terminal `error` event whose message has stopReason "error" or "aborted".
 */
export type StreamFn = (
	model: Model,
	context: Context,
	options?: SimpleStreamOptions,
) => AssistantMessageEventStream | Promise<AssistantMessageEventStream>;

/** Maps agent messages to LLM messages; drops UI-only ones. May be async. */
export type ConvertToLlm = (messages: AgentMessage[]) => Message[] | Promise<Message[]>;

/** Prunes or injects messages before every LLM call. Must return a new array, not mutate its input. */
export type TransformContext = (messages: AgentMessage[], signal?: AbortSignal) => Promise<AgentMessage[]>;

/** What one LLM request is built from before `convertToLlm`: the system prompt and the messages. */
export interface RequestContext {
	systemPrompt: string;
	messages: AgentMessage[];
}

/**
 * The last say over one LLM request's system prompt and messages, after `transformContext`
 * (its output is the input). Must return new arrays, not mutate its input.
 */
export type TransformRequestContext = (context: RequestContext, signal?: AbortSignal) => Promise<RequestContext>;

/** Resolves an API key per LLM request (so expiring tokens refresh); `undefined` falls back to `apiKey`. */
export type GetApiKey = (provider: string) => Promise<string | undefined> | string | undefined;

/** See `AgentLoopConfig.prepareNextTurn`. */
export type PrepareNextTurn = (signal?: AbortSignal) => Promise<AgentMessage[] | undefined>;

/** Returns the messages to inject now (already removed from their queue); `[]` for none. */
export type QueuedMessagesSource = () => AgentMessage[] | Promise<AgentMessage[]>;

/** Configuration of the low-level loop (`agentLoop`, `agentLoopContinue`). */
export interface AgentLoopConfig extends ForwardedStreamOptions {
	model: Model;
	/** Thinking level sent as `reasoning`; omitted = no thinking. */
	reasoning?: AiThinkingLevel;
	convertToLlm: ConvertToLlm;
	transformContext?: TransformContext;
	/** See `TransformRequestContext`; runs after `transformContext`. */
	transformRequestContext?: TransformRequestContext;
	/** Called before every LLM request; its value wins over `apiKey`. */
	getApiKey?: GetApiKey;
	/** Static key used when `getApiKey` is absent or returns nothing. */
	apiKey?: string;
	/** Steering poll: at the start of a run and after every normally completed turn. */
	getSteeringMessages?: QueuedMessagesSource;
	/** Follow-up poll: only when the loop would otherwise stop. */
	getFollowUpMessages?: QueuedMessagesSource;
	/**
	 * Between two turns of one run (tool results appended, before the steering poll and the next
	 * reply): may return the whole context to continue with (e.g. after a compaction); undefined
	 * keeps it. Not called when the run ends after the turn.
	 */
	prepareNextTurn?: PrepareNextTurn;
	/** Default "parallel". */
	toolExecution?: ToolExecutionMode;
	beforeToolCall?: BeforeToolCallHook;
	afterToolCall?: AfterToolCallHook;
}
