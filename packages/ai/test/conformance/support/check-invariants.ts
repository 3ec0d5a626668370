import type { AssistantMessage, AssistantMessageEvent } from "../../../src/types.js";

/** What `checkInvariants` needs besides the events. */
export interface InvariantContext {
	/** The value `result()` resolved to. */
	result: AssistantMessage;
	/** True when the stream may consist of the lone terminal event (request failed before acceptance). */
	allowMissingStart?: boolean;
}

/**
 * Checks the stream invariants of ai.md §3.2 on a complete event list and returns every violation
 * as a readable line (empty when all hold). Tests assert `expect(checkInvariants(...)).toEqual([])`
 * so a failure lists everything wrong at once.
 */
export function checkInvariants(events: AssistantMessageEvent[], context: InvariantContext): string[] {
	const problems: string[] = [];
	checkStartAndTerminal(events, context, problems);
	checkBlocks(events, problems);
	checkPartials(events, problems);
	const terminal = events.at(-1);
	if (terminal?.type === "done" || terminal?.type === "error") {
		const final = terminal.type === "done" ? terminal.message : terminal.error;
		if (final !== context.result)
			problems.push("terminal event's message is not the object result() resolved to (rule 8)");
		if (final.stopReason === "pending") problems.push("final message has stopReason pending (rule 8)");
		if (terminal.type === "done" && terminal.reason !== final.stopReason)
			problems.push("done.reason differs from stopReason");
		if (terminal.type === "error" && terminal.reason !== final.stopReason)
			problems.push("error.reason differs from stopReason");
		if (terminal.type === "error" && !final.errorMessage) problems.push("error terminal without errorMessage");
		if (final.content.some((block) => block.type === "toolCall") && final.stopReason === "stop") {
			problems.push('final content has a tool call but stopReason is "stop" (ai.md §2.3)');
		}
		checkFinalContent(events, final, problems);
	}
	return problems;
}

function checkStartAndTerminal(events: AssistantMessageEvent[], context: InvariantContext, problems: string[]): void {
	const starts = events.filter((event) => event.type === "start").length;
	const terminals = events.filter((event) => event.type === "done" || event.type === "error").length;
	const lone = events.length === 1 && events[0]?.type === "error";
	if (!(lone && context.allowMissingStart)) {
		if (starts !== 1) problems.push(`expected exactly one start event, got ${starts} (rule 1)`);
		if (events[0]?.type !== "start") problems.push(`first event is ${events[0]?.type}, not start (rule 1)`);
	}
	if (terminals !== 1) problems.push(`expected exactly one terminal event, got ${terminals} (rule 2)`);
	const last = events.at(-1);
	if (last?.type !== "done" && last?.type !== "error")
		problems.push(`last event is ${last?.type}, not terminal (rule 2)`);
}

type Phase = "open" | "closed";

function checkBlocks(events: AssistantMessageEvent[], problems: string[]): void {
	const phases = new Map<number, { kind: string; phase: Phase }>();
	let nextIndex = 0;
	for (const event of events) {
		if (!("contentIndex" in event)) continue;
		const [kind, step] = splitType(event.type);
		const index = event.contentIndex;
		const state = phases.get(index);
		if (step === "start") {
			if (state) problems.push(`${event.type} for index ${index} which already started (rule 3)`);
			if (index !== nextIndex) problems.push(`${event.type} opened index ${index}, expected ${nextIndex} (rule 3)`);
			phases.set(index, { kind, phase: "open" });
			nextIndex = Math.max(nextIndex, index + 1);
			continue;
		}
		if (!state) {
			problems.push(`${event.type} for index ${index} before its start (rule 3)`);
			continue;
		}
		if (state.kind !== kind) problems.push(`${event.type} for index ${index} which is a ${state.kind} block`);
		if (state.phase === "closed") problems.push(`${event.type} for index ${index} after its end (rule 3)`);
		if (step === "end") state.phase = "closed";
		if (event.type === "toolcall_delta") {
			const block = event.partial.content[index];
			const args = block?.type === "toolCall" ? block.arguments : undefined;
			if (args === null || typeof args !== "object" || Array.isArray(args)) {
				problems.push(`toolcall_delta at index ${index}: partial arguments is not an object (rule 6)`);
			}
		}
	}
	for (const [index, state] of phases) {
		if (state.phase !== "closed") problems.push(`index ${index} never got its end event (rule 3)`);
	}
}

function checkPartials(events: AssistantMessageEvent[], problems: string[]): void {
	for (const event of events) {
		if (event.type === "done" || event.type === "error") continue;
		if (event.partial.stopReason !== "pending")
			problems.push(`${event.type} partial has stopReason ${event.partial.stopReason}`);
	}
}

function checkFinalContent(events: AssistantMessageEvent[], final: AssistantMessage, problems: string[]): void {
	const deltas = new Map<number, string>();
	const ends = new Map<number, string>();
	for (const event of events) {
		if (event.type === "text_delta" || event.type === "thinking_delta") {
			deltas.set(event.contentIndex, (deltas.get(event.contentIndex) ?? "") + event.delta);
		} else if (event.type === "text_end" || event.type === "thinking_end") {
			ends.set(event.contentIndex, event.content);
		} else if (event.type === "toolcall_end") {
			const block = final.content[event.contentIndex];
			if (block?.type !== "toolCall")
				problems.push(`toolcall_end index ${event.contentIndex} is not a tool call in the final message`);
			else if (!event.toolCall.id || !event.toolCall.name)
				problems.push(`toolcall_end at ${event.contentIndex} lacks id or name (§3.1)`);
		}
	}
	final.content.forEach((block, index) => {
		if (block.type === "toolCall") return;
		const text = block.type === "text" ? block.text : block.thinking;
		const streamed = deltas.get(index) ?? "";
		if (streamed !== text)
			problems.push(`index ${index}: concatenated deltas differ from final ${block.type} (rule 5)`);
		if (ends.has(index) && ends.get(index) !== text)
			problems.push(`index ${index}: *_end content differs from final (rule 5)`);
		if (text === "" && !(block.type === "thinking" && (block.redacted || block.thinkingSignature))) {
			problems.push(`index ${index}: empty ${block.type} block in the final message (ai.md §6 empty deltas)`);
		}
	});
	const streamedBlocks = new Set([...events].flatMap((event) => ("contentIndex" in event ? [event.contentIndex] : [])));
	if (streamedBlocks.size !== final.content.length) {
		problems.push(`final message has ${final.content.length} blocks but events addressed ${streamedBlocks.size}`);
	}
}

function splitType(type: string): [string, "start" | "delta" | "end"] {
	const cut = type.lastIndexOf("_");
	return [type.slice(0, cut), type.slice(cut + 1) as "start" | "delta" | "end"];
}

/** The event types in order, for asserting a whole sequence at once. */
export function eventTypes(events: AssistantMessageEvent[]): string[] {
	return events.map((event) => event.type);
}
