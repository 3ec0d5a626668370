// Schemas of everything the server writes (responses, events, extension UI requests) and of
// the extension UI answers it reads (rpc.md §8–§11, §13).
import { type TSchema, Type } from "@sinclair/typebox";
import type { JsonEvent } from "../json-event.js";
import { pascal, RPC_COMMAND_SCHEMAS, type RpcCommandType } from "./rpc-command-schemas.js";
import {
	AgentMessageSchema,
	AnyObject,
	CompactionResultSchema,
	def,
	ImageContentSchema,
	JsonValue,
	ModelSchema,
	QueueModeSchema,
	SessionEntrySchema,
	SessionTreeNodeSchema,
	TextContentSchema,
	ThinkingLevelSchema,
	ToolCallSchema,
	ToolResultMessageSchema,
	UsageSchema,
} from "./rpc-schema-defs.js";

const nullableString = Type.Union([Type.String(), Type.Null()]);
const cancelled = Type.Object({ cancelled: Type.Boolean() });

export const RpcSessionStateSchema = def(
	"RpcSessionState",
	Type.Object({
		model: Type.Optional(Type.Union([ModelSchema, Type.Null()])),
		thinkingLevel: ThinkingLevelSchema,
		isStreaming: Type.Boolean(),
		isCompacting: Type.Boolean(),
		steeringMode: QueueModeSchema,
		followUpMode: QueueModeSchema,
		sessionFile: Type.Optional(Type.String()),
		sessionId: Type.String(),
		sessionName: Type.Optional(Type.String()),
		autoCompactionEnabled: Type.Boolean(),
		messageCount: Type.Number(),
		pendingMessageCount: Type.Number(),
		mcpServers: Type.Optional(
			Type.Array(
				Type.Object({
					name: Type.String(),
					state: Type.Union(
						["connecting", "connected", "failed", "needs-auth", "disabled", "disconnected"].map((state) =>
							Type.Literal(state),
						),
					),
					tools: Type.Number(),
					scope: Type.Optional(Type.String()),
					error: Type.Optional(Type.String()),
				}),
			),
		),
	}),
);
export const BashResultSchema = def(
	"BashResult",
	Type.Object({
		output: Type.String(),
		exitCode: Type.Optional(Type.Number()),
		cancelled: Type.Boolean(),
		truncated: Type.Boolean(),
		fullOutputPath: Type.Optional(Type.String()),
	}),
);
export const SessionStatsSchema = def(
	"SessionStats",
	Type.Object({
		sessionFile: Type.Optional(Type.String()),
		sessionId: Type.String(),
		userMessages: Type.Number(),
		assistantMessages: Type.Number(),
		toolCalls: Type.Number(),
		toolResults: Type.Number(),
		totalMessages: Type.Number(),
		tokens: Type.Object({
			input: Type.Number(),
			output: Type.Number(),
			cacheRead: Type.Number(),
			cacheWrite: Type.Number(),
			total: Type.Number(),
		}),
		cost: Type.Number(),
		contextUsage: Type.Optional(
			Type.Object({
				tokens: Type.Union([Type.Number(), Type.Null()]),
				contextWindow: Type.Number(),
				percent: Type.Union([Type.Number(), Type.Null()]),
			}),
		),
	}),
);
export const RpcSlashCommandSchema = def(
	"RpcSlashCommand",
	Type.Object({
		name: Type.String(),
		description: Type.Optional(Type.String()),
		source: Type.Union([Type.Literal("extension"), Type.Literal("prompt"), Type.Literal("skill")]),
		location: Type.Optional(Type.Union([Type.Literal("user"), Type.Literal("project"), Type.Literal("path")])),
		path: Type.Optional(Type.String()),
	}),
);
const disposition = Type.Union([Type.Literal("started"), Type.Literal("queued"), Type.Literal("handled")]);
const queuedDisposition = Type.Union([Type.Literal("queued"), Type.Literal("handled")]);
const queues = Type.Object({ steering: Type.Array(Type.String()), followUp: Type.Array(Type.String()) });

const loginMethod = Type.Union([Type.Literal("browser"), Type.Literal("paste"), Type.Literal("device_code")]);

