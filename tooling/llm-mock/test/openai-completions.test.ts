import { describe, expect, it } from "vitest";
import type { MockErrorStatus } from "../src/types.js";
import { type ErrorEnvelope, postJson, readJson, useMockLlm } from "./support/mock-client.js";
import { parseSse } from "./support/sse.js";

const context = useMockLlm();
const PATH = "/v1/chat/completions";

interface Chunk {
	id: string;
	object: string;
	created: number;
	model: string;
	system_fingerprint: string;
	choices: { index: number; delta: Record<string, unknown>; logprobs: null; finish_reason: string | null }[];
	usage?: Record<string, unknown> | null;
	obfuscation?: string;
}

async function streamChunks(body: Record<string, unknown>): Promise<{ chunks: Chunk[]; raw: string }> {
	const response = await postJson(context.mock, PATH, { model: "gpt-4o-mini", messages: [], stream: true, ...body });
	expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
	expect(response.headers.get("x-request-id")).toMatch(/^req_[0-9a-f]{32}$/);
	const raw = await response.text();
	const events = parseSse(raw);
	expect(events.every((event) => event.event === undefined)).toBe(true);
	expect(events.at(-1)?.data).toBe("[DONE]");
	return { chunks: events.slice(0, -1).map((event) => JSON.parse(event.data) as Chunk), raw };
}

describe("openai-completions stream", () => {
	it("opens with role and empty content, streams content, finishes with finish_reason, ends with [DONE]", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hi there", deltas: ["Hi", " there"] }] });
		const { chunks, raw } = await streamChunks({});
		expect(raw.endsWith("data: [DONE]\n\n")).toBe(true);
		expect(chunks.map((chunk) => chunk.choices[0]?.delta)).toEqual([
			{ role: "assistant", content: "", refusal: null },
			{ content: "Hi" },
			{ content: " there" },
			{},
		]);
		expect(chunks.map((chunk) => chunk.choices[0]?.finish_reason)).toEqual([null, null, null, "stop"]);
		for (const chunk of chunks) {
			expect(chunk).toMatchObject({ object: "chat.completion.chunk", model: "gpt-4o-mini", id: chunks[0]?.id });
			expect(chunk.id).toMatch(/^chatcmpl-\w{29}$/);
			expect(chunk.choices[0]).toMatchObject({ index: 0, logprobs: null });
			expect(chunk.system_fingerprint).toMatch(/^fp_[0-9a-f]{10}$/);
			expect(typeof chunk.obfuscation).toBe("string");
			expect("usage" in chunk).toBe(false);
		}
	});

	it("speaks Mistral's dialect to a request with a Mistral-only field: usage on the finishing chunk", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }], usage: { input: 10, output: 6 } });
		const { chunks } = await streamChunks({ prompt_mode: "reasoning" });
		const last = chunks.at(-1);
		expect(last?.choices[0]?.finish_reason).toBe("stop");
		expect(last?.usage).toMatchObject({ prompt_tokens: 10, completion_tokens: 6, total_tokens: 16 });
	});

	it("adds usage: null to chunks and a final usage chunk only when include_usage is set", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "ok" }],
			usage: { input: 10, output: 6, cacheRead: 4, reasoning: 2 },
		});
		const { chunks } = await streamChunks({ stream_options: { include_usage: true } });
		const last = chunks.at(-1);
		expect(last?.choices).toEqual([]);
		expect(last?.usage).toEqual({
			prompt_tokens: 14,
			completion_tokens: 6,
			total_tokens: 20,
			prompt_tokens_details: { cached_tokens: 4, audio_tokens: 0 },
			completion_tokens_details: {
				reasoning_tokens: 2,
				audio_tokens: 0,
				accepted_prediction_tokens: 0,
				rejected_prediction_tokens: 0,
			},
		});
		expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
	});

	it("omits obfuscation when include_obfuscation is false", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const { chunks } = await streamChunks({ stream_options: { include_obfuscation: false } });
		expect(chunks.some((chunk) => "obfuscation" in chunk)).toBe(false);
	});

	it("streams reasoning_content, then parallel tool calls keyed by index with id and name only in the first fragment", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "plan", deltas: 1 },
				{ type: "toolCall", id: "call_a", name: "read", arguments: '{"p":1}', deltas: 2 },
				{ type: "toolCall", name: "write", arguments: { q: 2 }, deltas: 1 },
			],
		});
		const { chunks } = await streamChunks({});
		const deltas = chunks.map((chunk) => chunk.choices[0]?.delta);
		expect(deltas[1]).toEqual({ content: null, reasoning_content: "plan" });
		const toolDeltas = deltas.flatMap((delta) => (delta?.tool_calls as Record<string, unknown>[] | undefined) ?? []);
		expect(toolDeltas[0]).toEqual({
			index: 0,
			id: "call_a",
			type: "function",
			function: { name: "read", arguments: "" },
		});
		expect(toolDeltas.slice(1, 3)).toEqual([
			{ index: 0, function: { arguments: '{"p' } },
			{ index: 0, function: { arguments: '":1}' } },
		]);
		expect(toolDeltas[3]).toMatchObject({ index: 1, type: "function", function: { name: "write", arguments: "" } });
		expect((toolDeltas[3] as { id: string }).id).toMatch(/^call_\w{24}$/);
		expect(toolDeltas[4]).toEqual({ index: 1, function: { arguments: '{"q":2}' } });
		expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("tool_calls");
	});

	it.each(["reasoning", "reasoning_text"] as const)(
		"streams reasoning under reasoningField %s instead of reasoning_content",
		async (field) => {
			context.mock.enqueue({
				type: "reply",
				blocks: [
					{ type: "thinking", text: "plan", deltas: 1 },
					{ type: "text", text: "ok", deltas: 1 },
				],
				reasoningField: field,
			});
			const { chunks } = await streamChunks({});
			expect(chunks[1]?.choices[0]?.delta).toEqual({ content: null, [field]: "plan" });
			expect(chunks.some((chunk) => "reasoning_content" in (chunk.choices[0]?.delta ?? {}))).toBe(false);
		},
	);

	it("sends vendorStopReason verbatim as finish_reason", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Sorry" }],
			vendorStopReason: "content_filter",
		});
		const { chunks } = await streamChunks({});
		expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("content_filter");
	});

	it("puts the role on the first tool fragment when the turn starts with a tool call, and maps length", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "call_z", name: "f", arguments: "{}" }],
			stopReason: "length",
		});
		const { chunks } = await streamChunks({});
		expect(chunks[0]?.choices[0]?.delta).toEqual({
			role: "assistant",
			content: null,
			tool_calls: [{ index: 0, id: "call_z", type: "function", function: { name: "f", arguments: "" } }],
			refusal: null,
		});
		expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("length");
	});

	it("sends a mid-stream error as a data line holding error", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "abc" }],
			streamError: { afterEvents: 1, message: "boom" },
		});
		const response = await postJson(context.mock, PATH, { model: "m", stream: true });
		const events = parseSse(await response.text());
		expect(events).toHaveLength(2);
		expect(JSON.parse(events[1]?.data ?? "")).toEqual({
			error: { message: "boom", type: "server_error", param: null, code: null },
		});
	});

	it("answers a non-streaming request with a chat.completion object", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "text", text: "Hello" },
				{ type: "toolCall", id: "call_1", name: "f", arguments: '{"a":1}' },
			],
			usage: { input: 2, output: 3 },
		});
		const response = await postJson(context.mock, PATH, { model: "gpt-4o", messages: [] });
		expect(response.headers.get("content-type")).toBe("application/json");
		expect(await readJson(response)).toMatchObject({
			object: "chat.completion",
			model: "gpt-4o",
			choices: [
				{
					index: 0,
					message: {
						role: "assistant",
						content: "Hello",
						refusal: null,
						tool_calls: [{ id: "call_1", type: "function", function: { name: "f", arguments: '{"a":1}' } }],
					},
					logprobs: null,
					finish_reason: "tool_calls",
				},
			],
			usage: { prompt_tokens: 2, completion_tokens: 3, total_tokens: 5 },
		});
	});

	it("puts reasoning on the message under reasoningField, and vendorStopReason as finish_reason", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "why" },
				{ type: "text", text: "because" },
			],
			reasoningField: "reasoning",
			vendorStopReason: { "openai-completions": "content_filter" },
		});
		const body = await readJson<{ choices: { message: Record<string, unknown>; finish_reason: string }[] }>(
			await postJson(context.mock, PATH, { model: "deepseek-reasoner", messages: [] }),
		);
		expect(body.choices[0]?.message).toMatchObject({ content: "because", reasoning: "why" });
		expect(body.choices[0]?.message).not.toHaveProperty("reasoning_content");
		expect(body.choices[0]?.finish_reason).toBe("content_filter");
	});
});

