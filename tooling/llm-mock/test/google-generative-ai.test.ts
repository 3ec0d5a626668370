import { describe, expect, it } from "vitest";
import type { MockErrorStatus } from "../src/types.js";
import { type ErrorEnvelope, postJson, readJson, useMockLlm } from "./support/mock-client.js";
import { parseSse } from "./support/sse.js";

const context = useMockLlm();
const STREAM_PATH = "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse";
const request = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };

interface Candidate {
	content: { parts: Record<string, unknown>[]; role: string };
	finishReason?: string;
	index: number;
	finishMessage?: string;
}
interface GenerateContentResponse {
	candidates: Candidate[];
	usageMetadata: Record<string, unknown>;
	modelVersion: string;
	responseId: string;
}

async function streamChunks(): Promise<{ chunks: GenerateContentResponse[]; raw: string }> {
	const response = await postJson(context.mock, STREAM_PATH, request, { headers: { "x-goog-api-key": "k" } });
	expect(response.status).toBe(200);
	expect(response.headers.get("content-type")).toBe("text/event-stream");
	expect(response.headers.get("content-disposition")).toBe("attachment");
	const raw = await response.text();
	const events = parseSse(raw);
	return { chunks: events.map((event) => JSON.parse(event.data) as GenerateContentResponse), raw };
}

