// The event reference of extensions.md §3.2: payloads and results, one variant per event.
import type { AgentMessage, AgentToolResult, ThinkingLevel } from "@pi/agent-core";
import type {
	AssistantMessage,
	AssistantMessageEvent,
	ImageContent,
	Model,
	ProviderHeaders,
	TextContent,
	Usage,
} from "@pi/ai";
import type { CompactionPreparation } from "../compaction/prepare-compaction.js";
import type { CustomMessage } from "../messages.js";
import type { CompactionEntry, SessionEntry } from "../session/session-types.js";
import type { BashOperations } from "../tools/bash-operations.js";
import type { AgentBeforeSettleEvent, AgentBeforeSettleResult } from "./boundary-events.js";

/** Where an input came from, as reported to extensions (extensions.md §3.2). */
export type InputSource = "interactive" | "rpc" | "extension";

/** Why a session shuts down (`session_shutdown`). */
export type SessionShutdownReason = "quit" | "new" | "resume" | "fork" | "reload";

export interface ProjectTrustEvent {
	type: "project_trust";
	cwd: string;
}
export interface ProjectTrustResult {
	trusted: "yes" | "no" | "undecided";
	/** Persist the decision in `<agentDir>/trust.json`. */
	remember?: boolean;
}

export interface SessionStartEventPayload {
	type: "session_start";
	reason: "startup" | "reload" | "new" | "resume" | "fork";
	previousSessionFile?: string;
}

export interface ResourcesDiscoverEvent {
	type: "resources_discover";
	cwd: string;
	reason: "startup" | "reload";
}
export interface ResourcesDiscoverResult {
	skillPaths?: string[];
	promptPaths?: string[];
	themePaths?: string[];
}

export interface SessionShutdownEvent {
	type: "session_shutdown";
	reason: SessionShutdownReason;
	targetSessionFile?: string;
}

/** The MCP servers registered for the session changed (`pi.registerMcpServer`, ACP). */
export interface McpServersChangeEvent {
	type: "mcp_servers_change";
}

/** The kinds of blocking dialog `ui_prompt_start` / `ui_prompt_end` report. */
export type UIPromptKind = "select" | "confirm" | "input" | "editor" | "custom";
/** An extension's dialog started waiting for the user (`ctx.ui.select`, `confirm`, `input`, `editor`, `custom`). */
export interface UIPromptStartEvent {
	type: "ui_prompt_start";
	reason: "ui_prompt";
	kind: UIPromptKind;
	title?: string;
}
/** The dialog that `ui_prompt_start` reported was answered, cancelled or timed out. */
export interface UIPromptEndEvent {
	type: "ui_prompt_end";
	reason: "ui_prompt";
	kind: UIPromptKind;
	title?: string;
}

export interface SessionInfoChangedEvent {
	type: "session_info_changed";
	name?: string;
}

export interface SessionBeforeSwitchEvent {
	type: "session_before_switch";
	reason: "new" | "resume";
	targetSessionFile?: string;
}
export interface SessionBeforeForkEvent {
	type: "session_before_fork";
	entryId: string;
	position: "before" | "at";
}
export interface SessionBeforeChangeResult {
	cancel?: boolean;
	skipConversationRestore?: boolean;
}

export interface SessionBeforeCompactEvent {
	type: "session_before_compact";
	preparation: CompactionPreparation;
	branchEntries: SessionEntry[];
	customInstructions?: string;
	reason: "manual" | "threshold" | "overflow";
	willRetry: boolean;
	signal: AbortSignal;
}
export interface SessionBeforeCompactResult {
	cancel?: boolean;
	compaction?: { summary: string; firstKeptEntryId: string; tokensBefore: number; details?: unknown; usage?: Usage };
}
export interface SessionCompactEvent {
	type: "session_compact";
	compactionEntry: CompactionEntry;
	fromExtension: boolean;
	reason: "manual" | "threshold" | "overflow";
	willRetry: boolean;
}
export interface SessionCompactFailedEvent {
	type: "session_compact_failed";
	reason: "manual" | "threshold" | "overflow";
	errorMessage?: string;
	aborted: boolean;
	willRetry: boolean;
	fromExtension: boolean;
}