/** The `data` of each command's success response; `null` where the response has no `data`. */
export const RPC_RESPONSE_DATA_SCHEMAS: { [K in RpcCommandType]: TSchema | null } = {
	prompt: Type.Object({ disposition }),
	steer: Type.Object({ disposition: queuedDisposition }),
	follow_up: Type.Object({ disposition: queuedDisposition }),
	abort: null,
	clear_queue: queues,
	new_session: cancelled,
	get_state: RpcSessionStateSchema,
	get_messages: Type.Object({ messages: Type.Array(AgentMessageSchema) }),
	set_model: ModelSchema,
	cycle_model: Type.Union([
		Type.Object({ model: ModelSchema, thinkingLevel: ThinkingLevelSchema, isScoped: Type.Boolean() }),
		Type.Null(),
	]),
	get_available_models: Type.Object({ models: Type.Array(ModelSchema) }),
	set_thinking_level: null,
	cycle_thinking_level: Type.Union([Type.Object({ level: ThinkingLevelSchema }), Type.Null()]),
	get_available_thinking_levels: Type.Object({ levels: Type.Array(ThinkingLevelSchema) }),
	set_steering_mode: null,
	set_follow_up_mode: null,
	compact: CompactionResultSchema,
	set_auto_compaction: null,
	set_auto_retry: null,
	abort_retry: null,
	bash: BashResultSchema,
	abort_bash: null,
	get_session_stats: SessionStatsSchema,
	export_html: Type.Object({ path: Type.String() }),
	switch_session: cancelled,
	fork: Type.Object({ text: Type.String(), cancelled: Type.Boolean() }),
	clone: cancelled,
	get_fork_messages: Type.Object({
		messages: Type.Array(Type.Object({ entryId: Type.String(), text: Type.String() })),
	}),
	get_entries: Type.Object({ entries: Type.Array(SessionEntrySchema), leafId: nullableString }),
	get_tree: Type.Object({ tree: Type.Array(SessionTreeNodeSchema), leafId: nullableString }),
	get_last_assistant_text: Type.Object({ text: nullableString }),
	set_session_name: null,
	get_commands: Type.Object({ commands: Type.Array(RpcSlashCommandSchema) }),
	navigate_tree: Type.Object({
		cancelled: Type.Boolean(),
		editorText: Type.Optional(Type.String()),
		leafId: nullableString,
	}),
	set_label: null,
	get_login_providers: Type.Object({
		providers: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), methods: Type.Array(loginMethod) })),
	}),
	login_start: Type.Object({ loginId: Type.String() }),
	login_input: null,
	login_cancel: null,
	logout: Type.Object({ removed: Type.Boolean() }),
};

/** Success responses, one per command. */
export const RPC_SUCCESS_RESPONSE_SCHEMAS = Object.fromEntries(
	Object.entries(RPC_RESPONSE_DATA_SCHEMAS).map(([type, data]) => {
		const base = {
			id: Type.Optional(JsonValue),
			type: Type.Literal("response"),
			command: Type.Literal(type),
			success: Type.Literal(true),
		};
		const schema = Type.Object(data ? { ...base, data } : base, data ? {} : { not: { required: ["data"] } });
		return [type, def(`${pascal(type)}Response`, schema)];
	}),
) as unknown as Record<RpcCommandType, TSchema>;

/** Any failure: a rejected or failed command, a parse error (`command: "parse"`, no id), an unknown command. */
export const RpcErrorResponseSchema = def(
	"RpcErrorResponse",
	Type.Object({
		id: Type.Optional(JsonValue),
		type: Type.Literal("response"),
		command: Type.String(),
		success: Type.Literal(false),
		error: Type.String(),
	}),
);
export const RpcResponseSchema = def(
	"RpcResponse",
	Type.Union([...Object.values(RPC_SUCCESS_RESPONSE_SCHEMAS), RpcErrorResponseSchema]),
);

