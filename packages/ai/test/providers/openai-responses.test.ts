import { describe, expect, it } from "vitest";
import { stream, streamSimple } from "../../src/providers/openai-responses.js";
import type { Context, Tool } from "../../src/types.js";
import { checkInvariants } from "../conformance/support/check-invariants.js";
import { bodyOf, collect, mockModel, useMockLlm } from "./openai-test-support.js";

const server = useMockLlm();
const context: Context = { systemPrompt: "Be brief.", messages: [{ role: "user", content: "hi", timestamp: 1 }] };
const readTool = {
	name: "read",
	description: "Read a file",
	parameters: { type: "object", properties: { path: { type: "string" } } },
} as unknown as Tool;

/** A raw Responses SSE body from typed events. */
function events(...payloads: Record<string, unknown>[]): string {
	return payloads
		.map(
			(payload, index) => `event: ${payload.type}\ndata: ${JSON.stringify({ ...payload, sequence_number: index })}\n\n`,
		)
		.join("");
}
const created = { type: "response.created", response: { id: "resp_1", status: "in_progress", output: [] } };
const completed = (output: unknown[] = []) => ({
	type: "response.completed",
	response: {
		id: "resp_1",
		status: "completed",
		output,
		usage: {
			input_tokens: 10,
			input_tokens_details: { cached_tokens: 0 },
			output_tokens: 5,
			output_tokens_details: { reasoning_tokens: 0 },
			total_tokens: 15,
		},
	},
});

