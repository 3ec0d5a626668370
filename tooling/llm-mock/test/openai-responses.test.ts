import { describe, expect, it } from "vitest";
import { type ErrorEnvelope, postJson, readJson, useMockLlm } from "./support/mock-client.js";
import { responsesStreamEvents } from "./support/responses.js";

const context = useMockLlm();
const PATH = "/v1/responses";

const streamEvents = (body: Record<string, unknown> = {}) => responsesStreamEvents(context.mock, body);

describe("openai-responses stream", () => {
	it("sends the full typed sequence for a text message", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Hello", deltas: ["Hel", "lo"] }],
			usage: { input: 20, output: 8, cacheRead: 5, reasoning: 3 },
		});
		const events = await streamEvents({ instructions: "be brief", tools: [{ type: "function", name: "f" }] });
		expect(events.map((event) => event.type)).toEqual([
			"response.created",
			"response.in_progress",
			"response.output_item.added",
			"response.content_part.added",
			"response.output_text.delta",
			"response.output_text.delta",
			"response.output_text.done",
			"response.content_part.done",
			"response.output_item.done",
			"response.completed",
		]);
		const created = events[0]?.response as Record<string, unknown>;
		expect(created).toMatchObject({
			object: "response",
			status: "in_progress",
			model: "gpt-5",
			output: [],
			usage: null,
			instructions: "be brief",
			tools: [{ type: "function", name: "f" }],
		});
		expect(created.id).toMatch(/^resp_[0-9a-f]{50}$/);
		const added = events[2]?.item as Record<string, unknown>;
		expect(added).toMatchObject({ type: "message", status: "in_progress", content: [], role: "assistant" });
		expect(added.id).toMatch(/^msg_[0-9a-f]{50}$/);
		expect(events[3]).toMatchObject({
			item_id: added.id,
			output_index: 0,
			content_index: 0,
			part: { type: "output_text", annotations: [], logprobs: [], text: "" },
		});
		expect(events[4]).toMatchObject({
			item_id: added.id,
			output_index: 0,
			content_index: 0,
			delta: "Hel",
			logprobs: [],
		});
		expect(typeof events[4]?.obfuscation).toBe("string");
		expect(events[6]).toMatchObject({ text: "Hello" });
		expect(events[8]?.item).toMatchObject({ status: "completed", content: [{ type: "output_text", text: "Hello" }] });
		expect(events[9]?.response).toMatchObject({
			id: created.id,
			status: "completed",
			output: [{ type: "message", content: [{ text: "Hello" }] }],
			usage: {
				input_tokens: 25,
				input_tokens_details: { cached_tokens: 5 },
				output_tokens: 8,
				output_tokens_details: { reasoning_tokens: 3 },
				total_tokens: 33,
			},
		});
	});

	it("streams reasoning summaries, with encrypted_content only when the request includes it", async () => {
		const reply = {
			type: "reply" as const,
			blocks: [
				{ type: "thinking" as const, text: "Because", signature: "enc-1", deltas: 2 },
				{ type: "thinking" as const, text: "", redacted: true, signature: "enc-2" },
			],
		};
		context.mock.enqueue(reply, reply);
		const plain = await streamEvents();
		expect(plain.map((event) => event.type).slice(2, -1)).toEqual([
			"response.output_item.added",
			"response.reasoning_summary_part.added",
			"response.reasoning_summary_text.delta",
			"response.reasoning_summary_text.delta",
			"response.reasoning_summary_text.done",
			"response.reasoning_summary_part.done",
			"response.output_item.done",
			"response.output_item.added",
			"response.output_item.done",
		]);
		const firstItem = plain[2]?.item as Record<string, unknown>;
		expect(firstItem).toEqual({ id: expect.stringMatching(/^rs_[0-9a-f]{50}$/), type: "reasoning", summary: [] });
		expect(plain[3]).toMatchObject({ summary_index: 0, part: { type: "summary_text", text: "" } });
		expect(plain[4]).toMatchObject({ item_id: firstItem.id, summary_index: 0, delta: "Bec" });
		expect(plain[6]).toMatchObject({ text: "Because" });
		expect(plain[8]?.item).toEqual({ ...firstItem, summary: [{ type: "summary_text", text: "Because" }] });
		expect(plain[10]?.item).toMatchObject({ type: "reasoning", summary: [] });

		const encrypted = await streamEvents({ include: ["reasoning.encrypted_content"] });
		const items = encrypted.filter((event) => event.type.startsWith("response.output_item"));
		expect(items.map((event) => (event.item as { encrypted_content?: string }).encrypted_content)).toEqual([
			"enc-1",
			"enc-1",
			"enc-2",
			"enc-2",
		]);
	});

	it("streams a function call's arguments and completes with it in output", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "call_abc", name: "get_weather", arguments: '{"city":"Oslo"}', deltas: 3 }],
		});
		const events = await streamEvents();
		const added = events[2]?.item as Record<string, unknown>;
		expect(added).toEqual({
			id: expect.stringMatching(/^fc_[0-9a-f]{50}$/),
			type: "function_call",
			status: "in_progress",
			arguments: "",
			call_id: "call_abc",
			name: "get_weather",
		});
		const deltas = events.filter((event) => event.type === "response.function_call_arguments.delta");
		expect(deltas).toHaveLength(3);
		expect(deltas.map((event) => event.delta).join("")).toBe('{"city":"Oslo"}');
		expect(deltas[0]).toMatchObject({ item_id: added.id, output_index: 0 });
		expect(events.find((event) => event.type === "response.function_call_arguments.done")).toMatchObject({
			arguments: '{"city":"Oslo"}',
		});
		expect((events.at(-1)?.response as { output?: unknown[] } | undefined)?.output).toEqual([
			{ ...added, status: "completed", arguments: '{"city":"Oslo"}' },
		]);
	});

	it("ends with response.incomplete and max_output_tokens details for length", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "cut" }], stopReason: "length" });
		const events = await streamEvents({ max_output_tokens: 16 });
		const last = events.at(-1);
		expect(last?.type).toBe("response.incomplete");
		expect(last?.response).toMatchObject({
			status: "incomplete",
			incomplete_details: { reason: "max_output_tokens" },
			max_output_tokens: 16,
			output: [{ type: "message", status: "incomplete" }],
		});
	});

	it("streams several summary parts per reasoning item, numbered by summary_index", async () => {
		// Recorded: vercel/ai azure-gpt5-reasoning-multi-summary-no-encryption.chunks.txt.
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "**One**\n\nA.\n\n**Two**", summary: ["**One**\n\nA.", "**Two**"], deltas: 2 },
				{ type: "text", text: "Done" },
			],
		});
		const events = await streamEvents();
		const reasoning = events.filter((event) => event.type.startsWith("response.reasoning_summary"));
		expect(reasoning.map((event) => [event.type, event.summary_index])).toEqual([
			["response.reasoning_summary_part.added", 0],
			["response.reasoning_summary_text.delta", 0],
			["response.reasoning_summary_text.delta", 0],
			["response.reasoning_summary_text.done", 0],
			["response.reasoning_summary_part.done", 0],
			["response.reasoning_summary_part.added", 1],
			["response.reasoning_summary_text.delta", 1],
			["response.reasoning_summary_text.delta", 1],
			["response.reasoning_summary_text.done", 1],
			["response.reasoning_summary_part.done", 1],
		]);
		expect(reasoning.filter((event) => event.summary_index === 0 && "delta" in event).map((e) => e.delta)).toEqual([
			"**One",
			"**\n\nA.",
		]);
		expect(reasoning[8]).toMatchObject({ text: "**Two**" });
		const done = events.find((event) => event.type === "response.output_item.done")?.item;
		expect(done).toMatchObject({
			type: "reasoning",
			summary: [
				{ type: "summary_text", text: "**One**\n\nA." },
				{ type: "summary_text", text: "**Two**" },
			],
		});
	});

	it("ends with response.incomplete carrying vendorStopReason as incomplete_details.reason", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "Sor" }],
			vendorStopReason: "content_filter",
		});
		const last = (await streamEvents()).at(-1);
		expect(last?.type).toBe("response.incomplete");
		expect(last?.response).toMatchObject({
			status: "incomplete",
			incomplete_details: { reason: "content_filter" },
			output: [{ type: "message", status: "incomplete" }],
		});
	});

	it("answers a non-streaming request with the response object", async () => {
		context.mock.enqueue({ type: "reply", id: "resp_fixed", blocks: [{ type: "text", text: "Hi" }] });
		const response = await postJson(context.mock, PATH, { model: "gpt-5", input: "hi" });
		expect(await readJson(response)).toMatchObject({
			id: "resp_fixed",
			object: "response",
			status: "completed",
			output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "Hi" }] }],
		});
	});

	it("puts summary parts and a vendor stop reason in a non-streaming response", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "thinking", text: "a\n\nb", summary: ["a", "b"] }],
			vendorStopReason: { "openai-responses": "content_filter" },
		});
		const body = await readJson(await postJson(context.mock, PATH, { model: "gpt-5", input: "hi" }));
		expect(body).toMatchObject({
			status: "incomplete",
			incomplete_details: { reason: "content_filter" },
			output: [{ type: "reasoning", summary: [{ text: "a" }, { text: "b" }] }],
		});
	});

	it("rejects summary parts that do not join to the thinking text", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "thinking", text: "ab", summary: ["a", "b"] }] });
		const response = await postJson(context.mock, PATH, { model: "gpt-5", stream: true });
		expect(response.status).toBe(500);
		expect((await readJson<ErrorEnvelope>(response)).error.message).toMatch(
			/^llm-mock: blocks\[0\]: "text" must equal the "summary" parts joined by a blank line/,
		);
	});
});

describe("openai-responses errors", () => {
	it("uses the Responses overflow wording", async () => {
		context.mock.enqueue({ type: "error", status: 400, overflow: true });
		const response = await postJson(context.mock, PATH, { model: "gpt-5", stream: true });
		expect(response.status).toBe(400);
		expect((await readJson<ErrorEnvelope>(response)).error).toEqual({
			message: "Your input exceeds the context window of this model. Please adjust your input and try again.",
			type: "invalid_request_error",
			param: "input",
			code: "context_length_exceeded",
		});
	});

	it("renders 429 with retry headers and rate_limit_exceeded", async () => {
		context.mock.enqueue({ type: "error", status: 429, retryAfterSeconds: 3 });
		const response = await postJson(context.mock, PATH, { model: "gpt-5", stream: true });
		expect(response.status).toBe(429);
		expect(response.headers.get("retry-after")).toBe("3");
		expect(response.headers.get("retry-after-ms")).toBe("3000");
		expect((await readJson<ErrorEnvelope>(response)).error).toMatchObject({ code: "rate_limit_exceeded" });
	});
});