describe("google-generative-ai stream", () => {
	it("frames each GenerateContentResponse as data: …\\r\\n\\r\\n with Gemini's JSON spacing", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "Hi!", deltas: ["Hi", "!"] }] });
		const { raw } = await streamChunks();
		const frames = raw.split("\r\n\r\n");
		expect(frames.at(-1)).toBe("");
		expect(frames).toHaveLength(3);
		expect(frames[0]).toMatch(
			/^data: \{"candidates": \[\{"content": \{"parts": \[\{"text": "Hi"\}\],"role": "model"\},"index": 0\}\],"usageMetadata": \{/,
		);
		expect(raw).not.toContain("\n\n");
	});

	it("streams thought parts, text parts and a whole functionCall, ending with finishReason and full usage", async () => {
		// Fidelity fix: recorded streams never sign a thought part; the thoughts' signature rides on the
		// next function call (gemini-2.5-flash captures), and a call that ends the reply carries finishMessage.
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Hmm, ok", deltas: 2, signature: "sig-thought" },
				{ type: "text", text: "Calling", deltas: 1 },
				{ type: "toolCall", name: "get_weather", arguments: '{"city":"Rome"}', deltas: 5 },
			],
			usage: { input: 100, output: 30, cacheRead: 40, reasoning: 12 },
		});
		const { chunks } = await streamChunks();
		const parts = chunks.map((chunk) => chunk.candidates[0]?.content.parts);
		expect(parts).toEqual([
			[{ text: "Hmm", thought: true }],
			[{ text: ", ok", thought: true }],
			[{ text: "Calling" }],
			[{ functionCall: { name: "get_weather", args: { city: "Rome" } }, thoughtSignature: "sig-thought" }],
		]);
		for (const chunk of chunks) {
			expect(chunk.candidates[0]?.content.role).toBe("model");
			expect(chunk.candidates[0]?.index).toBe(0);
			expect(chunk.modelVersion).toBe("gemini-2.5-flash");
			expect(chunk.responseId).toBe(chunks[0]?.responseId);
		}
		expect(chunks.map((chunk) => chunk.candidates[0]?.finishReason)).toEqual([undefined, undefined, undefined, "STOP"]);
		expect(chunks.at(-1)?.candidates[0]?.finishMessage).toBe("Model generated function call(s).");
		// Fidelity fix: thought chunks carry a running thoughtsTokenCount and no candidatesTokenCount yet.
		expect(chunks[0]?.usageMetadata).toEqual({
			promptTokenCount: 140,
			totalTokenCount: 146,
			promptTokensDetails: [{ modality: "TEXT", tokenCount: 140 }],
			thoughtsTokenCount: 6,
		});
		expect(chunks.at(-1)?.usageMetadata).toEqual({
			promptTokenCount: 140,
			candidatesTokenCount: 18,
			totalTokenCount: 170,
			cachedContentTokenCount: 40,
			promptTokensDetails: [{ modality: "TEXT", tokenCount: 140 }],
			cacheTokensDetails: [{ modality: "TEXT", tokenCount: 40 }],
			thoughtsTokenCount: 12,
		});
	});

	it("maps length to MAX_TOKENS and sends an explicit functionCall id only when given", async () => {
		context.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "cut" }], stopReason: "length" },
			{ type: "reply", blocks: [{ type: "toolCall", id: "fc-1", name: "f", arguments: {} }] },
		);
		const first = await streamChunks();
		expect(first.chunks.at(-1)?.candidates[0]?.finishReason).toBe("MAX_TOKENS");
		const second = await streamChunks();
		expect(second.chunks[0]?.candidates[0]?.content.parts).toEqual([
			{ functionCall: { id: "fc-1", name: "f", args: {} } },
		]);
	});

	it("sends one empty-text chunk for an empty reply", async () => {
		context.mock.enqueue({ type: "reply", blocks: [] });
		const { chunks } = await streamChunks();
		expect(chunks).toHaveLength(1);
		expect(chunks[0]?.candidates[0]).toEqual({
			content: { parts: [{ text: "" }], role: "model" },
			finishReason: "STOP",
			index: 0,
		});
	});

	it("sends an error object as a stream chunk when streamError is set", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "abcd", deltas: 2 }],
			streamError: { afterEvents: 1 },
		});
		const { chunks } = await streamChunks();
		expect(chunks).toHaveLength(2);
		expect(chunks[1]).toEqual({
			error: { code: 503, message: "The model is overloaded. Please try again later.", status: "UNAVAILABLE" },
		});
	});

	it("streams a JSON array when alt=sse is missing", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ab", deltas: 2 }] });
		const response = await postJson(context.mock, "/v1beta/models/gemini-2.5-flash:streamGenerateContent", request);
		expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
		const body = await readJson<GenerateContentResponse[]>(response);
		expect(body.map((chunk) => chunk.candidates[0]?.content.parts[0])).toEqual([{ text: "a" }, { text: "b" }]);
	});

	it("answers :generateContent with one merged response", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "abc", deltas: 3 },
				{ type: "text", text: "xyz", deltas: 3 },
			],
		});
		const response = await postJson(context.mock, "/v1beta/models/gemini-2.5-pro:generateContent", request);
		const body = await readJson<GenerateContentResponse>(response);
		expect(body.candidates[0]).toEqual({
			content: { parts: [{ text: "abc", thought: true }, { text: "xyz" }], role: "model" },
			finishReason: "STOP",
			index: 0,
		});
		expect(body.modelVersion).toBe("gemini-2.5-pro");
	});
});

describe("google-generative-ai finish reasons", () => {
	it.each(["SAFETY", "RECITATION"])(
		"sends vendorStopReason %s verbatim as the last chunk's finishReason",
		async (reason) => {
			context.mock.enqueue({
				type: "reply",
				blocks: [{ type: "text", text: "partial", deltas: 2 }],
				vendorStopReason: { "google-generative-ai": reason, "anthropic-messages": "refusal" },
			});
			const { chunks } = await streamChunks();
			expect(chunks.map((chunk) => chunk.candidates[0]?.finishReason)).toEqual([undefined, reason]);
		},
	);

	it("uses stopReason on routes a per-API vendorStopReason leaves out, and in a generateContent body", async () => {
		context.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "x" }], vendorStopReason: { "openai-completions": "x" } },
			{ type: "reply", blocks: [{ type: "text", text: "y" }], vendorStopReason: "SAFETY" },
		);
		const { chunks } = await streamChunks();
		expect(chunks.at(-1)?.candidates[0]?.finishReason).toBe("STOP");
		const body = await readJson<GenerateContentResponse>(
			await postJson(context.mock, "/v1beta/models/gemini-2.5-pro:generateContent", request),
		);
		expect(body.candidates[0]?.finishReason).toBe("SAFETY");
	});
});

