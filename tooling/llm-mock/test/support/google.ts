import { expect } from "vitest";
import type { MockLlm } from "../../src/types.js";
import { postJson, readJson } from "./mock-client.js";
import { parseSse } from "./sse.js";

/** A Gemini candidate as the tests read it. */
export interface GoogleCandidate {
	content: { parts: Record<string, unknown>[]; role: string };
	finishReason?: string;
	index: number;
	finishMessage?: string;
}

/** A GenerateContentResponse as the tests read it. */
export interface GoogleResponse {
	candidates: GoogleCandidate[];
	usageMetadata: Record<string, unknown>;
	modelVersion: string;
	responseId: string;
}

const REQUEST = { contents: [{ role: "user", parts: [{ text: "hi" }] }] };

/** POSTs `:streamGenerateContent?alt=sse` for `model` and returns every chunk (asserting a 200 SSE). */
export async function googleStream(mock: MockLlm, model: string): Promise<GoogleResponse[]> {
	const response = await postJson(mock, `/v1beta/models/${model}:streamGenerateContent?alt=sse`, REQUEST);
	expect(response.status).toBe(200);
	expect(response.headers.get("content-type")).toBe("text/event-stream");
	return parseSse(await response.text()).map((event) => JSON.parse(event.data) as GoogleResponse);
}

/** POSTs `:generateContent` for `model` and returns the body. */
export async function googleGenerate(mock: MockLlm, model: string): Promise<GoogleResponse> {
	const response = await postJson(mock, `/v1beta/models/${model}:generateContent`, REQUEST);
	expect(response.status).toBe(200);
	return readJson<GoogleResponse>(response);
}

/** The parts of every chunk, one array per chunk. */
export function partsOf(chunks: GoogleResponse[]): Record<string, unknown>[][] {
	return chunks.map((chunk) => chunk.candidates[0]?.content.parts ?? []);
}
