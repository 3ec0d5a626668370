import { type MockLlm, startMockLlm } from "@pi/llm-mock";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { AssistantMessageEventStream } from "../../src/event-stream.js";
import type { AssistantMessage, AssistantMessageEvent, Model } from "../../src/types.js";

/** Starts one mock per test file, clears it after each test and closes it at the end. */
export function useMockLlm(): { readonly mock: MockLlm } {
	const holder: { mock?: MockLlm } = {};
	beforeAll(async () => {
		holder.mock = await startMockLlm();
	});
	afterEach(() => holder.mock?.reset());
	afterAll(async () => {
		await holder.mock?.close();
	});
	return {
		get mock(): MockLlm {
			if (!holder.mock) throw new Error("mock not started");
			return holder.mock;
		},
	};
}

/** Every event of a stream plus the value `result()` resolved to. */
export async function collect(
	stream: AssistantMessageEventStream,
): Promise<{ events: AssistantMessageEvent[]; result: AssistantMessage }> {
	const events: AssistantMessageEvent[] = [];
	for await (const event of stream) events.push(event);
	return { events, result: await stream.result() };
}

/** A model for `api` talking to the mock at `url` (`/v1` prefix), overridable. */
export function mockModel(
	api: "openai-completions" | "openai-responses",
	url: string,
	overrides: Partial<Model> = {},
): Model {
	return {
		id: "gpt-5-mini",
		name: "GPT-5 mini (mock)",
		api,
		provider: "openai",
		baseUrl: `${url}/v1`,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 1, output: 2, cacheRead: 0.5, cacheWrite: 0 },
		contextWindow: 400_000,
		maxTokens: 128_000,
		...overrides,
	};
}

/** The JSON body of the `index`-th recorded request, as an object. */
export function bodyOf(mock: MockLlm, index = 0): Record<string, unknown> {
	const body = mock.requests[index]?.body;
	if (body === null || typeof body !== "object") throw new Error(`request ${index} has no JSON body`);
	return body as Record<string, unknown>;
}

/** Builds an SSE body from data payloads (objects are JSON-encoded; strings are sent verbatim). */
export function sse(...payloads: (string | Record<string, unknown>)[]): string {
	return payloads
		.map((payload) => `data: ${typeof payload === "string" ? payload : JSON.stringify(payload)}\n\n`)
		.join("");
}
