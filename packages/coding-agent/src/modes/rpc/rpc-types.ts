// The RPC protocol's TypeScript types (rpc.md §4–§13). Command types come from the TypeBox
// schemas the server validates with; response data and events use the in-process types, and
// the tests check every record of real traffic against the published schema built from the
// same definitions.
import type { AgentMessage, ThinkingLevel } from "@pi/agent-core";
import type { Model } from "@pi/ai";
import type {
	CompactionResult,
	PromptDisposition,
	QueuedInputDisposition,
} from "../../core/agent-session/agent-session-events.js";
import type { BashResult } from "../../core/agent-session/session-bash.js";
import type { SessionStats } from "../../core/agent-session/session-stats.js";
import type { SlashCommandInfo } from "../../core/extensions/extension-api.js";
import type { McpServerStatus } from "../../core/extensions/mcp-server-registry.js";
import type { SessionEntry, SessionTreeNode } from "../../core/session/session-types.js";
import type { JsonEvent } from "../json-event.js";
import type { RpcCommandType } from "./rpc-command-schemas.js";

export type { RpcCommand, RpcCommandOf, RpcCommandType } from "./rpc-command-schemas.js";

/** `get_state` data (rpc.md §9.2.1). `model` is absent when no model is selected. */
export interface RpcSessionState {
	model?: Model;
	thinkingLevel: ThinkingLevel;
	isStreaming: boolean;
	isCompacting: boolean;
	steeringMode: "all" | "one-at-a-time";
	followUpMode: "all" | "one-at-a-time";
	sessionFile?: string;
	sessionId: string;
	sessionName?: string;
	autoCompactionEnabled: boolean;
	messageCount: number;
	pendingMessageCount: number;
	/** MCP servers and their states; absent when none is configured (or MCP is off). */
	mcpServers?: McpServerStatus[];
}

/** One `get_commands` entry (rpc.md §9.10.1): what `pi.getCommands()` gives extensions. */
export type RpcSlashCommand = SlashCommandInfo;

/** The `data` of each command's success response (`undefined`: the response has no `data`). */
export interface RpcResponseDataMap {
	prompt: { disposition: PromptDisposition };
	steer: { disposition: QueuedInputDisposition };
	follow_up: { disposition: QueuedInputDisposition };
	abort: undefined;
	clear_queue: { steering: string[]; followUp: string[] };
	new_session: { cancelled: boolean };
	get_state: RpcSessionState;
	get_messages: { messages: AgentMessage[] };
	set_model: Model;
	cycle_model: { model: Model; thinkingLevel: ThinkingLevel; isScoped: boolean } | null;
	get_available_models: { models: Model[] };
	set_thinking_level: undefined;
	cycle_thinking_level: { level: ThinkingLevel } | null;
	get_available_thinking_levels: { levels: ThinkingLevel[] };
	set_steering_mode: undefined;
	set_follow_up_mode: undefined;
	compact: CompactionResult;
	set_auto_compaction: undefined;
	set_auto_retry: undefined;
	abort_retry: undefined;
	bash: BashResult;
	abort_bash: undefined;
	get_session_stats: SessionStats;
	export_html: { path: string };
	switch_session: { cancelled: boolean };
	fork: { text: string; cancelled: boolean };
	clone: { cancelled: boolean };
	get_fork_messages: { messages: { entryId: string; text: string }[] };
	get_entries: { entries: SessionEntry[]; leafId: string | null };
	get_tree: { tree: SessionTreeNode[]; leafId: string | null };
	get_last_assistant_text: { text: string | null };
	set_session_name: undefined;
	get_commands: { commands: RpcSlashCommand[] };
	navigate_tree: { cancelled: boolean; editorText?: string; leafId: string | null };
	set_label: undefined;
	get_login_providers: { providers: RpcLoginProvider[] };
	login_start: { loginId: string };
	login_input: undefined;
	login_cancel: undefined;
	logout: { removed: boolean };
}

/** A provider with a subscription sign-in (`get_login_providers`); the first method is the default. */
export interface RpcLoginProvider {
	id: string;
	name: string;
	methods: ("browser" | "paste" | "device_code")[];
}

