import { describe, expect, it } from "vitest";
import { googleGenerate, googleStream, partsOf } from "./support/google.js";
import { useMockLlm } from "./support/mock-client.js";

const context = useMockLlm();
const GENERATED_SIGNATURE = expect.stringMatching(/^Eo[A-Za-z0-9]{20,}$/);

describe("google-generative-ai signatures on Gemini 3", () => {
	it("signs a text reply on a final empty text part that carries finishReason", async () => {
		// Recorded: vercel/ai google-reasoning-gemini3.chunks.txt, issue-18073-empty-text-thought-signature.chunks.txt.
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "There are 3.", deltas: 2 }] });
		const chunks = await googleStream(context.mock, "gemini-3-pro-preview");
		expect(partsOf(chunks)).toEqual([
			[{ text: "There " }],
			[{ text: "are 3." }],
			[{ text: "", thoughtSignature: GENERATED_SIGNATURE }],
		]);
		expect(chunks.map((chunk) => chunk.candidates[0]?.finishReason)).toEqual([undefined, undefined, "STOP"]);
		expect(chunks.at(-1)?.modelVersion).toBe("gemini-3-pro-preview");
	});

	it("signs only the first of parallel calls and ends with an unsigned empty text chunk", async () => {
		// Recorded: google-tool-call-gemini3.chunks.txt; the thought-signatures guide (parallel calls).
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "toolCall", name: "weather", arguments: { city: "Paris" } },
				{ type: "toolCall", name: "weather", arguments: { city: "Rome" } },
			],
		});
		const chunks = await googleStream(context.mock, "gemini-3.1-flash");
		expect(partsOf(chunks)).toEqual([
			[{ functionCall: { name: "weather", args: { city: "Paris" } }, thoughtSignature: GENERATED_SIGNATURE }],
			[{ functionCall: { name: "weather", args: { city: "Rome" } } }],
			[{ text: "" }],
		]);
		expect(chunks.at(-1)?.candidates[0]).toEqual({
			content: { parts: [{ text: "" }], role: "model" },
			finishReason: "STOP",
			index: 0,
		});
	});

	it("puts the script's thought signature on the first call after unsigned text", async () => {
		// Recorded: issue-10781.1.chunks.txt (text, then the signed call, functionCall keys name, args, id).
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Weather needed.", signature: "c2ln" },
				{ type: "text", text: "Let me check." },
				{ type: "toolCall", id: "g1bmv6il", name: "get_weather", arguments: { city: "Paris" } },
			],
		});
		const chunks = await googleStream(context.mock, "gemini-3.1-pro-preview");
		const parts = partsOf(chunks);
		expect(parts.slice(1)).toEqual([
			[{ text: "Let me check." }],
			[{ functionCall: { name: "get_weather", args: { city: "Paris" }, id: "g1bmv6il" }, thoughtSignature: "c2ln" }],
			[{ text: "" }],
		]);
		expect(Object.keys(parts[2]?.[0]?.functionCall as object)).toEqual(["name", "args", "id"]);
	});

	it("signs a generateContent body on the text part, or on the call next to finishMessage", async () => {
		// Recorded: google-reasoning-gemini3.json and google-tool-call-gemini3.json.
		context.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "Three." }] },
			{ type: "reply", blocks: [{ type: "toolCall", name: "weather", arguments: {} }] },
		);
		const text = await googleGenerate(context.mock, "gemini-3-pro-preview");
		expect(text.candidates[0]?.content.parts).toEqual([{ text: "Three.", thoughtSignature: GENERATED_SIGNATURE }]);
		const call = await googleGenerate(context.mock, "gemini-3-pro-preview");
		expect(call.candidates[0]).toEqual({
			content: {
				parts: [{ functionCall: { name: "weather", args: {} }, thoughtSignature: GENERATED_SIGNATURE }],
				role: "model",
			},
			finishReason: "STOP",
			index: 0,
			finishMessage: "Model generated function call(s).",
		});
	});
});

describe("google-generative-ai signatures before Gemini 3", () => {
	it("sends no signature the script does not give, and ends on the last text chunk", async () => {
		// Recorded: google/adk-go TestLLMAgentStreamingModeSSE.httprr (gemini-2.5-flash, thoughts then text).
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Primes.", deltas: 1 },
				{ type: "text", text: "5309", deltas: 1 },
			],
		});
		const chunks = await googleStream(context.mock, "gemini-2.5-flash");
		expect(partsOf(chunks)).toEqual([[{ text: "Primes.", thought: true }], [{ text: "5309" }]]);
		expect(chunks.at(-1)?.candidates[0]?.finishReason).toBe("STOP");
	});

	it("never signs a thought part: the thoughts' signature goes to the next call, else to the end", async () => {
		context.mock.enqueue(
			{
				type: "reply",
				blocks: [
					{ type: "thinking", text: "First.", signature: "s1" },
					{ type: "thinking", text: "Second.", signature: "s2" },
					{ type: "toolCall", name: "read", arguments: {} },
				],
			},
			{
				type: "reply",
				blocks: [
					{ type: "thinking", text: "Hmm.", signature: "s3" },
					{ type: "text", text: "Hi" },
				],
			},
		);
		const withCall = partsOf(await googleStream(context.mock, "gemini-2.5-flash"));
		expect(withCall).toEqual([
			[{ text: "First.", thought: true }],
			[{ text: "Second.", thought: true }],
			[{ functionCall: { name: "read", args: {} }, thoughtSignature: "s1" }],
			[{ text: "", thoughtSignature: "s2" }],
		]);
		const withText = partsOf(await googleStream(context.mock, "gemini-2.5-flash"));
		expect(withText).toEqual([
			[{ text: "Hmm.", thought: true }],
			[{ text: "Hi" }],
			[{ text: "", thoughtSignature: "s3" }],
		]);
	});

	it("streams a text block's own signature on an empty part after it, and keeps it on the part in a body", async () => {
		const reply = {
			type: "reply" as const,
			blocks: [{ type: "text" as const, text: "Done.", signature: "dGV4dA==" }],
		};
		context.mock.enqueue(reply, reply);
		expect(partsOf(await googleStream(context.mock, "gemini-2.5-pro"))).toEqual([
			[{ text: "Done." }],
			[{ text: "", thoughtSignature: "dGV4dA==" }],
		]);
		const body = await googleGenerate(context.mock, "gemini-2.5-pro");
		expect(body.candidates[0]?.content.parts).toEqual([{ text: "Done.", thoughtSignature: "dGV4dA==" }]);
	});

	it("keeps a tool call's own signature and signs a body's last text with the thoughts' signature", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Plan.", signature: "t" },
				{ type: "toolCall", name: "a", arguments: {}, signature: "own" },
				{ type: "text", text: "Calling a." },
			],
		});
		const body = await googleGenerate(context.mock, "gemini-2.5-flash");
		expect(body.candidates[0]?.content.parts).toEqual([
			{ text: "Plan.", thought: true },
			{ functionCall: { name: "a", args: {} }, thoughtSignature: "own" },
			{ text: "Calling a.", thoughtSignature: "t" },
		]);
	});
});
