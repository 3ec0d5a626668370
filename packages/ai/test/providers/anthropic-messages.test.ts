import { type MockLlm, startMockLlm } from "@pi/llm-mock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stream, streamSimple } from "../../src/providers/anthropic-messages.js";
import { checkInvariants } from "../conformance/support/check-invariants.js";
import { runStream } from "../conformance/support/run-stream.js";
import { anthropicModel, UNREACHABLE_URL, userContext } from "./capture-payload.js";

/** An Anthropic SSE body from event objects (`event:` is each object's `type`). */
function anthropicSse(...events: Record<string, unknown>[]): string {
	return events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join("");
}

const MESSAGE_START = {
	type: "message_start",
	message: {
		id: "msg_test",
		type: "message",
		role: "assistant",
		model: "claude-haiku-4-5",
		content: [],
		stop_reason: null,
		stop_sequence: null,
		usage: { input_tokens: 42, output_tokens: 1, cache_read_input_tokens: 7, cache_creation_input_tokens: 3 },
	},
};

function messageEnd(stopReason: string, outputTokens = 9): Record<string, unknown>[] {
	return [
		{
			type: "message_delta",
			delta: { stop_reason: stopReason, stop_sequence: null },
			usage: { output_tokens: outputTokens, input_tokens: null },
		},
		{ type: "message_stop" },
	];
}

