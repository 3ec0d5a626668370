import type { AgentMessage } from "@pi/agent-core";
import type { ImageContent } from "@pi/ai";
import type { BoundaryDecision, BoundaryPreviewer } from "./boundary-dispatch.js";
import type { AgentActivityOutcome } from "./boundary-events.js";
import type { ExtensionBindings, ExtensionErrorReport } from "./extension-bindings.js";
import type {
	AgentStartTrigger,
	InputSource,
	McpServersChangeEvent,
	ModelSelectEvent,
	SessionBeforeCompactEvent,
	SessionBeforeCompactResult,
	SessionBeforeTreeResult,
	SessionCompactEvent,
	SessionCompactFailedEvent,
	SessionInfoChangedEvent,
	SessionShutdownReason,
	SessionTreeEvent,
	ThinkingLevelSelectEvent,
	UserBashEvent,
	UserBashResult,
} from "./extension-events.js";
import type { EntryRenderer, MarkdownTransformer, MessageRenderer, ToolRenderers } from "./extension-renderers.js";
import type { McpServerStatus } from "./mcp-server-registry.js";

/** A slash command registered by an extension. Runs immediately, even while streaming. */
export interface ExtensionCommand {
	/** The name it is invoked by: the registered name, or `name:1`, `name:2`… when several extensions register it. */
	name: string;
	/** The name the extension registered (differs from `name` when numbered). Default: `name`. */
	registeredName?: string;
	description?: string;
	/** Path (or inline name) of the extension that registered it. */
	extensionPath?: string;
	handler(args: string): Promise<void> | void;
}

/** What `input` handlers decided. */
export type InputEventResult =
	| { action: "continue" }
	| { action: "handled" }
	| { action: "transform"; text: string; images?: ImageContent[] };

/** A session replacement extensions may veto (`session_before_switch` / `session_before_fork`). */
export interface SessionBeforeChangeEvent {
	type: "session_before_switch" | "session_before_fork";
	reason: "new" | "resume" | "fork";
	targetSessionFile?: string;
	entryId?: string;
	/** Fork position (default "before"). */
	position?: "before" | "at";
}

export type { InputSource, SessionShutdownReason };

/**
 * The seam where the extension system plugs into AgentSession. Until extensions exist, the
 * no-op runner below is used: no commands, every input continues unchanged.
 */
export interface ExtensionRunnerSeam {
	getCommand(name: string): ExtensionCommand | undefined;
	getCommands(): ExtensionCommand[];
	hasInputHandlers(): boolean;
	emitInput(
		text: string,
		images: ImageContent[],
		source: InputSource,
		streamingBehavior?: "steer" | "followUp",
	): Promise<InputEventResult>;
	/** Lets extensions veto a session replacement. */
	emitSessionBeforeChange(event: SessionBeforeChangeEvent): Promise<{ cancel: boolean }>;
	emitSessionShutdown(reason: SessionShutdownReason, targetSessionFile?: string): Promise<void>;
	/**
	 * Applies a mode's bindings and emits the stored `session_start` (first call only). Called by
	 * `AgentSession.bindExtensions`.
	 */
	bind?(bindings: ExtensionBindings): Promise<void>;
	/**
	 * `before_agent_start` for an accepted prompt: may change this run's system prompt; returns
	 * the messages to inject right after the user's (extension messages and held `nextTurn` ones).
	 */
	emitBeforeAgentStart?(trigger: AgentStartTrigger): Promise<AgentMessage[]>;
	/** Registers an MCP server for this session (ACP's `mcpServers`); the MCP extension connects it. */
	registerMcpServer?(name: string, config: Readonly<Record<string, unknown>>, source: string): void;
	/** MCP server states reported by the MCP extension (RPC `get_state`). */
	getMcpServerStatuses?(): McpServerStatus[];
	/** Reports a session notification (`session_info_changed`, `model_select`, …). */
	emitNotification?(event: SessionNotification): Promise<void>;
	/** `session_before_compact`: the first cancel, or the first supplied compaction, wins. */
	emitSessionBeforeCompact?(request: BeforeCompactRequest): Promise<BeforeCompactDecision>;
	/** `session_before_tree` before a tree navigation (and its optional summary). */
	emitSessionBeforeTree?(preparation: unknown, signal: AbortSignal): Promise<BeforeTreeDecision>;
	/** `user_bash` before a user shell command: the first handler that answers decides how it runs. */
	emitUserBash?(event: Omit<UserBashEvent, "type">): Promise<UserBashResult | undefined>;
	/**
	 * `agent_before_settle` when nothing automatic remains in a run: the entries to append and
	 * whether to continue, as the handlers decided (none: nothing, no continuation).
	 */
	emitAgentBeforeSettle?(outcome: AgentActivityOutcome, preview: BoundaryPreviewer): Promise<BoundaryDecision>;
	/** Reports an extension failure the session found (as `extension_error`). */
	reportError?(report: ExtensionErrorReport): void;
	/** The renderer an extension registered for custom messages of `customType` (TUI). */
	getMessageRenderer?(customType: string): MessageRenderer | undefined;
	/** The renderer an extension registered for custom entries of `customType` (TUI). */
	getEntryRenderer?(customType: string): EntryRenderer | undefined;
	/** The renderers of tool `name`: resolvers in load order, then the tool definition's (TUI). */
	getToolRenderers?(name: string): ToolRenderers | undefined;
	/** Extensions' Markdown transformers in load order (TUI). */
	getMarkdownTransformers?(): MarkdownTransformer[];
}

/** Notifications the session reports to extensions (return values are ignored). */
export type SessionNotification =
	| SessionInfoChangedEvent
	| McpServersChangeEvent
	| ModelSelectEvent
	| ThinkingLevelSelectEvent
	| SessionCompactEvent
	| SessionCompactFailedEvent
	| SessionTreeEvent;

/** What `session_before_tree` handlers decided (the first cancel or supplied content wins). */
export type BeforeTreeDecision = SessionBeforeTreeResult;

/** `session_before_compact` as the compactor asks it. */
export type BeforeCompactRequest = Omit<SessionBeforeCompactEvent, "type">;

/** What extensions decided before a compaction: cancel it, or supply its content. */
export type BeforeCompactDecision = SessionBeforeCompactResult;

/** The runner used when no extension is loaded. */
export const noopExtensionRunner: ExtensionRunnerSeam = {
	getCommand: () => undefined,
	getCommands: () => [],
	hasInputHandlers: () => false,
	emitInput: async () => ({ action: "continue" }),
	emitSessionBeforeChange: async () => ({ cancel: false }),
	emitSessionShutdown: async () => undefined,
};