describe("google-generative-ai errors", () => {
	const cases: [MockErrorStatus, string][] = [
		[400, "INVALID_ARGUMENT"],
		[401, "UNAUTHENTICATED"],
		[403, "PERMISSION_DENIED"],
		[404, "NOT_FOUND"],
		[413, "INVALID_ARGUMENT"],
		[429, "RESOURCE_EXHAUSTED"],
		[500, "INTERNAL"],
		[503, "UNAVAILABLE"],
		[529, "UNAVAILABLE"],
	];
	it.each(cases)("renders %i as %s", async (status, statusName) => {
		context.mock.enqueue({ type: "error", status });
		const response = await postJson(context.mock, STREAM_PATH, request);
		expect(response.status).toBe(status);
		expect(response.headers.get("content-type")).toBe("application/json; charset=UTF-8");
		const text = await response.text();
		expect(text.startsWith('{\n  "error": {\n')).toBe(true);
		expect(JSON.parse(text)).toEqual({ error: { code: status, message: expect.any(String), status: statusName } });
	});

	it("adds a RetryInfo detail on 429 when a delay is given", async () => {
		context.mock.enqueue({ type: "error", status: 429, retryAfterSeconds: 30 });
		const body = await readJson<ErrorEnvelope>(await postJson(context.mock, STREAM_PATH, request));
		expect(body.error.details).toEqual([{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "30s" }]);
	});

	it("uses the input-token-count overflow wording", async () => {
		context.mock.enqueue({ type: "error", status: 400, overflow: true });
		const body = await readJson<ErrorEnvelope>(await postJson(context.mock, STREAM_PATH, request));
		expect(body.error).toEqual({
			code: 400,
			message: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
			status: "INVALID_ARGUMENT",
		});
	});

	it("answers kind invalid_api_key with the Gemini API's 400 API_KEY_INVALID body", async () => {
		// Real body: continuedev/continue#8516, google/timesketch#3703.
		context.mock.enqueue({ type: "error", kind: "invalid_api_key" });
		const response = await postJson(context.mock, STREAM_PATH, request);
		expect(response.status).toBe(400);
		expect(await readJson<ErrorEnvelope>(response)).toEqual({
			error: {
				code: 400,
				message: "API key not valid. Please pass a valid API key.",
				status: "INVALID_ARGUMENT",
				details: [
					{
						"@type": "type.googleapis.com/google.rpc.ErrorInfo",
						reason: "API_KEY_INVALID",
						domain: "googleapis.com",
						metadata: { service: "generativelanguage.googleapis.com" },
					},
					{
						"@type": "type.googleapis.com/google.rpc.LocalizedMessage",
						locale: "en-US",
						message: "API key not valid. Please pass a valid API key.",
					},
				],
			},
		});
	});

	it("keeps 401 for a bad OAuth token and lets a kind take an explicit status", async () => {
		context.mock.enqueue({ type: "error", status: 401 }, { type: "error", kind: "invalid_api_key", status: 403 });
		const oauth = await readJson<ErrorEnvelope>(await postJson(context.mock, STREAM_PATH, request));
		expect(oauth.error).toMatchObject({ code: 401, status: "UNAUTHENTICATED" });
		const proxied = await postJson(context.mock, STREAM_PATH, request);
		expect(proxied.status).toBe(403);
		expect((await readJson<ErrorEnvelope>(proxied)).error).toMatchObject({ code: 403, status: "INVALID_ARGUMENT" });
	});
});
