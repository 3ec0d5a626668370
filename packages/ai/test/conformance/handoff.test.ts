import { describe, expect, it } from "vitest";
import type { Context, ToolCall } from "../../src/types.js";
import { APIS_UNDER_TEST } from "./apis/index.js";
import { checkInvariants } from "./support/check-invariants.js";
import { API_KEY, askContext } from "./support/fixtures.js";
import { useMockLlm } from "./support/mock-server.js";
import { runStream } from "./support/run-stream.js";

/** A tool-call id no target accepts as is: a `call|item` pair, `/` and `:`, and over 64 characters. */
function awkwardToolCallId(step: number): string {
	return `call_${step}|fc_${"x".repeat(70)}/step:${step}`;
}

/**
 * One conversation handed across every API in `APIS_UNDER_TEST`, in order (ai.md §8): each step
 * continues the same `Context` on the next API. Each request must carry the earlier APIs' thinking
 * as plain text (never as native thinking), their answers, and their tool calls and results with
 * ids normalised for the target and still matching each other.
 */
describe("conformance: cross-API handoff", () => {
	const mock = useMockLlm();

	// Ten requests, each loading its SDK on first use: well over the default timeout on a busy machine.
	it(`hands one conversation through ${APIS_UNDER_TEST.map((api) => api.api).join(" → ")}`, async () => {
		const context: Context = askContext("Start the relay");
		for (const [step, api] of APIS_UNDER_TEST.entries()) {
			mock().enqueue({
				type: "reply",
				blocks: [
					{ type: "thinking", text: `thought ${step} on ${api.api}`, signature: "c2lnbmF0dXJl" },
					{ type: "text", text: `answer ${step} on ${api.api}` },
					{ type: "toolCall", id: awkwardToolCallId(step), name: "read", arguments: { path: `f${step}.txt` } },
				],
			});
			const run = await runStream(
				api.streamSimple(api.makeModel(mock().url), context, { apiKey: API_KEY, ...api.thinkingOptions }),
			);
			expect(run.thrown, api.api).toBeUndefined();
			expect(checkInvariants(run.events, { result: run.result }), api.api).toEqual([]);
			expect(run.result.stopReason, `${api.api}: ${run.result.errorMessage}`).toBe("toolUse");

			const body = mock().requests[step]!.body;
			expect(api.replayedThinkingOf(body), `${api.api} replayed foreign thinking natively`).toEqual([]);
			const history = api.assistantTextsOf(body).join("\n");
			for (const [earlier, earlierApi] of APIS_UNDER_TEST.slice(0, step).entries()) {
				expect(history, `${api.api} lost ${earlierApi.api}'s thinking`).toContain(
					`thought ${earlier} on ${earlierApi.api}`,
				);
				expect(history, `${api.api} lost ${earlierApi.api}'s answer`).toContain(
					`answer ${earlier} on ${earlierApi.api}`,
				);
			}
			const calls = api.toolCallsOf(body);
			const results = api.toolResultsOf(body);
			expect(
				calls.map((call) => call.arguments),
				api.api,
			).toEqual(APIS_UNDER_TEST.slice(0, step).map((_, earlier) => ({ path: `f${earlier}.txt` })));
			expect(
				results.map((result) => result.text),
				api.api,
			).toEqual(APIS_UNDER_TEST.slice(0, step).map((_, earlier) => `contents of f${earlier}.txt`));
			if (api.capabilities.sendsToolCallIds) {
				for (const call of calls) expect(api.isValidToolCallId(call.id ?? ""), `${api.api} id ${call.id}`).toBe(true);
				expect(
					results.map((result) => result.toolCallId),
					api.api,
				).toEqual(calls.map((call) => call.id));
			}

			const call = run.result.content.find((block): block is ToolCall => block.type === "toolCall")!;
			context.messages.push(
				run.result,
				{
					role: "toolResult",
					toolCallId: call.id,
					toolName: call.name,
					content: [{ type: "text", text: `contents of f${step}.txt` }],
					isError: false,
					timestamp: Date.now(),
				},
				{ role: "user", content: `Continue after step ${step}`, timestamp: Date.now() },
			);
		}
		expect(mock().requests).toHaveLength(APIS_UNDER_TEST.length);
	}, 120_000);
});
