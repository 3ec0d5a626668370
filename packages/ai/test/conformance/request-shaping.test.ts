import { describe, expect, it } from "vitest";
import type { AssistantMessage, Context, Model } from "../../src/types.js";
import { emptyUsage } from "../../src/utils/calculate-cost.js";
import { APIS_UNDER_TEST } from "./apis/index.js";
import { checkInvariants } from "./support/check-invariants.js";
import { API_KEY, askContext } from "./support/fixtures.js";
import { useMockLlm } from "./support/mock-server.js";
import { runStream } from "./support/run-stream.js";

/** An assistant turn of `model` in a history. */
function assistantTurn(
	model: Model,
	content: AssistantMessage["content"],
	extra: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: emptyUsage(),
		stopReason: "stop",
		timestamp: 2,
		...extra,
	};
}

describe.each(APIS_UNDER_TEST)("conformance: request shaping — $api", (api) => {
	const mock = useMockLlm();

	// The Codex endpoint takes no max output tokens: nothing to default or replace.
	const sendsMaxTokens = api.capabilities.sendsMaxTokens !== false;

	it.skipIf(!sendsMaxTokens)(
		"streamSimple defaults max tokens to min(model.maxTokens, 32000) and keeps an explicit value",
		async () => {
			mock().enqueue(
				{ type: "reply", blocks: [{ type: "text", text: "a" }] },
				{ type: "reply", blocks: [{ type: "text", text: "b" }] },
				{ type: "reply", blocks: [{ type: "text", text: "c" }] },
			);
			const large = api.makeModel(mock().url, { maxTokens: 100_000 });
			const small = api.makeModel(mock().url, { maxTokens: 1000 });
			for (const [model, options] of [
				[large, {}],
				[small, {}],
				[large, { maxTokens: 777 }],
			] as const) {
				const run = await runStream(api.streamSimple(model, askContext("Hi"), { apiKey: API_KEY, ...options }));
				expect(run.result.stopReason, run.result.errorMessage).toBe("stop");
			}
			expect(mock().requests.map((request) => api.maxTokensOf(request.body))).toEqual([32_000, 1000, 777]);
		},
	);

	it.skipIf(!sendsMaxTokens)(
		"runs onPayload with the built payload and the model, and sends what it returns",
		async () => {
			mock().enqueue(
				{ type: "reply", blocks: [{ type: "text", text: "replaced" }] },
				{ type: "reply", blocks: [{ type: "text", text: "kept" }] },
			);
			const model = api.makeModel(mock().url);
			const seen: { payload: unknown; model: Model }[] = [];
			const replaced = await runStream(
				api.streamSimple(model, askContext("Hi"), {
					apiKey: API_KEY,
					onPayload: async (payload, hookModel) => {
						seen.push({ payload, model: hookModel });
						return api.withMaxTokens(payload, 4321);
					},
				}),
			);
			const kept = await runStream(
				api.streamSimple(model, askContext("Hi"), { apiKey: API_KEY, onPayload: () => undefined }),
			);

			expect(replaced.result.stopReason, replaced.result.errorMessage).toBe("stop");
			expect(kept.result.stopReason, kept.result.errorMessage).toBe("stop");
			expect(seen).toHaveLength(1);
			expect(seen[0]?.model).toBe(model);
			expect(seen[0]?.payload).toEqual(expect.any(Object));
			expect(mock().requests.map((request) => api.maxTokensOf(request.body))).toEqual([4321, 32_000]);
		},
	);

	it("opens no block for empty deltas and keeps no empty block in the final message", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Hmm", deltas: ["", "Hm", "", "m"] },
				{ type: "text", text: "", deltas: ["", ""] },
				{ type: "text", text: "Hello", deltas: ["", "Hel", "", "lo", ""] },
			],
		});
		const run = await runStream(
			api.streamSimple(api.makeModel(mock().url), askContext("Hi"), { apiKey: API_KEY, ...api.thinkingOptions }),
		);

		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.events.map((event) => event.type)).toEqual([
			"start",
			"thinking_start",
			"thinking_delta",
			"thinking_delta",
			"thinking_end",
			"text_start",
			"text_delta",
			"text_delta",
			"text_end",
			"done",
		]);
		expect(run.events.filter((event) => "delta" in event && event.delta === "")).toEqual([]);
		expect(run.result.content).toMatchObject([
			{ type: "thinking", thinking: "Hmm" },
			{ type: "text", text: "Hello" },
		]);
	});

	it("skips errored turns and answers orphaned tool calls with an error result (ai.md §8 rules 5, 6)", async () => {
		mock().enqueue({ type: "reply", blocks: [{ type: "text", text: "Fine." }] });
		const model = api.makeModel(mock().url);
		const context: Context = {
			messages: [
				{ role: "user", content: "Do it", timestamp: 1 },
				assistantTurn(
					model,
					[
						{ type: "text", text: "half an answer" },
						{ type: "toolCall", id: "call_failed", name: "read", arguments: { path: "failed.txt" } },
					],
					{ stopReason: "error", errorMessage: "500 api_error: boom" },
				),
				{ role: "user", content: "Try again", timestamp: 3 },
				assistantTurn(model, [{ type: "toolCall", id: "call_orphan", name: "read", arguments: { path: "o.txt" } }], {
					stopReason: "toolUse",
				}),
				{ role: "user", content: "Never mind", timestamp: 5 },
			],
		};
		const run = await runStream(api.streamSimple(model, context, { apiKey: API_KEY }));

		expect(run.result.stopReason, run.result.errorMessage).toBe("stop");
		const body = mock().requests[0]!.body;
		expect(api.userTextsOf(body)).toEqual(["Do it", "Try again", "Never mind"]);
		expect(api.assistantTextsOf(body)).not.toContain("half an answer");
		expect(api.toolCallsOf(body)).toMatchObject([{ name: "read", arguments: { path: "o.txt" } }]);
		const results = api.toolResultsOf(body);
		expect(results.map((result) => result.text)).toEqual(["No result provided"]);
		expect(results[0]?.isError ?? true).toBe(true);
		if (api.capabilities.sendsToolCallIds) {
			expect(results[0]?.toolCallId).toBe(api.toolCallsOf(body)[0]?.id);
		}
	});
});