describe("anthropic-messages over @anthropic-ai/sdk", () => {
	let mock: MockLlm;
	beforeAll(async () => {
		mock = await startMockLlm();
	});
	afterEach(() => mock.reset());
	afterAll(async () => {
		await mock.close();
	});

	const model = () => anthropicModel({ baseUrl: mock.url });
	const raw = (body: string) => mock.enqueue({ type: "raw", body });

	it("sends the key as bearer auth and merges model then option headers, case-insensitively", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await runStream(
			stream(
				anthropicModel({ baseUrl: mock.url, headers: { "X-Team": "model", "X-Model-Only": "1" } }),
				userContext(),
				{
					apiKey: "sk-ant-api03-key",
					headers: { "x-team": "options" },
				},
			),
		);
		const headers = mock.requests[0]!.headers;
		expect(headers.authorization).toBe("Bearer sk-ant-api03-key");
		expect(headers["x-team"]).toBe("options");
		expect(headers["x-model-only"]).toBe("1");
		expect(headers["anthropic-beta"]).toBeUndefined();
	});

	// Pins SDK behaviour we rely on: a key passed in code is the only credential sent.
	it("never picks up ambient ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN beside the given key", async () => {
		const saved = { api: process.env.ANTHROPIC_API_KEY, auth: process.env.ANTHROPIC_AUTH_TOKEN };
		process.env.ANTHROPIC_API_KEY = "sk-ant-ambient";
		process.env.ANTHROPIC_AUTH_TOKEN = "ambient-token";
		try {
			mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
			await runStream(stream(model(), userContext(), { apiKey: "sk-ant-api03-given" }));
			const headers = mock.requests[0]!.headers;
			expect(headers.authorization).toBe("Bearer sk-ant-api03-given");
			expect(headers["x-api-key"]).toBeUndefined();
		} finally {
			for (const [name, value] of [
				["ANTHROPIC_API_KEY", saved.api],
				["ANTHROPIC_AUTH_TOKEN", saved.auth],
			] as const) {
				if (value === undefined) delete process.env[name];
				else process.env[name] = value;
			}
		}
	});

	it("sends OAuth tokens as auth tokens with the OAuth beta flag", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await runStream(stream(model(), userContext(), { apiKey: "sk-ant-oat01-token" }));
		const headers = mock.requests[0]!.headers;
		expect(headers.authorization).toBe("Bearer sk-ant-oat01-token");
		expect(headers["anthropic-beta"]).toContain("oauth-2025-04-20");
	});

	it("adds the interleaved-thinking beta only for budget thinking", async () => {
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
			{ type: "reply", blocks: [{ type: "text", text: "ok" }] },
		);
		await runStream(streamSimple(model(), userContext(), { apiKey: "k", reasoning: "low" }));
		await runStream(
			streamSimple(anthropicModel({ baseUrl: mock.url, id: "claude-opus-4-6" }), userContext(), {
				apiKey: "k",
				reasoning: "low",
			}),
		);
		expect(mock.requests[0]!.headers["anthropic-beta"]).toBe("interleaved-thinking-2025-05-14");
		expect(mock.requests[1]!.headers["anthropic-beta"]).toBeUndefined();
	});

	it("sends the body onPayload returns instead of the built one", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const run = await runStream(
			stream(model(), userContext(), {
				apiKey: "k",
				onPayload: (payload) => ({ ...(payload as Record<string, unknown>), max_tokens: 77 }),
			}),
		);
		expect(run.result.stopReason).toBe("stop");
		expect(mock.requests[0]!.body).toMatchObject({ max_tokens: 77 });
	});

	it("keeps input usage from message_start when message_delta reports it as null", async () => {
		raw(
			anthropicSse(
				MESSAGE_START,
				{ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
				{ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } },
				{ type: "content_block_stop", index: 0 },
				...messageEnd("end_turn", 9),
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.usage).toMatchObject({ input: 42, output: 9, cacheRead: 7, cacheWrite: 3, totalTokens: 61 });
		expect(run.result.responseId).toBe("msg_test");
	});

	it("streams redacted thinking as a redacted block carrying the opaque data", async () => {
		raw(
			anthropicSse(
				MESSAGE_START,
				{ type: "content_block_start", index: 0, content_block: { type: "redacted_thinking", data: "ENCRYPTED" } },
				{ type: "content_block_stop", index: 0 },
				{ type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
				{ type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Done" } },
				{ type: "content_block_stop", index: 1 },
				...messageEnd("end_turn"),
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.content).toEqual([
			{ type: "thinking", thinking: "", thinkingSignature: "ENCRYPTED", redacted: true },
			{ type: "text", text: "Done" },
		]);
	});

	it("takes tool input given whole in content_block_start when no deltas follow", async () => {
		raw(
			anthropicSse(
				MESSAGE_START,
				{
					type: "content_block_start",
					index: 0,
					content_block: { type: "tool_use", id: "toolu_1", name: "read", input: { path: "a" } },
				},
				{ type: "content_block_stop", index: 0 },
				...messageEnd("tool_use"),
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("toolUse");
		expect(run.result.content).toEqual([{ type: "toolCall", id: "toolu_1", name: "read", arguments: { path: "a" } }]);
	});

	it("ends a refusal as an error naming the stop reason", async () => {
		raw(
			anthropicSse(
				MESSAGE_START,
				{ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
				{ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "I can't" } },
				{ type: "content_block_stop", index: 0 },
				...messageEnd("refusal"),
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toContain("refusal");
		expect(run.result.content).toEqual([{ type: "text", text: "I can't" }]);
	});

	it("maps max_tokens to length", async () => {
		raw(anthropicSse(MESSAGE_START, ...messageEnd("max_tokens")));
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("length");
	});

	it("fails a stream that ends before message_stop", async () => {
		raw(
			anthropicSse(
				MESSAGE_START,
				{ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
				{ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Half" } },
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toContain("message_stop");
		expect(run.result.content).toEqual([{ type: "text", text: "Half" }]);
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
	});

	it("fails on malformed event data without throwing", async () => {
		raw(`${anthropicSse(MESSAGE_START)}event: content_block_start\ndata: {not json\n\n`);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.thrown).toBeUndefined();
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toBeTruthy();
	});

	it("keeps the status and raw text of a non-JSON error body", async () => {
		mock.enqueue({
			type: "raw",
			status: 502,
			headers: { "content-type": "text/html" },
			body: "<html>Bad gateway</html>",
		});
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toMatch(/^502 /);
		expect(run.result.errorMessage).toContain("Bad gateway");
	});

	it("reports a refused connection as a connection error", async () => {
		const run = await runStream(stream(anthropicModel({ baseUrl: UNREACHABLE_URL }), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toMatch(/^Connection error/);
	});
});
