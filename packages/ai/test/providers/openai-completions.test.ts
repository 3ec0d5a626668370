import { describe, expect, it } from "vitest";
import { stream, streamSimple } from "../../src/providers/openai-completions.js";
import type { Context, Tool } from "../../src/types.js";
import { checkInvariants } from "../conformance/support/check-invariants.js";
import { bodyOf, collect, mockModel, sse, useMockLlm } from "./openai-test-support.js";

const server = useMockLlm();
const context: Context = { systemPrompt: "Be brief.", messages: [{ role: "user", content: "hi", timestamp: 1 }] };
const readTool = {
	name: "read",
	description: "Read a file",
	parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
} as unknown as Tool;

function chunk(delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> {
	return {
		id: "chatcmpl-1",
		object: "chat.completion.chunk",
		created: 1,
		model: "m",
		choices: [{ index: 0, delta, finish_reason: finishReason }],
	};
}

describe("openai-completions stream", () => {
	it("streams thinking, text and a tool call through the SDK and keeps the invariants", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Let me think about it." },
				{ type: "text", text: "Reading the file now." },
				{ type: "toolCall", id: "call_abc", name: "read", arguments: { path: "a.txt" }, deltas: 3 },
			],
			usage: { input: 100, output: 40, cacheRead: 20 },
		});
		const { events, result } = await collect(
			stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "sk-test" }),
		);
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result.content).toEqual([
			{ type: "thinking", thinking: "Let me think about it.", thinkingSignature: "reasoning_content" },
			{ type: "text", text: "Reading the file now." },
			{ type: "toolCall", id: "call_abc", name: "read", arguments: { path: "a.txt" } },
		]);
		expect(result.stopReason).toBe("toolUse");
		expect(events.filter((event) => event.type === "toolcall_delta")).toHaveLength(3);
		// prompt_tokens = 120 with 20 cached: input excludes the cache (ai.md §2.4).
		expect(result.usage).toMatchObject({ input: 100, output: 40, cacheRead: 20, cacheWrite: 0, totalTokens: 160 });
		expect(result.usage.cost.total).toBeCloseTo((100 * 1 + 40 * 2 + 20 * 0.5) / 1_000_000);
		expect(result.responseId).toMatch(/^chatcmpl-/);
	});

	it("sends the standard request: stream, usage, store, developer role, max tokens, key and merged headers", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const model = mockModel("openai-completions", server.mock.url, { headers: { "X-Model": "m", "X-Both": "model" } });
		await collect(
			stream(
				model,
				{ ...context, tools: [readTool] },
				{ apiKey: "sk-test", maxTokens: 500, temperature: 0.2, headers: { "x-both": "options" } },
			),
		);
		const request = server.mock.requests[0]!;
		expect(request.path).toBe("/v1/chat/completions");
		expect(request.headers.authorization).toBe("Bearer sk-test");
		expect(request.headers["x-model"]).toBe("m");
		expect(request.headers["x-both"]).toBe("options");
		expect(request.headers["x-stainless-retry-count"]).toBe("0");
		expect(request.body).toMatchObject({
			model: "gpt-5-mini",
			stream: true,
			stream_options: { include_usage: true },
			store: false,
			max_completion_tokens: 500,
			temperature: 0.2,
			messages: [
				{ role: "developer", content: "Be brief." },
				{ role: "user", content: "hi" },
			],
			tools: [
				{
					type: "function",
					function: { name: "read", description: "Read a file", parameters: readTool.parameters },
				},
			],
		});
	});

	it("streamSimple defaults maxTokens to min(model.maxTokens, 32000)", async () => {
		server.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "a" }] },
			{ type: "reply", blocks: [{ type: "text", text: "b" }] },
		);
		await collect(streamSimple(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }));
		await collect(
			streamSimple(mockModel("openai-completions", server.mock.url, { maxTokens: 4096 }), context, { apiKey: "k" }),
		);
		expect(bodyOf(server.mock, 0).max_completion_tokens).toBe(32_000);
		expect(bodyOf(server.mock, 1).max_completion_tokens).toBe(4096);
	});

	it("reads reasoning from reasoning_content, reasoning and reasoning_text and keeps the field as signature", async () => {
		for (const field of ["reasoning_content", "reasoning", "reasoning_text"]) {
			server.mock.enqueue({
				type: "raw",
				body: sse(
					chunk({ role: "assistant", content: "" }),
					chunk({ [field]: "deep " }),
					chunk({ [field]: "thought" }),
					chunk({ content: "answer" }),
					chunk({}, "stop"),
					"[DONE]",
				),
			});
			const { events, result } = await collect(
				stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }),
			);
			expect(checkInvariants(events, { result })).toEqual([]);
			expect(result.content).toEqual([
				{ type: "thinking", thinking: "deep thought", thinkingSignature: field },
				{ type: "text", text: "answer" },
			]);
		}
	});

	it("handles a chunk carrying text and tool-call deltas together, and parallel calls keyed by index", async () => {
		server.mock.enqueue({
			type: "raw",
			body: sse(
				chunk({
					content: "Both: ",
					tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "read", arguments: '{"pa' } }],
				}),
				chunk({
					tool_calls: [
						{ index: 1, id: "call_2", type: "function", function: { name: "read", arguments: '{"path":"b"}' } },
					],
				}),
				chunk({ tool_calls: [{ index: 0, function: { arguments: 'th":"a"}' } }] }),
				chunk({}, "tool_calls"),
				"[DONE]",
			),
		});
		const { events, result } = await collect(
			stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }),
		);
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result.content).toEqual([
			{ type: "text", text: "Both: " },
			{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "a" } },
			{ type: "toolCall", id: "call_2", name: "read", arguments: { path: "b" } },
		]);
		expect(result.stopReason).toBe("toolUse");
	});

	it("starts a new call when a server reuses index 0 with a new id", async () => {
		server.mock.enqueue({
			type: "raw",
			body: sse(
				chunk({ tool_calls: [{ index: 0, id: "call_1", function: { name: "read", arguments: '{"path":"a"}' } }] }),
				chunk({ tool_calls: [{ index: 0, id: "call_2", function: { name: "read", arguments: '{"path":"b"}' } }] }),
				chunk({}, "tool_calls"),
			),
		});
		const { result } = await collect(
			stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }),
		);
		expect(result.content.map((block) => (block.type === "toolCall" ? block.id : block.type))).toEqual([
			"call_1",
			"call_2",
		]);
	});

	it("gives a call the server sent without an id a generated one by toolcall_end (ai.md §3.1)", async () => {
		server.mock.enqueue({
			type: "raw",
			body: sse(
				chunk({ tool_calls: [{ index: 0, function: { name: "read", arguments: '{"path":' } }] }),
				chunk({ tool_calls: [{ index: 0, function: { arguments: '"a"}' } }] }),
				chunk({}, "tool_calls"),
				"[DONE]",
			),
		});
		const { events, result } = await collect(
			stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }),
		);
		expect(checkInvariants(events, { result })).toEqual([]);
		const end = events.find((event) => event.type === "toolcall_end");
		expect(end?.type === "toolcall_end" ? end.toolCall.id : undefined).toMatch(/^call_[A-Za-z0-9]{24}$/);
		expect(result.content).toEqual([
			{ type: "toolCall", id: expect.stringMatching(/^call_/), name: "read", arguments: { path: "a" } },
		]);
	});

	it("opens no block for empty deltas and maps length, unknown, call-less tool_calls and content_filter finish reasons", async () => {
		const cases: [string, string, string | undefined][] = [
			["length", "length", undefined],
			["eos_token", "stop", undefined],
			["tool_calls", "stop", undefined],
			["content_filter", "error", "Provider finish_reason: content_filter"],
		];
		for (const [finish, stopReason, errorMessage] of cases) {
			server.mock.enqueue({
				type: "raw",
				body: sse(
					chunk({ role: "assistant", content: "" }),
					chunk({ content: "partial" }),
					chunk({}, finish),
					"[DONE]",
				),
			});
			const { events, result } = await collect(
				stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }),
			);
			expect(checkInvariants(events, { result })).toEqual([]);
			expect(result.content).toEqual([{ type: "text", text: "partial" }]);
			expect(result.stopReason).toBe(stopReason);
			expect(result.errorMessage).toBe(errorMessage);
		}
	});

	it("survives a body split inside UTF-8 sequences", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "héllo wörld 🎉 ✓ 日本語" }],
			splitEveryBytes: 3,
		});
		const { result } = await collect(
			stream(mockModel("openai-completions", server.mock.url), context, { apiKey: "k" }),
		);
		expect(result.content).toEqual([{ type: "text", text: "héllo wörld 🎉 ✓ 日本語" }]);
	});

	it("lets onPayload replace the body and reports the response to onResponse", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const statuses: number[] = [];
		await collect(
			stream(mockModel("openai-completions", server.mock.url), context, {
				apiKey: "k",
				onPayload: (payload) => ({ ...(payload as Record<string, unknown>), seed: 7 }),
				onResponse: (info) => statuses.push(info.status),
			}),
		);
		expect(bodyOf(server.mock).seed).toBe(7);
		expect(statuses).toEqual([200]);
	});
});
