// Named definitions of the RPC JSON Schema (rpc.md §16.3). A schema registered with `def()`
// becomes `$defs/<name>` in the published document and is referenced by `$ref` wherever it is
// embedded (the name travels on a symbol key, which TypeBox keeps through Optional and Union).
import { type TSchema, Type } from "@sinclair/typebox";

/** Symbol carrying a schema's `$defs` name. */
export const DEF_NAME: unique symbol = Symbol("rpc-schema-def");

const registry = new Map<string, TSchema>();

/** Registers `schema` as `$defs/<name>` and returns it. */
export function def<T extends TSchema>(name: string, schema: T): T {
	if (registry.has(name)) throw new Error(`rpc schema: duplicate definition ${name}`);
	(schema as unknown as Record<symbol, string>)[DEF_NAME] = name;
	registry.set(name, schema);
	return schema;
}

/** Every registered definition, in registration order. */
export function registeredDefs(): ReadonlyMap<string, TSchema> {
	return registry;
}

/** The `$defs` name of a schema, if it has one. */
export function defName(schema: unknown): string | undefined {
	if (typeof schema !== "object" || schema === null) return undefined;
	return (schema as Record<symbol, string | undefined>)[DEF_NAME];
}

export const JsonValue = Type.Unknown();
export const AnyObject = Type.Record(Type.String(), Type.Unknown());

export const ThinkingLevelSchema = def(
	"ThinkingLevel",
	Type.Union(["off", "minimal", "low", "medium", "high", "xhigh", "max"].map((level) => Type.Literal(level))),
);
export const QueueModeSchema = def("QueueMode", Type.Union([Type.Literal("all"), Type.Literal("one-at-a-time")]));

export const UsageCostSchema = def(
	"UsageCost",
	Type.Object({
		input: Type.Number(),
		output: Type.Number(),
		cacheRead: Type.Number(),
		cacheWrite: Type.Number(),
		total: Type.Number(),
	}),
);
export const UsageSchema = def(
	"Usage",
	Type.Object({
		input: Type.Number(),
		output: Type.Number(),
		cacheRead: Type.Number(),
		cacheWrite: Type.Number(),
		totalTokens: Type.Optional(Type.Number()),
		cost: UsageCostSchema,
	}),
);

export const ModelSchema = def(
	"Model",
	Type.Object({
		id: Type.String(),
		name: Type.String(),
		api: Type.String(),
		provider: Type.String(),
		baseUrl: Type.String(),
		reasoning: Type.Boolean(),
		input: Type.Array(Type.Union([Type.Literal("text"), Type.Literal("image")])),
		contextWindow: Type.Number(),
		maxTokens: Type.Number(),
		cost: Type.Object({
			input: Type.Number(),
			output: Type.Number(),
			cacheRead: Type.Number(),
			cacheWrite: Type.Number(),
		}),
		headers: Type.Optional(Type.Record(Type.String(), Type.String())),
		compat: Type.Optional(AnyObject),
		thinkingLevelMap: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]))),
	}),
);

export const TextContentSchema = def(
	"TextContent",
	Type.Object({ type: Type.Literal("text"), text: Type.String(), textSignature: Type.Optional(Type.String()) }),
);
export const ImageContentSchema = def(
	"ImageContent",
	Type.Object({ type: Type.Literal("image"), data: Type.String(), mimeType: Type.String() }),
);
export const ThinkingContentSchema = def(
	"ThinkingContent",
	Type.Object({
		type: Type.Literal("thinking"),
		thinking: Type.String(),
		thinkingSignature: Type.Optional(Type.String()),
		redacted: Type.Optional(Type.Boolean()),
	}),
);
export const ToolCallSchema = def(
	"ToolCall",
	Type.Object({
		type: Type.Literal("toolCall"),
		id: Type.String(),
		name: Type.String(),
		arguments: AnyObject,
		thoughtSignature: Type.Optional(Type.String()),
	}),
);

const UserContent = Type.Union([Type.String(), Type.Array(Type.Union([TextContentSchema, ImageContentSchema]))]);

