import type { AgentMessage } from "@pi/agent-core";
import type { AssistantMessageEvent, Usage } from "@pi/ai";
import type { AgentSessionEvent } from "../core/agent-session/agent-session-events.js";

type StreamedDelta = Exclude<AssistantMessageEvent, { type: "start" } | { type: "done" } | { type: "error" }>;

/** The delta event of a wire `message_update`: the in-process event without `partial` (rpc.md §10.6). */
export type JsonAssistantMessageEvent =
	| Exclude<DistributiveOmit<StreamedDelta, "partial">, { type: "toolcall_start" }>
	| { type: "toolcall_start"; contentIndex: number; id: string; toolName: string };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The wire `message_update`: constant-size extras beside the delta. */
export interface JsonMessageUpdateEvent {
	type: "message_update";
	usage: Usage;
	assistantMessageEvent: JsonAssistantMessageEvent;
}

/** One record of the JSON / RPC event stream. */
export type JsonEvent = Exclude<AgentSessionEvent, { type: "message_update" }> | JsonMessageUpdateEvent;

/**
 * Maps a session event to its wire shape (run-modes.md §7.2, rpc.md §10.6). Every event but
 * `message_update` passes through unchanged, save for tool results' `durationMs` (see
 * `toWireMessage`); `message_update` keeps only `usage` and the delta
 * (so a reply costs bytes linear in its length), with `id`/`toolName` added to `toolcall_start`.
 * Throws for a non-assistant update or a `toolcall_start` whose index holds no tool call: both
 * are bugs upstream.
 */
export function toJsonEvent(event: AgentSessionEvent): JsonEvent {
	if (event.type !== "message_update") return withWireMessages(event);
	const { message, assistantMessageEvent: inner } = event;
	if (message.role !== "assistant") {
		throw new Error(`toJsonEvent: message_update for a ${String(message.role)} message`);
	}
	switch (inner.type) {
		case "start":
		case "done":
		case "error":
			throw new Error(`toJsonEvent: "${inner.type}" is not a message_update delta`);
		case "toolcall_start": {
			const block = inner.partial.content[inner.contentIndex];
			if (block?.type !== "toolCall") {
				throw new Error(`toJsonEvent: toolcall_start at index ${inner.contentIndex} holds no tool call`);
			}
			return {
				type: "message_update",
				usage: message.usage,
				assistantMessageEvent: {
					type: "toolcall_start",
					contentIndex: inner.contentIndex,
					id: block.id,
					toolName: block.name,
				},
			};
		}
		default: {
			const { partial: _partial, ...rest } = inner;
			return { type: "message_update", usage: message.usage, assistantMessageEvent: rest };
		}
	}
}

/**
 * A message as the wire carries it. A tool result's `durationMs` (kept in session files, as pi
 * 1.4 keeps it, for the transcript's `Took …`) is dropped: rpc.md §13.2.3 and agent-core.md §5.3
 * fix the ToolResultMessage's fields, and `tool_execution_end` already reports the duration.
 * Returns the same object when there is nothing to drop.
 */
export function toWireMessage<M extends AgentMessage>(message: M): M {
	if (message.role !== "toolResult" || !("durationMs" in message)) return message;
	const { durationMs: _durationMs, ...rest } = message;
	return rest as M;
}

/** `messages` as the wire carries them; the same array when no message changes. */
export function toWireMessages<M extends AgentMessage>(messages: M[]): M[] {
	let copy: M[] | undefined;
	for (let index = 0; index < messages.length; index++) {
		const message = messages[index] as M;
		const wire = toWireMessage(message);
		if (wire === message && !copy) continue;
		copy ??= messages.slice(0, index);
		copy.push(wire);
	}
	return copy ?? messages;
}

/** The events that carry messages, with their messages in wire shape. */
function withWireMessages(event: Exclude<AgentSessionEvent, { type: "message_update" }>): JsonEvent {
	switch (event.type) {
		case "message_start":
		case "message_end": {
			const message = toWireMessage(event.message);
			return message === event.message ? event : { ...event, message };
		}
		case "turn_end": {
			const toolResults = toWireMessages(event.toolResults);
			return toolResults === event.toolResults ? event : { ...event, toolResults };
		}
		case "agent_end": {
			const messages = toWireMessages(event.messages);
			return messages === event.messages ? event : { ...event, messages };
		}
		default:
			return event;
	}
}

