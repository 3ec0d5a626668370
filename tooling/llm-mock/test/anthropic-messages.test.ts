import { describe, expect, it } from "vitest";
import type { MockErrorStatus } from "../src/types.js";
import { type ErrorEnvelope, postJson, readJson, useMockLlm } from "./support/mock-client.js";
import { parseSse, sseJson } from "./support/sse.js";

const context = useMockLlm();
const streamRequest = { model: "claude-sonnet-4-5", max_tokens: 1024, stream: true, messages: [] };

describe("anthropic-messages stream", () => {
	it("sends message_start with the full message, a ping, text deltas, message_delta and message_stop", async () => {
		const { mock } = context;
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Hello there", deltas: ["Hello", " there"] }],
			usage: { input: 12, output: 5, cacheRead: 100, cacheWrite: 7 },
		});
		const response = await postJson(mock, "/v1/messages", streamRequest);
		expect(response.status).toBe(200);
		expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
		expect(response.headers.get("request-id")).toMatch(/^req_011C\w{20}$/);
		const text = await response.text();
		const events = parseSse(text);
		expect(events.map((event) => event.event)).toEqual([
			"message_start",
			"content_block_start",
			"ping",
			"content_block_delta",
			"content_block_delta",
			"content_block_stop",
			"message_delta",
			"message_stop",
		]);
		// Each event's `type` equals its SSE event name.
		for (const event of events) expect(JSON.parse(event.data).type).toBe(event.event);
		expect(text).toContain('event: ping\ndata: {"type": "ping"}\n\n');
		const [start, blockStart, , delta1, delta2, , messageDelta] = sseJson(text);
		expect(start?.message).toEqual({
			model: "claude-sonnet-4-5",
			id: expect.stringMatching(/^msg_01\w{22}$/),
			type: "message",
			role: "assistant",
			content: [],
			stop_reason: null,
			stop_sequence: null,
			usage: {
				input_tokens: 12,
				cache_creation_input_tokens: 7,
				cache_read_input_tokens: 100,
				cache_creation: { ephemeral_5m_input_tokens: 7, ephemeral_1h_input_tokens: 0 },
				output_tokens: 1,
				service_tier: "standard",
			},
		});
		expect(blockStart).toEqual({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
		expect(delta1).toEqual({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello" } });
		expect(delta2?.delta).toEqual({ type: "text_delta", text: " there" });
		expect(messageDelta).toEqual({
			type: "message_delta",
			delta: { stop_reason: "end_turn", stop_sequence: null },
			usage: {
				input_tokens: 12,
				cache_creation_input_tokens: 7,
				cache_read_input_tokens: 100,
				output_tokens: 5,
				output_tokens_details: { thinking_tokens: 0 },
			},
		});
	});

	it("streams thinking with a signature_delta, redacted thinking, and tool_use input_json_delta", async () => {
		const { mock } = context;
		mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Think hard", signature: "sig-1", deltas: 2 },
				{ type: "thinking", text: "", redacted: true, signature: "opaque-data" },
				{ type: "toolCall", id: "toolu_x", name: "read", arguments: { path: "a.txt" }, deltas: 2 },
			],
		});
		const events = sseJson(await (await postJson(mock, "/v1/messages", streamRequest)).text());
		const of = (index: number) => events.filter((event) => event.index === index);
		expect(of(0).map((event) => (event.type === "content_block_delta" ? event.delta : event.content_block))).toEqual([
			{ type: "thinking", thinking: "", signature: "" },
			{ type: "thinking_delta", thinking: "Think" },
			{ type: "thinking_delta", thinking: " hard" },
			{ type: "signature_delta", signature: "sig-1" },
			undefined,
		]);
		expect(of(1)).toEqual([
			{ type: "content_block_start", index: 1, content_block: { type: "redacted_thinking", data: "opaque-data" } },
			{ type: "content_block_stop", index: 1 },
		]);
		const tool = of(2);
		expect(tool[0]?.content_block).toEqual({ type: "tool_use", id: "toolu_x", name: "read", input: {} });
		const partials = tool.flatMap((event) => (event.type === "content_block_delta" ? [event.delta] : []));
		expect(partials[0]).toEqual({ type: "input_json_delta", partial_json: "" });
		expect(partials.map((delta) => (delta as { partial_json: string }).partial_json).join("")).toBe('{"path":"a.txt"}');
		expect(events.find((event) => event.type === "message_delta")?.delta).toEqual({
			stop_reason: "tool_use",
			stop_sequence: null,
		});
	});

	it("maps length to max_tokens and generates a signature when none is given", async () => {
		const { mock } = context;
		mock.enqueue({ type: "reply", blocks: [{ type: "thinking", text: "x" }], stopReason: "length" });
		const events = sseJson(await (await postJson(mock, "/v1/messages", streamRequest)).text());
		const signature = events.find((event) => (event.delta as { type?: string })?.type === "signature_delta");
		expect((signature?.delta as { signature?: string } | undefined)?.signature?.length).toBeGreaterThan(20);
		expect(events.find((event) => event.type === "message_delta")?.delta).toMatchObject({ stop_reason: "max_tokens" });
	});

	it.each(["refusal", "pause_turn"])("sends vendorStopReason %s verbatim in message_delta", async (reason) => {
		const { mock } = context;
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hello.." }], vendorStopReason: reason });
		const events = sseJson(await (await postJson(mock, "/v1/messages", streamRequest)).text());
		expect(events.find((event) => event.type === "message_delta")?.delta).toEqual({
			stop_reason: reason,
			stop_sequence: null,
		});
	});

	it("ends the stream with an error event when streamError is set", async () => {
		const { mock } = context;
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "abc" }], streamError: { afterEvents: 3 } });
		const events = parseSse(await (await postJson(mock, "/v1/messages", streamRequest)).text());
		expect(events.map((event) => event.event)).toEqual(["message_start", "content_block_start", "ping", "error"]);
		expect(JSON.parse(events[3]?.data ?? "")).toMatchObject({
			type: "error",
			error: { type: "overloaded_error", message: "Overloaded" },
		});
	});

	it("answers a non-streaming request with the whole message", async () => {
		const { mock } = context;
		mock.enqueue({
			type: "reply",
			id: "msg_fixed",
			blocks: [
				{ type: "thinking", text: "hmm", signature: "s" },
				{ type: "text", text: "Hi" },
				{ type: "toolCall", id: "toolu_1", name: "ls", arguments: '{"dir":"."}' },
			],
			usage: { input: 3, output: 9 },
		});
		const response = await postJson(mock, "/v1/messages", { ...streamRequest, stream: false });
		expect(response.headers.get("content-type")).toBe("application/json");
		expect(await readJson(response)).toMatchObject({
			id: "msg_fixed",
			type: "message",
			role: "assistant",
			content: [
				{ type: "thinking", thinking: "hmm", signature: "s" },
				{ type: "text", text: "Hi" },
				{ type: "tool_use", id: "toolu_1", name: "ls", input: { dir: "." } },
			],
			stop_reason: "tool_use",
			usage: { input_tokens: 3, output_tokens: 9 },
		});
	});

	it("puts a per-API vendorStopReason in a whole message", async () => {
		const { mock } = context;
		mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Paused" }],
			vendorStopReason: { "anthropic-messages": "pause_turn", "google-generative-ai": "SAFETY" },
		});
		const response = await postJson(mock, "/v1/messages", { ...streamRequest, stream: false });
		expect(await readJson(response)).toMatchObject({ stop_reason: "pause_turn", stop_sequence: null });
	});
});

