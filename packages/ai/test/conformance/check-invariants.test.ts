import { describe, expect, it } from "vitest";
import type { AssistantMessage, AssistantMessageEvent } from "../../src/types.js";
import { emptyUsage } from "../../src/utils/calculate-cost.js";
import { checkInvariants } from "./support/check-invariants.js";

function message(content: AssistantMessage["content"], stopReason: AssistantMessage["stopReason"]): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "x",
		provider: "x",
		model: "x",
		usage: emptyUsage(),
		stopReason,
		timestamp: 1,
	};
}

function textRun(): { events: AssistantMessageEvent[]; result: AssistantMessage } {
	const result = message([{ type: "text", text: "Hi!" }], "stop");
	const partial = message([{ type: "text", text: "" }], "pending");
	return {
		result,
		events: [
			{ type: "start", partial },
			{ type: "text_start", contentIndex: 0, partial },
			{ type: "text_delta", contentIndex: 0, delta: "Hi", partial },
			{ type: "text_delta", contentIndex: 0, delta: "!", partial },
			{ type: "text_end", contentIndex: 0, content: "Hi!", partial },
			{ type: "done", reason: "stop", message: result },
		],
	};
}

// The checker guards every conformance scenario; these prove it notices what it claims to.
describe("checkInvariants", () => {
	it("accepts a well-formed stream", () => {
		const { events, result } = textRun();
		expect(checkInvariants(events, { result })).toEqual([]);
	});

	it("reports a missing start, a missing end and a delta after the end", () => {
		const { events, result } = textRun();
		expect(checkInvariants(events.slice(1), { result })).toContain("first event is text_start, not start (rule 1)");
		expect(checkInvariants([...events.slice(0, 4), events[5]!], { result })).toContain(
			"index 0 never got its end event (rule 3)",
		);
		const late = [...events.slice(0, 5), events[2]!, events[5]!];
		expect(checkInvariants(late, { result })).toContain("text_delta for index 0 after its end (rule 3)");
	});

	it("reports deltas that do not add up to the final text and a result that is not the terminal message", () => {
		const { events, result } = textRun();
		const other = message([{ type: "text", text: "Hi?" }], "stop");
		const problems = checkInvariants([...events.slice(0, 5), { type: "done", reason: "stop", message: other }], {
			result,
		});
		expect(problems).toContain("terminal event's message is not the object result() resolved to (rule 8)");
		expect(problems).toContain("index 0: concatenated deltas differ from final text (rule 5)");
	});

	it("reports two terminal events and a tool call under stopReason stop", () => {
		const result = message([{ type: "toolCall", id: "c", name: "read", arguments: {} }], "stop");
		const partial = message([], "pending");
		const problems = checkInvariants(
			[
				{ type: "start", partial },
				{ type: "toolcall_start", contentIndex: 0, partial },
				{
					type: "toolcall_end",
					contentIndex: 0,
					toolCall: { type: "toolCall", id: "c", name: "read", arguments: {} },
					partial,
				},
				{ type: "done", reason: "stop", message: result },
				{ type: "done", reason: "stop", message: result },
			],
			{ result },
		);
		expect(problems).toContain("expected exactly one terminal event, got 2 (rule 2)");
		expect(problems).toContain('final content has a tool call but stopReason is "stop" (ai.md §2.3)');
	});

	it("accepts a lone error event only when allowed", () => {
		const result = message([], "error");
		result.errorMessage = "401 authentication_error: invalid x-api-key";
		const events: AssistantMessageEvent[] = [{ type: "error", reason: "error", error: result }];
		expect(checkInvariants(events, { result, allowMissingStart: true })).toEqual([]);
		expect(checkInvariants(events, { result })).toContain("expected exactly one start event, got 0 (rule 1)");
	});
});