describe("openai-responses stream", () => {
	it("streams reasoning, text and a tool call and stores what replay needs", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Considering.", signature: "enc_1" },
				{ type: "text", text: "Reading it." },
				{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "a" }, deltas: 3 },
			],
			usage: { input: 50, output: 30, cacheRead: 50 },
		});
		const live = await collect(
			stream(mockModel("openai-responses", server.mock.url), context, { apiKey: "sk", reasoningEffort: "medium" }),
		);
		expect(checkInvariants(live.events, { result: live.result })).toEqual([]);
		const [thinking, text, call] = live.result.content;
		expect(thinking).toMatchObject({ type: "thinking", thinking: "Considering." });
		expect(JSON.parse(thinking?.type === "thinking" ? (thinking.thinkingSignature ?? "") : "")).toMatchObject({
			type: "reasoning",
			encrypted_content: "enc_1",
			summary: [{ type: "summary_text", text: "Considering." }],
		});
		expect(text).toMatchObject({ type: "text", text: "Reading it.", textSignature: expect.stringMatching(/^msg_/) });
		expect(call).toMatchObject({
			type: "toolCall",
			id: expect.stringMatching(/^call_1\|fc_/),
			name: "read",
			arguments: { path: "a" },
		});
		expect(live.result.stopReason).toBe("toolUse");
		expect(live.result.usage).toMatchObject({ input: 50, cacheRead: 50, output: 30, totalTokens: 130 });
		expect(live.result.responseId).toMatch(/^resp_/);
	});

	it("sends store false, developer prompt, tools, max_output_tokens and prompt_cache_key", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await collect(
			stream(
				mockModel("openai-responses", server.mock.url),
				{ ...context, tools: [readTool] },
				{
					apiKey: "sk",
					maxTokens: 300,
					sessionId: "session-1",
					serviceTier: "flex",
					headers: { "x-extra": "1" },
				},
			),
		);
		const request = server.mock.requests[0]!;
		expect(request.path).toBe("/v1/responses");
		expect(request.headers.authorization).toBe("Bearer sk");
		expect(request.headers["x-extra"]).toBe("1");
		expect(request.body).toEqual({
			model: "gpt-5-mini",
			input: [
				{ role: "developer", content: "Be brief." },
				{ role: "user", content: [{ type: "input_text", text: "hi" }] },
			],
			stream: true,
			store: false,
			max_output_tokens: 300,
			tools: [{ type: "function", name: "read", description: "Read a file", parameters: readTool.parameters }],
			prompt_cache_key: "session-1",
			service_tier: "flex",
			// A reasoning model with no effort asked for is told "none" (as pi 1.4); no compat → no `strict`.
			reasoning: { effort: "none" },
		});
	});

	it("replays its own reply: reasoning item, message id, function call ids and output", async () => {
		server.mock.enqueue(
			{
				type: "reply",
				blocks: [
					{ type: "thinking", text: "Plan.", signature: "enc_a" },
					{ type: "text", text: "Calling." },
					{ type: "toolCall", id: "call_9", name: "read", arguments: { path: "x" } },
				],
			},
			{ type: "reply", blocks: [{ type: "text", text: "done" }] },
		);
		const model = mockModel("openai-responses", server.mock.url);
		const first = await collect(streamSimple(model, context, { apiKey: "sk", reasoning: "high" }));
		const call = first.result.content[2];
		const callId = call?.type === "toolCall" ? call.id : "";
		const next: Context = {
			...context,
			messages: [
				...context.messages,
				first.result,
				{
					role: "toolResult",
					toolCallId: callId,
					toolName: "read",
					content: [{ type: "text", text: "file body" }],
					isError: false,
					timestamp: 3,
				},
			],
		};
		await collect(streamSimple(model, next, { apiKey: "sk", reasoning: "high" }));
		const input = bodyOf(server.mock, 1).input as Record<string, unknown>[];
		const [callPart, itemPart] = callId.split("|");
		expect(input.slice(2)).toEqual([
			{
				type: "reasoning",
				id: expect.stringMatching(/^rs_/),
				encrypted_content: "enc_a",
				summary: [{ type: "summary_text", text: "Plan." }],
			},
			{
				type: "message",
				role: "assistant",
				id: expect.stringMatching(/^msg_/),
				status: "completed",
				content: [{ type: "output_text", text: "Calling.", annotations: [] }],
			},
			{ type: "function_call", call_id: callPart, id: itemPart, name: "read", arguments: '{"path":"x"}' },
			{ type: "function_call_output", call_id: callPart, output: "file body" },
		]);
	});

	it("keeps a redacted reasoning item (no summary) as an empty signed thinking block", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "", redacted: true, signature: "enc_r" },
				{ type: "text", text: "hi" },
			],
		});
		const { events: seen, result } = await collect(
			streamSimple(mockModel("openai-responses", server.mock.url), context, { apiKey: "sk", reasoning: "low" }),
		);
		expect(checkInvariants(seen, { result })).toEqual([]);
		expect(result.content[0]).toMatchObject({ type: "thinking", thinking: "" });
		expect(
			result.content[0]?.type === "thinking" && JSON.parse(result.content[0].thinkingSignature ?? ""),
		).toMatchObject({ encrypted_content: "enc_r" });
	});

	it("drops reasoning that came without encrypted content from replay", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "visible" },
				{ type: "text", text: "hi" },
			],
		});
		const { result } = await collect(stream(mockModel("openai-responses", server.mock.url), context, { apiKey: "sk" }));
		expect(result.content[0]).toEqual({ type: "thinking", thinking: "visible" });
	});

	it("joins summary parts with a blank line, reads reasoning_text, and encodes message phases", async () => {
		server.mock.enqueue({
			type: "raw",
			body: events(
				created,
				{ type: "response.output_item.added", output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [] } },
				{
					type: "response.reasoning_summary_text.delta",
					output_index: 0,
					item_id: "rs_1",
					summary_index: 0,
					delta: "one",
				},
				{
					type: "response.reasoning_summary_text.delta",
					output_index: 0,
					item_id: "rs_1",
					summary_index: 1,
					delta: "two",
				},
				{ type: "response.output_item.done", output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [] } },
				{ type: "response.reasoning_text.delta", output_index: 1, item_id: "rs_2", content_index: 0, delta: "raw" },
				{ type: "response.output_item.done", output_index: 1, item: { id: "rs_2", type: "reasoning", summary: [] } },
				{
					type: "response.output_item.done",
					output_index: 2,
					item: {
						id: "msg_1",
						type: "message",
						role: "assistant",
						status: "completed",
						phase: "final_answer",
						content: [{ type: "output_text", text: "no deltas", annotations: [] }],
					},
				},
				completed(),
			),
		});
		const { events: seen, result } = await collect(
			stream(mockModel("openai-responses", server.mock.url), context, { apiKey: "sk" }),
		);
		expect(checkInvariants(seen, { result })).toEqual([]);
		expect(result.content).toEqual([
			{ type: "thinking", thinking: "one\n\ntwo" },
			{ type: "thinking", thinking: "raw" },
			{ type: "text", text: "no deltas", textSignature: '{"v":1,"id":"msg_1","phase":"final_answer"}' },
		]);
	});

	it("maps an incomplete response to length", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "cut" }], stopReason: "length" });
		const { result } = await collect(stream(mockModel("openai-responses", server.mock.url), context, { apiKey: "sk" }));
		expect(result.stopReason).toBe("length");
		expect(result.content).toEqual([{ type: "text", text: "cut", textSignature: expect.any(String) }]);
	});
});
