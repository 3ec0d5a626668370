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
 * `message_update` passes through unchanged; `message_update` keeps only `usage` and the delta
 * (so a reply costs bytes linear in its length), with `id`/`toolName` added to `toolcall_start`.
 * Throws for a non-assistant update or a `toolcall_start` whose index holds no tool call: both
 * are bugs upstream.
 */
export function toJsonEvent(event: AgentSessionEvent): JsonEvent {
	if (event.type !== "message_update") return event;
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
