import type { AssistantMessageBuilder, UsageUpdate } from "./shared/assistant-message-builder.js";

/** One event of the pi-messages wire protocol: an `AssistantMessageEvent` without `partial`. */
export interface PiWireEvent {
	type: string;
	contentIndex?: number;
	delta?: string;
	content?: string;
	contentSignature?: string;
	redacted?: boolean;
	id?: string;
	toolName?: string;
	reason?: string;
	usage?: UsageUpdate;
	responseId?: string;
	errorMessage?: string;
}

/**
 * Applies one pi-messages event to the message being built. Returns true after the terminal
 * `done` or `error` event (usage and stop reason come from it; cost is recomputed from the
 * model's prices). Start events only open blocks implicitly: the builder opens a block on its
 * first content, and an end event closes it.
 */
export function applyPiWireEvent(event: PiWireEvent, builder: AssistantMessageBuilder): boolean {
	const key = String(event.contentIndex ?? 0);
	switch (event.type) {
		case "text_delta":
			builder.text(key, event.delta ?? "");
			return false;
		case "text_end":
			if (event.contentSignature) builder.textSignature(key, event.contentSignature);
			builder.end(key);
			return false;
		case "thinking_delta":
			builder.thinking(key, event.delta ?? "");
			return false;
		case "thinking_end":
			if (event.contentSignature)
				builder.thinkingSignature(key, event.contentSignature, { redacted: event.redacted === true });
			builder.end(key);
			return false;
		case "toolcall_start":
			builder.toolCall(key, { id: event.id, name: event.toolName });
			return false;
		case "toolcall_delta":
			builder.toolCall(key, { argumentsDelta: event.delta ?? "" });
			return false;
		case "toolcall_end":
			builder.end(key);
			return false;
		case "done":
			if (event.responseId) builder.setResponseId(event.responseId);
			if (event.usage) builder.setUsage(pickUsage(event.usage));
			builder.finish(event.reason === "length" ? "length" : event.reason === "toolUse" ? "toolUse" : "stop");
			return true;
		case "error":
			if (event.usage) builder.setUsage(pickUsage(event.usage));
			builder.fail(event.errorMessage ?? "The server ended the reply with an error", event.reason === "aborted");
			return true;
		default:
			// start, *_start: nothing to do before content arrives.
			return false;
	}
}

function pickUsage(usage: UsageUpdate): UsageUpdate {
	const { input, output, cacheRead, cacheWrite, totalTokens } = usage;
	return { input, output, cacheRead, cacheWrite, totalTokens };
}