const contentIndex = Type.Number();
export const JsonAssistantMessageEventSchema = def(
	"JsonAssistantMessageEvent",
	Type.Union([
		Type.Object({ type: Type.Literal("text_start"), contentIndex }),
		Type.Object({ type: Type.Literal("text_delta"), contentIndex, delta: Type.String() }),
		Type.Object({ type: Type.Literal("text_end"), contentIndex, content: Type.String() }),
		Type.Object({ type: Type.Literal("thinking_start"), contentIndex }),
		Type.Object({ type: Type.Literal("thinking_delta"), contentIndex, delta: Type.String() }),
		Type.Object({ type: Type.Literal("thinking_end"), contentIndex, content: Type.String() }),
		Type.Object({ type: Type.Literal("toolcall_start"), contentIndex, id: Type.String(), toolName: Type.String() }),
		Type.Object({ type: Type.Literal("toolcall_delta"), contentIndex, delta: Type.String() }),
		Type.Object({ type: Type.Literal("toolcall_end"), contentIndex, toolCall: ToolCallSchema }),
	]),
);

const toolResult = Type.Object({
	content: Type.Array(Type.Union([TextContentSchema, ImageContentSchema])),
	details: Type.Optional(JsonValue),
});
const compactionReason = Type.Union([Type.Literal("manual"), Type.Literal("threshold"), Type.Literal("overflow")]);
const retryScheduled = {
	attempt: Type.Number(),
	maxAttempts: Type.Number(),
	delayMs: Type.Number(),
	errorMessage: Type.String(),
};

function event<K extends string>(type: K, properties: Record<string, TSchema> = {}) {
	return Type.Object({ type: Type.Literal(type), ...properties });
}

/** The 23 events (rpc.md §10), keyed by type; the key set is checked against `JsonEvent` at compile time. */
export const RPC_EVENT_SCHEMAS: { [K in JsonEvent["type"] | "extension_error"]: TSchema } = {
	agent_start: event("agent_start"),
	agent_end: event("agent_end", { messages: Type.Array(AgentMessageSchema), willRetry: Type.Boolean() }),
	agent_settled: event("agent_settled", { aborted: Type.Boolean() }),
	turn_start: event("turn_start"),
	turn_end: event("turn_end", { message: AgentMessageSchema, toolResults: Type.Array(ToolResultMessageSchema) }),
	message_start: event("message_start", { message: AgentMessageSchema }),
	message_update: event("message_update", {
		usage: UsageSchema,
		assistantMessageEvent: JsonAssistantMessageEventSchema,
	}),
	message_end: event("message_end", { message: AgentMessageSchema }),
	bash_execution_update: event("bash_execution_update", { id: Type.Optional(JsonValue), delta: Type.String() }),
	entry_appended: event("entry_appended", { entry: SessionEntrySchema }),
	session_info_changed: event("session_info_changed", { name: Type.Optional(Type.String()) }),
	tool_execution_start: event("tool_execution_start", {
		toolCallId: Type.String(),
		toolName: Type.String(),
		args: AnyObject,
		parentToolCallId: Type.Optional(Type.String()),
	}),
	tool_execution_update: event("tool_execution_update", {
		toolCallId: Type.String(),
		toolName: Type.String(),
		args: AnyObject,
		partialResult: toolResult,
		parentToolCallId: Type.Optional(Type.String()),
	}),
	tool_execution_end: event("tool_execution_end", {
		toolCallId: Type.String(),
		toolName: Type.String(),
		result: toolResult,
		isError: Type.Boolean(),
		durationMs: Type.Optional(Type.Number()),
		parentToolCallId: Type.Optional(Type.String()),
	}),
	queue_update: event("queue_update", { steering: Type.Array(Type.String()), followUp: Type.Array(Type.String()) }),
	compaction_start: event("compaction_start", { reason: compactionReason }),
	compaction_end: event("compaction_end", {
		reason: compactionReason,
		result: Type.Union([CompactionResultSchema, Type.Null()]),
		aborted: Type.Boolean(),
		willRetry: Type.Boolean(),
		errorMessage: Type.Optional(Type.String()),
	}),
	auto_retry_start: event("auto_retry_start", retryScheduled),
	auto_retry_end: event("auto_retry_end", {
		success: Type.Boolean(),
		attempt: Type.Number(),
		finalError: Type.Optional(Type.String()),
	}),
	summarization_retry_scheduled: event("summarization_retry_scheduled", retryScheduled),
	summarization_retry_attempt_start: Type.Union([
		event("summarization_retry_attempt_start", { source: Type.Literal("compaction"), reason: compactionReason }),
		Type.Object({ type: Type.Literal("summarization_retry_attempt_start"), source: Type.Literal("branchSummary") }),
	]),
	summarization_retry_finished: event("summarization_retry_finished"),
	extension_error: event("extension_error", {
		extensionPath: Type.String(),
		event: Type.String(),
		error: Type.String(),
	}),
};
for (const [type, schema] of Object.entries(RPC_EVENT_SCHEMAS)) def(`${pascal(type)}Event`, schema);