/**
 * The sign-in events (docs/rpc.md "Sign-in"), each naming its `loginId`: `login_url` or
 * `login_device_code` (what to show the user), `login_input_wanted` (a pasted answer may be sent
 * with `login_input`), `login_progress`, and last exactly one `login_end`.
 */
export type RpcLoginEvent =
	| { type: "login_url"; loginId: string; provider: string; url: string; instructions: string }
	| {
			type: "login_device_code";
			loginId: string;
			provider: string;
			userCode: string;
			verificationUri: string;
			expiresInSeconds: number;
	  }
	| { type: "login_input_wanted"; loginId: string; provider: string; prompt: string }
	| { type: "login_progress"; loginId: string; provider: string; message: string }
	| { type: "login_end"; loginId: string; provider: string; success: boolean; error?: string; model?: Model };

// Compile-time check that the data map covers exactly the command types.
type _DataMapCoversCommands = [RpcCommandType] extends [keyof RpcResponseDataMap]
	? [keyof RpcResponseDataMap] extends [RpcCommandType]
		? true
		: never
	: never;
const _dataMapCoversCommands: _DataMapCoversCommands = true;
void _dataMapCoversCommands;

/** A success response of command `K`. Key order on the wire: id, type, command, success, data. */
export type RpcSuccessResponse<K extends RpcCommandType = RpcCommandType> = {
	[C in K]: RpcResponseDataMap[C] extends undefined
		? { id?: unknown; type: "response"; command: C; success: true }
		: { id?: unknown; type: "response"; command: C; success: true; data: RpcResponseDataMap[C] };
}[K];

/** A failure: rejected or failed command, unknown command, or a parse error (`command: "parse"`, no id). */
export interface RpcErrorResponse {
	id?: unknown;
	type: "response";
	command: string;
	success: false;
	error: string;
}

/** Every response record. */
export type RpcResponse = RpcSuccessResponse | RpcErrorResponse;

/** An extension failure written as an event in RPC mode (rpc.md §10.13). */
export interface RpcExtensionErrorEvent {
	type: "extension_error";
	extensionPath: string;
	event: string;
	error: string;
}

/** The events of rpc.md §10 with the wire shape of `message_update`. */
export type JsonAgentSessionEvent = JsonEvent | RpcExtensionErrorEvent;

/** An extension UI request (rpc.md §11.3–11.4); dialogs are `select`, `confirm`, `input`, `editor`. */
export type RpcExtensionUIRequest =
	| { type: "extension_ui_request"; id: string; method: "select"; title: string; options: string[]; timeout?: number }
	| { type: "extension_ui_request"; id: string; method: "confirm"; title: string; message: string; timeout?: number }
	| { type: "extension_ui_request"; id: string; method: "input"; title: string; placeholder?: string; timeout?: number }
	| { type: "extension_ui_request"; id: string; method: "editor"; title: string; prefill?: string; timeout?: number }
	| {
			type: "extension_ui_request";
			id: string;
			method: "notify";
			message: string;
			notifyType?: "info" | "warning" | "error";
	  }
	| { type: "extension_ui_request"; id: string; method: "setStatus"; statusKey: string; statusText?: string }
	| {
			type: "extension_ui_request";
			id: string;
			method: "setWidget";
			widgetKey: string;
			widgetLines?: string[];
			widgetPlacement?: "aboveEditor" | "belowEditor";
	  }
	| { type: "extension_ui_request"; id: string; method: "setTitle"; title: string }
	| { type: "extension_ui_request"; id: string; method: "set_editor_text"; text: string };

/** The dialog methods, which expect one `extension_ui_response`. */
export const RPC_DIALOG_METHODS = ["select", "confirm", "input", "editor"] as const;

/** An answer to a dialog request (rpc.md §11.5). */
export type RpcExtensionUIResponse =
	| { type: "extension_ui_response"; id: string; value: string }
	| { type: "extension_ui_response"; id: string; confirmed: boolean }
	| { type: "extension_ui_response"; id: string; cancelled: true };

/** Every record the server writes to stdout. */
export type RpcOutputRecord = RpcResponse | JsonAgentSessionEvent | RpcExtensionUIRequest | RpcLoginEvent;