describe("openai-completions errors", () => {
	const cases: [MockErrorStatus, string, string | null][] = [
		[400, "invalid_request_error", null],
		[401, "invalid_request_error", "invalid_api_key"],
		[403, "request_forbidden", "unsupported_country_region_territory"],
		[404, "invalid_request_error", "model_not_found"],
		[413, "invalid_request_error", "request_too_large"],
		[429, "tokens", "rate_limit_exceeded"],
		[500, "server_error", null],
		[503, "server_error", null],
		[529, "server_error", null],
	];
	it.each(cases)("renders %i with type %s and code %s", async (status, type, code) => {
		context.mock.enqueue({ type: "error", status });
		const response = await postJson(context.mock, PATH, { model: "gpt-4o", stream: true });
		expect(response.status).toBe(status);
		expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
		expect(response.headers.get("x-request-id")).toMatch(/^req_/);
		const body = await readJson<ErrorEnvelope>(response);
		expect(body).toEqual({ error: { message: expect.any(String), type, param: null, code } });
	});

	it("sends retry-after and retry-after-ms on 429", async () => {
		context.mock.enqueue({ type: "error", status: 429, retryAfterSeconds: 1.5 });
		const response = await postJson(context.mock, PATH, { model: "gpt-4o", stream: true });
		expect(response.headers.get("retry-after")).toBe("1.5");
		expect(response.headers.get("retry-after-ms")).toBe("1500");
		expect((await readJson<ErrorEnvelope>(response)).error.message).toMatch(/^Rate limit reached for gpt-4o/);
	});

	it("uses the context_length_exceeded wording for overflow", async () => {
		context.mock.enqueue({ type: "error", status: 400, overflow: true });
		const body = await readJson<ErrorEnvelope>(await postJson(context.mock, PATH, { model: "gpt-4o", stream: true }));
		expect(body.error).toEqual({
			message:
				"This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens. Please reduce the length of the messages.",
			type: "invalid_request_error",
			param: "messages",
			code: "context_length_exceeded",
		});
	});

	it("answers kind invalid_api_key with 401 invalid_api_key", async () => {
		context.mock.enqueue({ type: "error", kind: "invalid_api_key" });
		const response = await postJson(context.mock, PATH, { model: "gpt-4o", stream: true });
		expect(response.status).toBe(401);
		expect((await readJson<ErrorEnvelope>(response)).error).toMatchObject({
			message: expect.stringMatching(/^Incorrect API key provided/),
			type: "invalid_request_error",
			code: "invalid_api_key",
		});
	});
});
