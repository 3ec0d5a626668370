import type { AssistantMessageEventStream } from "../../src/event-stream.js";
import type { AssistantMessage, Context, Model, StreamOptions } from "../../src/types.js";

/** Nothing listens here: a model that is never meant to reach a server points at it. */
export const UNREACHABLE_URL = "http://127.0.0.1:9";

/**
 * Runs a stream function only far enough to see the request body it builds: `onPayload` records the
 * payload (ai.md §3.4) and then throws, so nothing is sent and the stream ends with that error.
 * Returns the payload as plain JSON (what the SDK will serialise) and the final message.
 */
export async function capturePayload<TOptions extends StreamOptions>(
	streamFunction: (model: Model, context: Context, options?: TOptions) => AssistantMessageEventStream,
	model: Model,
	context: Context,
	options: NoInfer<TOptions>,
): Promise<{ payload: Record<string, unknown>; result: AssistantMessage }> {
	let payload: unknown;
	const result = await streamFunction(model, context, {
		apiKey: "test-key",
		...options,
		onPayload: (body: unknown) => {
			payload = JSON.parse(JSON.stringify(body));
			throw new Error("payload captured");
		},
	}).result();
	if (payload === null || typeof payload !== "object") {
		throw new Error(`no payload captured; the stream ended with: ${result.errorMessage}`);
	}
	return { payload: payload as Record<string, unknown>, result };
}

/** An Anthropic model; override any field. Default: Claude Haiku 4.5 (budget thinking). */
export function anthropicModel(overrides: Partial<Model> = {}): Model {
	return {
		id: "claude-haiku-4-5",
		name: "Claude Haiku 4.5",
		api: "anthropic-messages",
		provider: "anthropic",
		baseUrl: UNREACHABLE_URL,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
		contextWindow: 200_000,
		maxTokens: 64_000,
		...overrides,
	};
}

/** A Gemini model; override any field. Default: Gemini 2.5 Flash. */
export function googleModel(overrides: Partial<Model> = {}): Model {
	return {
		id: "gemini-2.5-flash",
		name: "Gemini 2.5 Flash",
		api: "google-generative-ai",
		provider: "google",
		baseUrl: UNREACHABLE_URL,
		reasoning: true,
		input: ["text", "image"],
		cost: { input: 0.3, output: 2.5, cacheRead: 0.075, cacheWrite: 0 },
		contextWindow: 1_048_576,
		maxTokens: 65_536,
		...overrides,
	};
}

/** A one-message context. */
export function userContext(text = "Hi", extra: Partial<Context> = {}): Context {
	return { messages: [{ role: "user", content: text, timestamp: 1 }], ...extra };
}
