export { Agent } from "./agent.js";
export { agentLoop, agentLoopContinue } from "./agent-loop.js";
export type { AgentListener, AgentOptions, ListenerErrorHandler } from "./agent-options.js";
export type { AgentInitialState, AgentState } from "./agent-state.js";
export { defaultConvertToLlm } from "./default-convert-to-llm.js";
export type { ForwardedStreamOptions } from "./forwarded-stream-options.js";
export type {
	AfterToolCallContext,
	AfterToolCallHook,
	AfterToolCallResult,
	AgentContext,
	AgentEvent,
	AgentLoopConfig,
	AgentMessage,
	AgentTool,
	AgentToolResult,
	AgentToolUpdateCallback,
	BeforeToolCallContext,
	BeforeToolCallHook,
	BeforeToolCallResult,
	ConvertToLlm,
	CustomAgentMessages,
	GetApiKey,
	PrepareNextTurn,
	QueuedMessagesSource,
	QueueMode,
	RequestContext,
	StreamFn,
	ThinkingLevel,
	ToolExecutionMode,
	TransformContext,
	TransformRequestContext,
} from "./types.js";