describe("anthropic-messages errors", () => {
	const cases: [MockErrorStatus, string, string][] = [
		[400, "invalid_request_error", "Invalid request"],
		[401, "authentication_error", "invalid x-api-key"],
		[403, "permission_error", "Your API key does not have permission to use the specified resource."],
		[404, "not_found_error", "Not found"],
		[413, "request_too_large", "Request exceeds the maximum allowed number of bytes."],
		[429, "rate_limit_error", "This request would exceed the rate limit"],
		[500, "api_error", "Internal server error"],
		[503, "api_error", "Internal server error"],
		[529, "overloaded_error", "Overloaded"],
	];
	it.each(cases)("renders %i as %s", async (status, type, message) => {
		const { mock } = context;
		mock.enqueue({ type: "error", status });
		const response = await postJson(mock, "/v1/messages", streamRequest);
		expect(response.status).toBe(status);
		expect(response.headers.get("content-type")).toBe("application/json");
		const body = await readJson<ErrorEnvelope>(response);
		expect(body).toEqual({
			type: "error",
			error: { type, message: expect.stringContaining(message) },
			request_id: response.headers.get("request-id"),
		});
	});

	it("sends retry-after and rate-limit headers on 429 and keeps a custom message", async () => {
		const { mock } = context;
		mock.enqueue({ type: "error", status: 429, retryAfterSeconds: 7, message: "slow down" });
		const response = await postJson(mock, "/v1/messages", streamRequest);
		expect(response.headers.get("retry-after")).toBe("7");
		expect(response.headers.get("anthropic-ratelimit-input-tokens-remaining")).toBe("0");
		expect((await readJson<ErrorEnvelope>(response)).error).toEqual({ type: "rate_limit_error", message: "slow down" });
	});

	it("uses the real overflow wording", async () => {
		const { mock } = context;
		mock.enqueue({ type: "error", status: 400, overflow: true });
		const body = await readJson<ErrorEnvelope>(await postJson(mock, "/v1/messages", streamRequest));
		expect(body.error).toEqual({
			type: "invalid_request_error",
			message: "prompt is too long: 210000 tokens > 200000 maximum",
		});
	});

	it("sends a 400 with no body", async () => {
		const { mock } = context;
		mock.enqueue({ type: "error", status: 400, noBody: true });
		const response = await postJson(mock, "/v1/messages", streamRequest);
		expect(response.status).toBe(400);
		expect(response.headers.get("content-length")).toBe("0");
		expect(await response.text()).toBe("");
	});

	it("always sends retry-after and the anthropic-ratelimit-* family on a 429", async () => {
		// The rate-limits page: every 429 carries retry-after; header names and RFC 3339 resets from its table.
		const { mock } = context;
		mock.enqueue({ type: "error", status: 429 });
		const response = await postJson(mock, "/v1/messages", streamRequest);
		expect(response.status).toBe(429);
		expect(response.headers.get("retry-after")).toBe("60");
		const families = ["requests", "tokens", "input-tokens", "output-tokens"];
		for (const family of families) {
			for (const field of ["limit", "remaining"]) {
				expect(response.headers.get(`anthropic-ratelimit-${family}-${field}`)).toMatch(/^\d+$/);
			}
			expect(response.headers.get(`anthropic-ratelimit-${family}-reset`)).toMatch(
				/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/,
			);
		}
		const header = (name: string) => Number(response.headers.get(`anthropic-ratelimit-${name}`));
		expect(header("input-tokens-remaining")).toBe(0);
		expect(header("tokens-limit")).toBe(header("input-tokens-limit") + header("output-tokens-limit"));
		expect(header("tokens-remaining")).toBe(header("input-tokens-remaining") + header("output-tokens-remaining"));
		const resetIn = Date.parse(response.headers.get("anthropic-ratelimit-input-tokens-reset") ?? "") - Date.now();
		expect(resetIn).toBeGreaterThan(50_000);
		expect(resetIn).toBeLessThanOrEqual(60_000);
		expect((await readJson<ErrorEnvelope>(response)).error.type).toBe("rate_limit_error");
	});

	it("sends retry-after on other statuses only when the script gives one", async () => {
		const { mock } = context;
		mock.enqueue({ type: "error", status: 529 }, { type: "error", status: 529, retryAfterSeconds: 5 });
		expect((await postJson(mock, "/v1/messages", streamRequest)).headers.get("retry-after")).toBeNull();
		expect((await postJson(mock, "/v1/messages", streamRequest)).headers.get("retry-after")).toBe("5");
	});

	it("answers kind invalid_api_key with 401 authentication_error", async () => {
		const { mock } = context;
		mock.enqueue({ type: "error", kind: "invalid_api_key" });
		const response = await postJson(mock, "/v1/messages", streamRequest);
		expect(response.status).toBe(401);
		expect((await readJson<ErrorEnvelope>(response)).error).toEqual({
			type: "authentication_error",
			message: "invalid x-api-key",
		});
	});
});