export const JsonAgentSessionEventSchema = def("JsonAgentSessionEvent", Type.Union(Object.values(RPC_EVENT_SCHEMAS)));

const optionalTimeout = Type.Optional(Type.Number({ exclusiveMinimum: 0 }));
function uiRequest<K extends string>(method: K, properties: Record<string, TSchema>) {
	return Type.Object({
		type: Type.Literal("extension_ui_request"),
		id: Type.String(),
		method: Type.Literal(method),
		...properties,
	});
}
export const RpcExtensionUIRequestSchema = def(
	"RpcExtensionUIRequest",
	Type.Union([
		uiRequest("select", { title: Type.String(), options: Type.Array(Type.String()), timeout: optionalTimeout }),
		uiRequest("confirm", { title: Type.String(), message: Type.String(), timeout: optionalTimeout }),
		uiRequest("input", { title: Type.String(), placeholder: Type.Optional(Type.String()), timeout: optionalTimeout }),
		uiRequest("editor", { title: Type.String(), prefill: Type.Optional(Type.String()), timeout: optionalTimeout }),
		uiRequest("notify", {
			message: Type.String(),
			notifyType: Type.Optional(Type.Union([Type.Literal("info"), Type.Literal("warning"), Type.Literal("error")])),
		}),
		uiRequest("setStatus", { statusKey: Type.String(), statusText: Type.Optional(Type.String()) }),
		uiRequest("setWidget", {
			widgetKey: Type.String(),
			widgetLines: Type.Optional(Type.Array(Type.String())),
			widgetPlacement: Type.Optional(Type.Union([Type.Literal("aboveEditor"), Type.Literal("belowEditor")])),
		}),
		uiRequest("setTitle", { title: Type.String() }),
		uiRequest("set_editor_text", { text: Type.String() }),
	]),
);
export const RpcExtensionUIResponseSchema = def(
	"RpcExtensionUIResponse",
	Type.Union([
		Type.Object({ type: Type.Literal("extension_ui_response"), id: Type.String(), value: Type.String() }),
		Type.Object({ type: Type.Literal("extension_ui_response"), id: Type.String(), confirmed: Type.Boolean() }),
		Type.Object({ type: Type.Literal("extension_ui_response"), id: Type.String(), cancelled: Type.Literal(true) }),
	]),
);

const loginBase = { loginId: Type.String(), provider: Type.String() };
/** The sign-in events (docs/rpc.md "Sign-in"). */
export const RpcLoginEventSchema = def(
	"RpcLoginEvent",
	Type.Union([
		event("login_url", { ...loginBase, url: Type.String(), instructions: Type.String() }),
		event("login_device_code", {
			...loginBase,
			userCode: Type.String(),
			verificationUri: Type.String(),
			expiresInSeconds: Type.Number(),
		}),
		event("login_input_wanted", { ...loginBase, prompt: Type.String() }),
		event("login_progress", { ...loginBase, message: Type.String() }),
		event("login_end", {
			...loginBase,
			success: Type.Boolean(),
			error: Type.Optional(Type.String()),
			model: Type.Optional(ModelSchema),
		}),
	]),
);

export const RpcCommandSchema = def("RpcCommand", Type.Union(Object.values(RPC_COMMAND_SCHEMAS)));
