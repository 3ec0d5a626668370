import { describe, expect, it } from "vitest";
import { googleStream } from "./support/google.js";
import { useMockLlm } from "./support/mock-client.js";

const context = useMockLlm();

describe("google-generative-ai usageMetadata", () => {
	it("runs thoughtsTokenCount up over thought chunks, then candidatesTokenCount over output chunks", async () => {
		// Recorded: google/adk-go TestLLMAgentStreamingModeSSE.httprr (gemini-2.5-flash with thoughts).
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "abcd", deltas: 2 },
				{ type: "text", text: "efghij", deltas: 3 },
			],
			usage: { input: 10, output: 20, reasoning: 8 },
		});
		const chunks = await googleStream(context.mock, "gemini-2.5-flash");
		const details = [{ modality: "TEXT", tokenCount: 10 }];
		expect(chunks.map((chunk) => chunk.usageMetadata)).toEqual([
			{ promptTokenCount: 10, totalTokenCount: 14, promptTokensDetails: details, thoughtsTokenCount: 4 },
			{ promptTokenCount: 10, totalTokenCount: 18, promptTokensDetails: details, thoughtsTokenCount: 8 },
			{
				promptTokenCount: 10,
				candidatesTokenCount: 4,
				totalTokenCount: 22,
				promptTokensDetails: details,
				thoughtsTokenCount: 8,
			},
			{
				promptTokenCount: 10,
				candidatesTokenCount: 8,
				totalTokenCount: 26,
				promptTokensDetails: details,
				thoughtsTokenCount: 8,
			},
			{
				promptTokenCount: 10,
				candidatesTokenCount: 12,
				totalTokenCount: 30,
				promptTokensDetails: details,
				thoughtsTokenCount: 8,
			},
		]);
	});

	it("sends the whole thoughtsTokenCount from the first chunk when thoughts are not streamed", async () => {
		// Recorded: TestA2ARemoteAgentStreamingGeminiSuccess.httprr and vercel/ai google-reasoning-gemini3.chunks.txt
		// (the final signature chunk repeats the last counts).
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "x".repeat(30), deltas: 3 }],
			usage: { input: 9, output: 332, reasoning: 302 },
		});
		const chunks = await googleStream(context.mock, "gemini-3-pro-preview");
		expect(chunks.map((chunk) => chunk.usageMetadata.candidatesTokenCount)).toEqual([10, 20, 30, 30]);
		expect(chunks.map((chunk) => chunk.usageMetadata.thoughtsTokenCount)).toEqual([302, 302, 302, 302]);
		expect(chunks.map((chunk) => chunk.usageMetadata.totalTokenCount)).toEqual([321, 331, 341, 341]);
	});

	it("counts at least one candidate token once output has started and reaches the total on the last part", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "a".repeat(100), deltas: ["a", "a".repeat(99)] }],
			usage: { input: 1, output: 3 },
		});
		const chunks = await googleStream(context.mock, "gemini-2.5-flash");
		expect(chunks.map((chunk) => chunk.usageMetadata.candidatesTokenCount)).toEqual([1, 3]);
		expect(chunks.some((chunk) => "thoughtsTokenCount" in chunk.usageMetadata)).toBe(false);
	});
});
