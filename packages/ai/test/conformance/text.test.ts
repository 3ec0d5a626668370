import { describe, expect, it } from "vitest";
import type { Context } from "../../src/types.js";
import { APIS_UNDER_TEST } from "./apis/index.js";
import { checkInvariants } from "./support/check-invariants.js";
import { API_KEY, askContext } from "./support/fixtures.js";
import { useMockLlm } from "./support/mock-server.js";
import { collapseDeltas, LONE_SURROGATE, runStream } from "./support/run-stream.js";

/** A base64-looking signature every vendor format can carry. */
const SIGNATURE = "c2lnbmF0dXJlLW9mLXRoZS10aG91Z2h0";

describe.each(APIS_UNDER_TEST)("conformance: text and thinking — $api", (api) => {
	const mock = useMockLlm();

	it("streams plain text and sends the system prompt, user text and model", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Hello there!", deltas: ["Hel", "lo ", "there!"] }],
		});
		const model = api.makeModel(mock().url);
		const run = await runStream(api.streamSimple(model, askContext("Say hello"), { apiKey: API_KEY }));

		expect(run.thrown).toBeUndefined();
		expect(run.events.map((event) => event.type)).toEqual([
			"start",
			"text_start",
			"text_delta",
			"text_delta",
			"text_delta",
			"text_end",
			"done",
		]);
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result).toMatchObject({
			role: "assistant",
			api: api.api,
			provider: model.provider,
			model: model.id,
			stopReason: "stop",
			content: [{ type: "text", text: "Hello there!" }],
		});
		expect(run.result.errorMessage).toBeUndefined();
		expect(run.result.responseId).toBeTruthy();

		const request = mock().requests[0]!;
		expect(mock().requests).toHaveLength(1);
		expect(api.requestedModelOf(request)).toBe(model.id);
		expect(api.systemPromptOf(request.body)).toBe("You are a terse assistant.");
		expect(api.userTextsOf(request.body)).toEqual(["Say hello"]);
		expect(api.toolNamesOf(request.body)).toEqual(["read", "write"]);
	});

	it("streams thinking then text, and replays the thinking with its signature next turn", async () => {
		mock().enqueue(
			{
				type: "reply",
				blocks: [
					{ type: "thinking", text: "The user greets me. I greet back.", signature: SIGNATURE, deltas: 3 },
					{ type: "text", text: "Hi!", deltas: 2 },
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "Still here." }] },
		);
		const model = api.makeModel(mock().url);
		const context = askContext("Hello?");
		const first = await runStream(api.streamSimple(model, context, { apiKey: API_KEY, ...api.thinkingOptions }));

		expect(collapseDeltas(first.events.map((event) => event.type))).toEqual([
			"start",
			"thinking_start",
			"thinking_delta+",
			"thinking_end",
			"text_start",
			"text_delta+",
			"text_end",
			"done",
		]);
		expect(checkInvariants(first.events, { result: first.result })).toEqual([]);
		const thinking = first.result.content[0];
		expect(thinking).toMatchObject({ type: "thinking", thinking: "The user greets me. I greet back." });
		if (api.capabilities.thinkingHasSignature && thinking?.type === "thinking") {
			expect(thinking.thinkingSignature).toBeTruthy();
		}

		context.messages.push(first.result, { role: "user", content: "Are you there?", timestamp: 2 });
		const second = await runStream(api.streamSimple(model, context, { apiKey: API_KEY, ...api.thinkingOptions }));
		expect(second.result.stopReason).toBe("stop");
		const body = mock().requests[1]!.body;
		if (api.capabilities.replaysThinking) {
			expect(api.replayedThinkingOf(body)).toEqual([
				expect.objectContaining({
					text: "The user greets me. I greet back.",
					...(api.capabilities.thinkingHasSignature ? { signature: SIGNATURE } : {}),
				}),
			]);
		} else {
			expect(api.replayedThinkingOf(body)).toEqual([]);
		}
		expect(api.assistantTextsOf(body)).toContain("Hi!");
		expect(api.userTextsOf(body)).toEqual(["Hello?", "Are you there?"]);
	});

	it("ends an empty reply with done and no content blocks", async () => {
		mock().enqueue({ type: "reply", blocks: [] });
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("…"), { apiKey: API_KEY }));
		expect(run.events.map((event) => event.type)).toEqual(["start", "done"]);
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.content).toEqual([]);
		expect(run.result.stopReason).toBe("stop");
	});

	it("maps usage and computes the cost from the model's prices", async () => {
		// Cache writes only exist where the vendor reports them (Anthropic); elsewhere they stay 0.
		const cacheWrite = api.capabilities.reportsCacheWrite ? 50 : 0;
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Counted." }],
			usage: { input: 1000, output: 200, cacheRead: 300, cacheWrite, reasoning: 40 },
		});
		const model = api.makeModel(mock().url);
		const run = await runStream(api.streamSimple(model, askContext("Count"), { apiKey: API_KEY }));
		const usage = run.result.usage;
		expect(usage).toMatchObject({ input: 1000, output: 200, cacheRead: 300, cacheWrite });
		expect(usage.totalTokens).toBe(1000 + 200 + 300 + cacheWrite);
		expect(usage.cost.input).toBeCloseTo((1000 * model.cost.input) / 1e6, 12);
		expect(usage.cost.output).toBeCloseTo((200 * model.cost.output) / 1e6, 12);
		expect(usage.cost.cacheRead).toBeCloseTo((300 * model.cost.cacheRead) / 1e6, 12);
		expect(usage.cost.cacheWrite).toBeCloseTo((cacheWrite * model.cost.cacheWrite) / 1e6, 12);
		expect(usage.cost.total).toBeCloseTo(
			usage.cost.input + usage.cost.output + usage.cost.cacheRead + usage.cost.cacheWrite,
			12,
		);
	});

	it("strips lone surrogates from outgoing text and keeps multi-byte text split inside UTF-8", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "日本語 ✓ 🎉 ünïcödé", deltas: 4 }],
			splitEveryBytes: 1,
		});
		const context: Context = {
			systemPrompt: "System \uDC00prompt 🎉",
			messages: [{ role: "user", content: "Broken \uD800 text, fine 🎉 emoji", timestamp: 1 }],
		};
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), context, { apiKey: API_KEY }));

		expect(run.thrown).toBeUndefined();
		expect(run.result.content).toMatchObject([{ type: "text", text: "日本語 ✓ 🎉 ünïcödé" }]);
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		const body = mock().requests[0]!.body;
		expect(LONE_SURROGATE.test(JSON.stringify(body))).toBe(false);
		expect(api.userTextsOf(body).at(-1)).toContain("fine 🎉 emoji");
		expect(api.userTextsOf(body).at(-1)).not.toMatch(LONE_SURROGATE);
		expect(api.systemPromptOf(body)).toContain("prompt 🎉");
	});
});
