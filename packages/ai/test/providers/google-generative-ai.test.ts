import { type MockLlm, startMockLlm } from "@pi/llm-mock";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { stream } from "../../src/providers/google-generative-ai.js";
import type { ToolCall } from "../../src/types.js";
import { checkInvariants } from "../conformance/support/check-invariants.js";
import { runStream } from "../conformance/support/run-stream.js";
import { googleModel, userContext } from "./capture-payload.js";

/** A Gemini SSE body: one `data:` event per response chunk. */
function geminiSse(...chunks: Record<string, unknown>[]): string {
	return chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join("");
}

/** One response chunk with the given parts (and finish reason / usage when given). */
function chunk(
	parts: Record<string, unknown>[],
	extra: { finishReason?: string; usageMetadata?: Record<string, unknown> } = {},
) {
	const { finishReason, usageMetadata } = extra;
	return {
		candidates: [{ content: { role: "model", parts }, ...(finishReason ? { finishReason } : {}), index: 0 }],
		...(usageMetadata ? { usageMetadata } : {}),
		modelVersion: "gemini-2.5-flash",
		responseId: "resp-1",
	};
}

describe("google-generative-ai over @google/genai", () => {
	let mock: MockLlm;
	beforeAll(async () => {
		mock = await startMockLlm();
	});
	afterEach(() => mock.reset());
	afterAll(async () => {
		await mock.close();
	});

	const model = () => googleModel({ baseUrl: `${mock.url}/v1beta` });
	const raw = (body: string) => mock.enqueue({ type: "raw", body });

	it("calls streamGenerateContent under model.baseUrl with the key and merged headers", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await runStream(
			stream(googleModel({ baseUrl: `${mock.url}/v1beta`, headers: { "X-Team": "model" } }), userContext(), {
				apiKey: "gemini-key",
				headers: { "x-team": "options", "x-extra": "1" },
			}),
		);
		const request = mock.requests[0]!;
		expect(request.path).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
		expect(request.headers["x-goog-api-key"]).toBe("gemini-key");
		expect(request.headers["x-team"]).toBe("options");
		expect(request.headers["x-extra"]).toBe("1");
	});

	it("sends the body onPayload returns instead of the built one", async () => {
		mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		await runStream(
			stream(model(), userContext(), {
				apiKey: "k",
				onPayload: (payload) => {
					const params = payload as { config?: Record<string, unknown> };
					return { ...params, config: { ...params.config, temperature: 0.42 } };
				},
			}),
		);
		expect(mock.requests[0]!.body).toMatchObject({ generationConfig: { temperature: 0.42 } });
	});

	it("keeps thought and text signatures, also when they come on parts without text", async () => {
		raw(
			geminiSse(
				chunk([{ text: "Pondering", thought: true }]),
				chunk([{ text: " more", thought: true }]),
				chunk([{ thought: true, thoughtSignature: "dGhvdWdodA==" }]),
				chunk([{ text: "The answer" }]),
				chunk([{ text: "", thoughtSignature: "dGV4dA==" }], {
					finishReason: "STOP",
					usageMetadata: {
						promptTokenCount: 120,
						cachedContentTokenCount: 100,
						candidatesTokenCount: 5,
						thoughtsTokenCount: 7,
						totalTokenCount: 132,
					},
				}),
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k", thinking: { enabled: true } }));
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.content).toEqual([
			{ type: "thinking", thinking: "Pondering more", thinkingSignature: "dGhvdWdodA==" },
			{ type: "text", text: "The answer", textSignature: "dGV4dA==" },
		]);
		expect(run.result.usage).toMatchObject({ input: 20, cacheRead: 100, output: 12, cacheWrite: 0, totalTokens: 132 });
		expect(run.result.responseId).toBe("resp-1");
	});

	it("gives every function call a unique id: kept when sent, generated when missing or repeated", async () => {
		raw(
			geminiSse(
				chunk([{ functionCall: { name: "read", args: { path: "a" } }, thoughtSignature: "c2ln" }]),
				chunk([{ functionCall: { name: "read", args: { path: "b" } } }]),
				chunk(
					[
						{ functionCall: { id: "fc-1", name: "read", args: {} } },
						{ functionCall: { id: "fc-1", name: "read", args: {} } },
					],
					{
						finishReason: "STOP",
					},
				),
			),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(run.result.stopReason).toBe("toolUse");
		const calls = run.result.content as ToolCall[];
		expect(calls.map((call) => call.arguments)).toEqual([{ path: "a" }, { path: "b" }, {}, {}]);
		expect(calls[0]!.thoughtSignature).toBe("c2ln");
		expect(calls[2]!.id).toBe("fc-1");
		expect(new Set(calls.map((call) => call.id)).size).toBe(4);
		for (const call of calls) expect(call.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
		const deltas = run.events.filter((event) => event.type === "toolcall_delta");
		expect(deltas.map((event) => (event.type === "toolcall_delta" ? event.delta : ""))).toEqual([
			'{"path":"a"}',
			'{"path":"b"}',
			"{}",
			"{}",
		]);
	});

	it("maps MAX_TOKENS to length", async () => {
		raw(geminiSse(chunk([{ text: "Cut" }], { finishReason: "MAX_TOKENS" })));
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("length");
	});

	it("ends a safety stop as an error naming the finish reason, keeping the partial text", async () => {
		raw(
			geminiSse(chunk([{ text: "Part" }]), {
				candidates: [{ finishReason: "SAFETY", finishMessage: "Blocked for safety", index: 0 }],
			}),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		// @google/genai 2.32 drops `finishMessage` when converting Gemini API responses.
		expect(run.result.errorMessage).toBe("Gemini stopped generating: finishReason SAFETY");
		expect(run.result.content).toEqual([{ type: "text", text: "Part" }]);
	});

	it("ends a blocked prompt as an error naming the block reason", async () => {
		raw(
			geminiSse({
				promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
				usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 },
			}),
		);
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toContain("PROHIBITED_CONTENT");
		expect(run.result.usage.input).toBe(9);
	});

	it("fails a stream that ends without a finish reason", async () => {
		raw(geminiSse(chunk([{ text: "Half" }])));
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toContain("without a finish reason");
		expect(run.result.content).toEqual([{ type: "text", text: "Half" }]);
	});

	it("fails on malformed chunk data without throwing", async () => {
		raw("data: {not json\r\n\r\n");
		const run = await runStream(stream(model(), userContext(), { apiKey: "k" }));
		expect(run.thrown).toBeUndefined();
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toContain("Invalid JSON");
	});
});