export interface SessionBeforeTreeEvent {
	type: "session_before_tree";
	preparation: unknown;
	signal: AbortSignal;
}
export interface SessionBeforeTreeResult {
	cancel?: boolean;
	summary?: string;
	customInstructions?: string;
	replaceInstructions?: boolean;
	label?: string;
}
export interface SessionTreeEvent {
	type: "session_tree";
	newLeafId: string | null;
	oldLeafId: string | null;
	summaryEntry?: SessionEntry;
	fromExtension: boolean;
}

export interface InputEvent {
	type: "input";
	text: string;
	images?: ImageContent[];
	source: InputSource;
	streamingBehavior?: "steer" | "followUp";
}
export type InputResult =
	| { action: "continue" }
	| { action: "transform"; text: string; images?: ImageContent[] }
	| { action: "handled" };

/** The pieces the system prompt is built from (read-only for handlers). */
export interface SystemPromptOptions {
	customPrompt?: string;
	selectedTools: string[];
	toolSnippets: Record<string, string>;
	promptGuidelines: string[];
	appendSystemPrompt?: string;
	cwd: string;
	contextFiles: { path: string; content: string }[];
	skills: { name: string; description: string; filePath: string }[];
	/**
	 * Named sections `before_agent_start` handlers add (or delete) by mutating this object; each
	 * is appended to the system prompt as `<name>\ncontent\n</name>`, in insertion order.
	 */
	sections: Record<string, string>;
}

interface BeforeAgentStartEventBase {
	type: "before_agent_start";
	/** The system prompt as chained so far. */
	systemPrompt: string;
	systemPromptOptions: SystemPromptOptions;
}
/** A run started by a prompt (interactive, RPC, `pi.sendUserMessage`). */
export interface BeforeAgentStartUserEvent extends BeforeAgentStartEventBase {
	messageType: "user";
	/** The prompt's text after template and skill expansion. */
	prompt: string;
	images?: ImageContent[];
}
/** A run started by `pi.sendMessage(…, { triggerTurn: true })` while idle. */
export interface BeforeAgentStartCustomEvent extends BeforeAgentStartEventBase {
	messageType: "custom";
	/** The custom message the run starts from. */
	message: CustomMessage;
}
/** `before_agent_start`: told apart by `messageType`, as in pi 1.4. */
export type BeforeAgentStartEvent = BeforeAgentStartUserEvent | BeforeAgentStartCustomEvent;
/** What started a run, as `before_agent_start` reports it. */
export type AgentStartTrigger =
	| { messageType: "user"; prompt: string; images: ImageContent[] }
	| { messageType: "custom"; message: CustomMessage };
/** A custom message an extension adds to the context. */
export interface CustomMessageInput<TDetails = unknown> {
	customType: string;
	content: string | (TextContent | ImageContent)[];
	display: boolean;
	details?: TDetails;
}
export interface BeforeAgentStartResult {
	message?: CustomMessageInput;
	systemPrompt?: string;
}

export interface AgentStartEvent {
	type: "agent_start";
}
export interface AgentEndEvent {
	type: "agent_end";
	messages: AgentMessage[];
}
export interface AgentSettledEvent {
	type: "agent_settled";
	/** The run ended because it was aborted (Escape, `ctx.abort()`, RPC `abort`). */
	aborted: boolean;
}
export interface TurnStartEvent {
	type: "turn_start";
	turnIndex: number;
	timestamp: number;
}
export interface TurnEndEvent {
	type: "turn_end";
	turnIndex: number;
	message: AgentMessage;
	toolResults: AgentMessage[];
}
export interface MessageStartEvent {
	type: "message_start";
	message: AgentMessage;
}
export interface MessageUpdateEvent {
	type: "message_update";
	message: AssistantMessage;
	assistantMessageEvent: AssistantMessageEvent;
}
export interface MessageEndEvent {
	type: "message_end";
	message: AgentMessage;
}
export interface ToolExecutionStartEvent {
	type: "tool_execution_start";
	toolCallId: string;
	toolName: string;
	args: Record<string, unknown>;
	/** Set on nested calls (`ctx.executeTool`): the calling tool's call id. */
	parentToolCallId?: string;
}
export interface ToolExecutionUpdateEvent {
	type: "tool_execution_update";
	toolCallId: string;
	toolName: string;
	args: Record<string, unknown>;
	partialResult: AgentToolResult;
	parentToolCallId?: string;
}
export interface ToolExecutionEndEvent {
	type: "tool_execution_end";
	toolCallId: string;
	toolName: string;
	result: AgentToolResult;
	isError: boolean;
	durationMs: number;
	parentToolCallId?: string;
}

