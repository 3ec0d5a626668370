import { expect } from "vitest";
import type { AssistantMessageEventStream } from "../../src/event-stream.js";
import type { AssistantMessage, AssistantMessageEvent } from "../../src/types.js";

/** Collects every event of a stream and its result. */
export async function collect(
	stream: AssistantMessageEventStream,
): Promise<{ events: AssistantMessageEvent[]; result: AssistantMessage }> {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, result: await stream.result() };
}

/**
 * Asserts the ai.md §3.2 invariants on a finished event list: one start first, one terminal
 * event last, per-index start < deltas < end, blocks opened in index order, deltas concatenate to
 * the final content, object arguments during tool-call deltas, no "pending" terminal message.
 */
export function expectInvariants(events: AssistantMessageEvent[], result: AssistantMessage): void {
	expect(events.length).toBeGreaterThan(0);
	expect(events[0]!.type).toBe("start");
	expect(events.filter((event) => event.type === "start")).toHaveLength(1);
	const terminal = events.at(-1)!;
	expect(["done", "error"]).toContain(terminal.type);
	expect(events.filter((event) => event.type === "done" || event.type === "error")).toHaveLength(1);
	expect(terminal.type === "done" ? terminal.message : terminal.type === "error" ? terminal.error : undefined).toBe(
		result,
	);
	expect(result.stopReason).not.toBe("pending");

	const phase = new Map<number, "open" | "closed">();
	const deltas = new Map<number, string>();
	let nextIndex = 0;
	for (const event of events) {
		if (event.type === "start" || event.type === "done" || event.type === "error") continue;
		const index = event.contentIndex;
		expect(event.partial.stopReason).toBe("pending");
		if (event.type.endsWith("_start")) {
			expect(phase.has(index)).toBe(false);
			expect(index).toBe(nextIndex++);
			phase.set(index, "open");
			deltas.set(index, "");
		} else if (event.type.endsWith("_delta")) {
			expect(phase.get(index)).toBe("open");
			if (event.type === "text_delta" || event.type === "thinking_delta")
				deltas.set(index, deltas.get(index)! + event.delta);
			if (event.type === "toolcall_delta") {
				const block = event.partial.content[index];
				expect(block?.type).toBe("toolCall");
				expect(typeof (block as { arguments: unknown }).arguments).toBe("object");
			}
		} else {
			expect(phase.get(index)).toBe("open");
			phase.set(index, "closed");
			if (event.type === "text_end" || event.type === "thinking_end") expect(event.content).toBe(deltas.get(index));
		}
	}
	for (const state of phase.values()) expect(state).toBe("closed");
	result.content.forEach((block, index) => {
		if (block.type === "text") expect(block.text).toBe(deltas.get(index));
		if (block.type === "thinking" && !block.redacted) expect(block.thinking).toBe(deltas.get(index));
	});
}