export const UserMessageSchema = def(
	"UserMessage",
	Type.Object({
		role: Type.Literal("user"),
		content: UserContent,
		timestamp: Type.Number(),
		attachments: Type.Optional(Type.Array(AnyObject)),
	}),
);
export const StopReasonSchema = def(
	"StopReason",
	Type.Union(["stop", "length", "toolUse", "error", "aborted", "pending"].map((reason) => Type.Literal(reason))),
);
export const AssistantMessageSchema = def(
	"AssistantMessage",
	Type.Object({
		role: Type.Literal("assistant"),
		content: Type.Array(Type.Union([TextContentSchema, ThinkingContentSchema, ToolCallSchema])),
		api: Type.String(),
		provider: Type.String(),
		model: Type.String(),
		responseId: Type.Optional(Type.String()),
		usage: UsageSchema,
		stopReason: StopReasonSchema,
		errorMessage: Type.Optional(Type.String()),
		timestamp: Type.Number(),
	}),
);
export const ToolResultMessageSchema = def(
	"ToolResultMessage",
	Type.Object({
		role: Type.Literal("toolResult"),
		toolCallId: Type.String(),
		toolName: Type.String(),
		content: Type.Array(Type.Union([TextContentSchema, ImageContentSchema])),
		details: Type.Optional(JsonValue),
		usage: Type.Optional(UsageSchema),
		isError: Type.Boolean(),
		timestamp: Type.Number(),
	}),
);
export const BashExecutionMessageSchema = def(
	"BashExecutionMessage",
	Type.Object({
		role: Type.Literal("bashExecution"),
		command: Type.String(),
		output: Type.String(),
		exitCode: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
		cancelled: Type.Boolean(),
		truncated: Type.Boolean(),
		fullOutputPath: Type.Optional(Type.Union([Type.String(), Type.Null()])),
		excludeFromContext: Type.Optional(Type.Boolean()),
		timestamp: Type.Number(),
	}),
);
export const CustomMessageSchema = def(
	"CustomMessage",
	Type.Object({
		role: Type.Literal("custom"),
		customType: Type.String(),
		content: UserContent,
		display: Type.Boolean(),
		details: Type.Optional(JsonValue),
		timestamp: Type.Number(),
	}),
);
export const BranchSummaryMessageSchema = def(
	"BranchSummaryMessage",
	Type.Object({
		role: Type.Literal("branchSummary"),
		summary: Type.String(),
		fromId: Type.String(),
		timestamp: Type.Number(),
	}),
);
export const CompactionSummaryMessageSchema = def(
	"CompactionSummaryMessage",
	Type.Object({
		role: Type.Literal("compactionSummary"),
		summary: Type.String(),
		tokensBefore: Type.Number(),
		timestamp: Type.Number(),
	}),
);
export const AgentMessageSchema = def(
	"AgentMessage",
	Type.Union([
		UserMessageSchema,
		AssistantMessageSchema,
		ToolResultMessageSchema,
		BashExecutionMessageSchema,
		CustomMessageSchema,
		BranchSummaryMessageSchema,
		CompactionSummaryMessageSchema,
	]),
);

export const CompactionResultSchema = def(
	"CompactionResult",
	Type.Object({
		summary: Type.String(),
		firstKeptEntryId: Type.String(),
		tokensBefore: Type.Number(),
		estimatedTokensAfter: Type.Number(),
		usage: Type.Optional(UsageSchema),
		details: Type.Optional(JsonValue),
	}),
);

const entryBase = {
	id: Type.String(),
	parentId: Type.Union([Type.String(), Type.Null()]),
	timestamp: Type.String(),
};
export const SessionEntrySchema = def(
	"SessionEntry",
	Type.Union([
		Type.Object({ type: Type.Literal("message"), ...entryBase, message: AgentMessageSchema }),
		Type.Object({ type: Type.Literal("thinking_level_change"), ...entryBase, thinkingLevel: Type.String() }),
		Type.Object({ type: Type.Literal("model_change"), ...entryBase, provider: Type.String(), modelId: Type.String() }),
		Type.Object({
			type: Type.Literal("compaction"),
			...entryBase,
			summary: Type.String(),
			firstKeptEntryId: Type.String(),
			tokensBefore: Type.Number(),
			details: Type.Optional(JsonValue),
			fromHook: Type.Optional(Type.Boolean()),
			usage: Type.Optional(UsageSchema),
			retainedTail: Type.Optional(JsonValue),
		}),
		Type.Object({
			type: Type.Literal("branch_summary"),
			...entryBase,
			fromId: Type.String(),
			summary: Type.String(),
			details: Type.Optional(JsonValue),
			fromHook: Type.Optional(Type.Boolean()),
			usage: Type.Optional(UsageSchema),
		}),
		Type.Object({
			type: Type.Literal("custom"),
			...entryBase,
			customType: Type.String(),
			data: Type.Optional(JsonValue),
		}),
		Type.Object({
			type: Type.Literal("custom_message"),
			...entryBase,
			customType: Type.String(),
			content: UserContent,
			details: Type.Optional(JsonValue),
			display: Type.Boolean(),
		}),
		Type.Object({
			type: Type.Literal("label"),
			...entryBase,
			targetId: Type.String(),
			label: Type.Optional(Type.String()),
		}),
		Type.Object({ type: Type.Literal("session_info"), ...entryBase, name: Type.Optional(Type.String()) }),
	]),
);
export const SessionHeaderSchema = def(
	"SessionHeader",
	Type.Object({
		type: Type.Literal("session"),
		version: Type.Number(),
		id: Type.String(),
		timestamp: Type.String(),
		cwd: Type.String(),
		parentSession: Type.Optional(Type.String()),
	}),
);

export const SessionTreeNodeSchema = def(
	"SessionTreeNode",
	Type.Object({
		entry: SessionEntrySchema,
		// A self reference by $defs name (TypeBox's Recursive would emit a relative $id).
		children: Type.Array(Type.Unsafe<unknown>({ $ref: "#/$defs/SessionTreeNode" })),
		label: Type.Optional(Type.String()),
		labelTimestamp: Type.Optional(Type.String()),
	}),
);