export interface ContextEvent {
	type: "context";
	/** A deep copy of the messages about to be converted for the model. */
	messages: AgentMessage[];
}
export interface ContextResult {
	messages?: AgentMessage[];
}

/**
 * Before each model request, after every `context` handler: the whole request, its system prompt
 * as the leading `system` message. Handlers chain (each gets the previous one's messages); the
 * leading system message's text is the request's system prompt, so keep it at index 0.
 */
export interface ContextWithSystemEvent {
	type: "context_with_system";
	messages: ContextWithSystemMessage[];
}
export interface ContextWithSystemResult {
	messages?: ContextWithSystemMessage[];
}
/** The system prompt of one request, as `context_with_system` shows it. */
export interface SystemPromptMessage {
	role: "system";
	content: string;
	timestamp: number;
}
export type ContextWithSystemMessage = SystemPromptMessage | AgentMessage;

/**
 * Before each provider request: the request's headers (auth, the model's and the provider's
 * configured headers). Handlers change `headers` in place; a `null` value removes that header.
 * Return values are ignored.
 */
export interface BeforeProviderHeadersEvent {
	type: "before_provider_headers";
	headers: ProviderHeaders;
}

/** What a prompt-cache refresh would do ("warm": send it, "stop": stop refreshing). */
export type CacheWarmingAction = "warm" | "stop";
/**
 * pi 1.4 asks before each idle prompt-cache refresh. This runtime has no cache warming, so it is
 * never emitted; the type is here so 1.4 extensions that listen for it compile and load.
 */
export interface CacheWarmingDecisionEvent {
	type: "cache_warming_decision";
	warmCost: number;
	missCost: number;
	continuationProbability: number;
	action: CacheWarmingAction;
}
export interface CacheWarmingDecisionResult {
	action?: CacheWarmingAction;
}

export interface BeforeProviderRequestEvent {
	type: "before_provider_request";
	payload: unknown;
	model: Model;
}

export interface ToolCallEvent {
	type: "tool_call";
	toolName: string;
	toolCallId: string;
	/** Mutable: changes are what the tool receives (no re-validation). */
	input: Record<string, unknown>;
}
export interface ToolCallResult {
	block?: boolean;
	reason?: string;
	terminate?: boolean;
}

export interface ToolResultEvent {
	type: "tool_result";
	toolName: string;
	toolCallId: string;
	input: Record<string, unknown>;
	content: (TextContent | ImageContent)[];
	details: unknown;
	isError: boolean;
	usage?: Usage;
}
export interface ToolResultPatch {
	content?: (TextContent | ImageContent)[];
	details?: unknown;
	isError?: boolean;
	usage?: Usage;
}

export interface ModelSelectEvent {
	type: "model_select";
	model: Model;
	previousModel?: Model;
	source: "set" | "cycle" | "restore";
}
export interface ThinkingLevelSelectEvent {
	type: "thinking_level_select";
	level: ThinkingLevel;
	previousLevel: ThinkingLevel;
}

/** A shell command the user typed (`!cmd`, `!!cmd`, RPC `bash`), before it runs. */
export interface UserBashEvent {
	type: "user_bash";
	command: string;
	/** True for `!!cmd`: the output stays out of the model's context. */
	excludeFromContext: boolean;
	cwd: string;
}
/** Run the command through other `operations` (e.g. a remote shell), or supply its `result` outright. */
export type UserBashResult =
	| { operations: BashOperations; result?: never }
	| { operations?: never; result: UserBashOutcome };
/** The outcome of a user shell command (rpc.md §9.8.1 `BashResult`). */
export interface UserBashOutcome {
	output: string;
	exitCode?: number;
	cancelled: boolean;
	truncated: boolean;
	fullOutputPath?: string;
}