// The usage object of the last serialized `message_update` and its JSON. A reply's partials
// share one usage copy until the vendor reports new counters, so almost every delta of a long
// reply reuses the cached text instead of stringifying the same eleven numbers again.
let lastUsage: Usage | undefined;
let lastUsageValues: number[] = [];
let lastUsageJson = "";

function usageValues(usage: Usage): number[] {
	const cost = usage.cost;
	return [
		usage.input,
		usage.output,
		usage.cacheRead,
		usage.cacheWrite,
		usage.totalTokens,
		cost?.input,
		cost?.output,
		cost?.cacheRead,
		cost?.cacheWrite,
		cost?.total,
	];
}

function usageJson(usage: Usage): string {
	if (usage === lastUsage) {
		// Same object: reuse the text unless someone updated it in place since.
		const cost = usage.cost;
		const values = lastUsageValues;
		if (
			values[0] === usage.input &&
			values[1] === usage.output &&
			values[2] === usage.cacheRead &&
			values[3] === usage.cacheWrite &&
			values[4] === usage.totalTokens &&
			values[5] === cost?.input &&
			values[6] === cost?.output &&
			values[7] === cost?.cacheRead &&
			values[8] === cost?.cacheWrite &&
			values[9] === cost?.total
		)
			return lastUsageJson;
	}
	lastUsage = usage;
	lastUsageValues = usageValues(usage);
	lastUsageJson = JSON.stringify(usage);
	return lastUsageJson;
}

/**
 * `toJsonEvent(event)` as one JSONL line (compact JSON plus LF), byte for byte what
 * `JSON.stringify` of it gives. A `message_update` delta is assembled from its parts, with the
 * usage text cached while the usage object is unchanged: serialization was the largest cost of
 * ours per delta of a streamed RPC reply.
 */
export function serializeJsonEventLine(event: AgentSessionEvent): string {
	if (event.type !== "message_update") return `${JSON.stringify(withWireMessages(event))}\n`;
	const inner = event.assistantMessageEvent;
	const usage = event.message.usage;
	const delta = event.message.role === "assistant" && isPlainObject(usage) ? deltaJson(inner) : undefined;
	if (delta !== undefined)
		return `{"type":"message_update","usage":${usageJson(usage)},"assistantMessageEvent":${delta}}\n`;
	const wire = toJsonEvent(event) as JsonMessageUpdateEvent;
	if (!isPlainObject(wire.usage)) return `${JSON.stringify(wire)}\n`;
	return `{"type":"message_update","usage":${usageJson(wire.usage)},"assistantMessageEvent":${JSON.stringify(wire.assistantMessageEvent)}}\n`;
}

function isPlainObject(value: unknown): value is Usage {
	return typeof value === "object" && value !== null;
}

/** The keys, in order, of a delta event as @pi/ai's message builder creates it. */
const DELTA_KEYS = ["type", "contentIndex", "delta", "partial"];

/**
 * The wire JSON of a text, thinking or tool-call delta of exactly the builder's shape (anything
 * else, such as an extra key from a custom stream function, returns undefined and takes the
 * general path), without the object copy and rest spread of `toJsonEvent`.
 */
function deltaJson(inner: AssistantMessageEvent): string | undefined {
	if (inner.type !== "text_delta" && inner.type !== "thinking_delta" && inner.type !== "toolcall_delta")
		return undefined;
	let count = 0;
	for (const key in inner) {
		if (key !== DELTA_KEYS[count]) return undefined;
		count++;
	}
	if (count !== DELTA_KEYS.length || !Number.isSafeInteger(inner.contentIndex) || typeof inner.delta !== "string")
		return undefined;
	return `{"type":"${inner.type}","contentIndex":${inner.contentIndex},"delta":${JSON.stringify(inner.delta)}}`;
}
