// The 40 RPC commands (rpc.md §9, §16.4–16.5) as TypeBox schemas: the single source of the
// command TypeScript types (rpc-types.ts), the server's field validation (§8.5) and the
// published JSON Schema.
import { type Static, type TSchema, Type } from "@sinclair/typebox";
import { def, ImageContentSchema, JsonValue, QueueModeSchema, ThinkingLevelSchema } from "./rpc-schema-defs.js";

const images = Type.Optional(Type.Array(ImageContentSchema));

function command<K extends string, P extends Record<string, TSchema>>(type: K, properties: P) {
	return Type.Object({ id: Type.Optional(JsonValue), type: Type.Literal(type), ...properties });
}

/** Every command schema, by command type. Order: rpc.md §17, then the two additions, then sign-in (docs/rpc.md). */
export const RPC_COMMAND_SCHEMAS = {
	prompt: command("prompt", {
		message: Type.String(),
		images,
		streamingBehavior: Type.Optional(Type.Union([Type.Literal("steer"), Type.Literal("followUp")])),
	}),
	steer: command("steer", { message: Type.String(), images }),
	follow_up: command("follow_up", { message: Type.String(), images }),
	abort: command("abort", {}),
	clear_queue: command("clear_queue", {}),
	new_session: command("new_session", { parentSession: Type.Optional(Type.String()) }),
	get_state: command("get_state", {}),
	get_messages: command("get_messages", {}),
	set_model: command("set_model", { provider: Type.String(), modelId: Type.String() }),
	cycle_model: command("cycle_model", {}),
	get_available_models: command("get_available_models", {}),
	set_thinking_level: command("set_thinking_level", { level: ThinkingLevelSchema }),
	cycle_thinking_level: command("cycle_thinking_level", {}),
	get_available_thinking_levels: command("get_available_thinking_levels", {}),
	set_steering_mode: command("set_steering_mode", { mode: QueueModeSchema }),
	set_follow_up_mode: command("set_follow_up_mode", { mode: QueueModeSchema }),
	compact: command("compact", { customInstructions: Type.Optional(Type.String()) }),
	set_auto_compaction: command("set_auto_compaction", { enabled: Type.Boolean() }),
	set_auto_retry: command("set_auto_retry", { enabled: Type.Boolean() }),
	abort_retry: command("abort_retry", {}),
	bash: command("bash", { command: Type.String(), excludeFromContext: Type.Optional(Type.Boolean()) }),
	abort_bash: command("abort_bash", {}),
	get_session_stats: command("get_session_stats", {}),
	export_html: command("export_html", { outputPath: Type.Optional(Type.String()) }),
	switch_session: command("switch_session", { sessionPath: Type.String() }),
	fork: command("fork", { entryId: Type.String() }),
	clone: command("clone", {}),
	get_fork_messages: command("get_fork_messages", {}),
	get_entries: command("get_entries", { since: Type.Optional(Type.String()) }),
	get_tree: command("get_tree", {}),
	get_last_assistant_text: command("get_last_assistant_text", {}),
	set_session_name: command("set_session_name", { name: Type.String() }),
	get_commands: command("get_commands", {}),
	navigate_tree: command("navigate_tree", {
		targetId: Type.String(),
		summarize: Type.Optional(Type.Boolean()),
		customInstructions: Type.Optional(Type.String()),
		replaceInstructions: Type.Optional(Type.Boolean()),
		label: Type.Optional(Type.String()),
	}),
	set_label: command("set_label", { entryId: Type.String(), label: Type.Optional(Type.String()) }),
	get_login_providers: command("get_login_providers", {}),
	login_start: command("login_start", {
		provider: Type.String(),
		method: Type.Optional(Type.Union([Type.Literal("browser"), Type.Literal("paste"), Type.Literal("device_code")])),
	}),
	login_input: command("login_input", { loginId: Type.String(), input: Type.String() }),
	login_cancel: command("login_cancel", { loginId: Type.String() }),
	logout: command("logout", { provider: Type.String() }),
};

/** A command type name. */
export type RpcCommandType = keyof typeof RPC_COMMAND_SCHEMAS;

/** Every command type, in protocol order. */
export const RPC_COMMAND_TYPES = Object.keys(RPC_COMMAND_SCHEMAS) as RpcCommandType[];

/** One command record (rpc.md §9); `id` is echoed verbatim in its response. */
export type RpcCommand = {
	[K in RpcCommandType]: Static<(typeof RPC_COMMAND_SCHEMAS)[K]>;
}[RpcCommandType];

/** The command of a given type. */
export type RpcCommandOf<K extends RpcCommandType> = Static<(typeof RPC_COMMAND_SCHEMAS)[K]>;

for (const [type, schema] of Object.entries(RPC_COMMAND_SCHEMAS)) def(`${pascal(type)}Command`, schema);

/** `set_thinking_level` → `SetThinkingLevel`. */
export function pascal(snake: string): string {
	return snake.replace(/(^|_)([a-z])/g, (_match, _sep: string, letter: string) => letter.toUpperCase());
}