/** A message at its end; a handler may return a replacement (same role). */
export interface MessageEndResult {
	message?: AgentMessage;
}

/** The HTTP status and headers of a provider's response, before its body streams. */
export interface AfterProviderResponseEvent {
	type: "after_provider_response";
	status: number;
	headers: Record<string, string>;
}

/** One raw streaming event of the provider (what the vendor sent, parsed). */
export interface ProviderStreamEvent {
	type: "provider_stream_event";
	provider: string;
	api: string;
	model: string;
	data: unknown;
}

/** What a notification handler returns: nothing (return values are ignored). */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler with no return statement must type-check.
export type NoResult = void;

/** Every event by name, with what its handlers may return. */
export interface ExtensionEventMap {
	project_trust: { event: ProjectTrustEvent; result: ProjectTrustResult };
	session_start: { event: SessionStartEventPayload; result: NoResult };
	resources_discover: { event: ResourcesDiscoverEvent; result: ResourcesDiscoverResult };
	session_shutdown: { event: SessionShutdownEvent; result: NoResult };
	session_info_changed: { event: SessionInfoChangedEvent; result: NoResult };
	mcp_servers_change: { event: McpServersChangeEvent; result: NoResult };
	session_before_switch: { event: SessionBeforeSwitchEvent; result: SessionBeforeChangeResult };
	session_before_fork: { event: SessionBeforeForkEvent; result: SessionBeforeChangeResult };
	session_before_compact: { event: SessionBeforeCompactEvent; result: SessionBeforeCompactResult };
	session_compact: { event: SessionCompactEvent; result: NoResult };
	session_compact_failed: { event: SessionCompactFailedEvent; result: NoResult };
	session_before_tree: { event: SessionBeforeTreeEvent; result: SessionBeforeTreeResult };
	session_tree: { event: SessionTreeEvent; result: NoResult };
	input: { event: InputEvent; result: InputResult };
	before_agent_start: { event: BeforeAgentStartEvent; result: BeforeAgentStartResult };
	agent_start: { event: AgentStartEvent; result: NoResult };
	agent_end: { event: AgentEndEvent; result: NoResult };
	agent_settled: { event: AgentSettledEvent; result: NoResult };
	turn_start: { event: TurnStartEvent; result: NoResult };
	turn_end: { event: TurnEndEvent; result: NoResult };
	message_start: { event: MessageStartEvent; result: NoResult };
	message_update: { event: MessageUpdateEvent; result: NoResult };
	message_end: { event: MessageEndEvent; result: MessageEndResult };
	tool_execution_start: { event: ToolExecutionStartEvent; result: NoResult };
	tool_execution_update: { event: ToolExecutionUpdateEvent; result: NoResult };
	tool_execution_end: { event: ToolExecutionEndEvent; result: NoResult };
	context: { event: ContextEvent; result: ContextResult };
	before_provider_request: { event: BeforeProviderRequestEvent; result: object };
	tool_call: { event: ToolCallEvent; result: ToolCallResult };
	tool_result: { event: ToolResultEvent; result: ToolResultPatch };
	model_select: { event: ModelSelectEvent; result: NoResult };
	user_bash: { event: UserBashEvent; result: UserBashResult };
	after_provider_response: { event: AfterProviderResponseEvent; result: NoResult };
	provider_stream_event: { event: ProviderStreamEvent; result: NoResult };
	thinking_level_select: { event: ThinkingLevelSelectEvent; result: NoResult };
	ui_prompt_start: { event: UIPromptStartEvent; result: NoResult };
	ui_prompt_end: { event: UIPromptEndEvent; result: NoResult };
	before_provider_headers: { event: BeforeProviderHeadersEvent; result: NoResult };
	context_with_system: { event: ContextWithSystemEvent; result: ContextWithSystemResult };
	agent_before_settle: { event: AgentBeforeSettleEvent; result: AgentBeforeSettleResult };
	/** Never emitted here (see `CacheWarmingDecisionEvent`). */
	cache_warming_decision: { event: CacheWarmingDecisionEvent; result: CacheWarmingDecisionResult };
}

export type ExtensionEventName = keyof ExtensionEventMap;
