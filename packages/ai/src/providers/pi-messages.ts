import type { AssistantMessageEventStream } from "../event-stream.js";
import { defaultSimpleMaxTokens } from "../simple-max-tokens.js";
import { transformMessages } from "../transform-messages.js";
import type { Context, Message, Model, SimpleStreamOptions, StreamOptions, ThinkingLevel } from "../types.js";
import { mergeHeaders } from "../utils/merge-headers.js";
import { sanitizeSurrogates } from "../utils/sanitize-unicode.js";
import { applyPiWireEvent, type PiWireEvent } from "./pi-messages-events.js";
import { takeNodeHttpBody } from "./shared/node-http-body.js";
import { nodeHttpFetch } from "./shared/node-http-fetch.js";
import { vendorText } from "./shared/openai-error.js";
import { applyPayloadHook, runProviderStream } from "./shared/provider-stream.js";
import { describeRetryDelay, parseRetryAfterHeaders } from "./shared/retry-delay.js";
import { type ServerSentEvent, ServerSentEventDecoder } from "./shared/server-sent-events.js";

/** Options of the `pi-messages` API module. */
export interface PiMessagesOptions extends StreamOptions {
	/** Thinking level, passed to the server as is. */
	reasoning?: ThinkingLevel;
}

/** The request body: pi's own context and options, for the server to map to its vendor. */
function buildBody(model: Model, context: Context, options: PiMessagesOptions): Record<string, unknown> {
	// The shared handoff transform (ai.md §8) runs here as for every API; the server sees clean history.
	const messages = sanitizeMessages(transformMessages(context.messages, model));
	return {
		model: model.id,
		context: {
			...context,
			...(context.systemPrompt === undefined ? {} : { systemPrompt: sanitizeSurrogates(context.systemPrompt) }),
			messages,
		},
		options: {
			temperature: options.temperature,
			maxTokens: options.maxTokens,
			reasoning: options.reasoning,
			cacheRetention: options.cacheRetention,
			sessionId: options.sessionId,
		},
	};
}

/** Every text in the history without lone surrogates (they break JSON on the server's side). */
function sanitizeMessages(messages: Message[]): Message[] {
	return messages.map((message): Message => {
		if (message.role === "user") {
			return {
				...message,
				content:
					typeof message.content === "string"
						? sanitizeSurrogates(message.content)
						: message.content.map((block) =>
								block.type === "text" ? { ...block, text: sanitizeSurrogates(block.text) } : block,
							),
			};
		}
		if (message.role === "assistant") {
			return {
				...message,
				content: message.content.map((block) => {
					if (block.type === "text") return { ...block, text: sanitizeSurrogates(block.text) };
					if (block.type === "thinking") return { ...block, thinking: sanitizeSurrogates(block.thinking) };
					return block;
				}),
			};
		}
		return {
			...message,
			content: message.content.map((block) =>
				block.type === "text" ? { ...block, text: sanitizeSurrogates(block.text) } : block,
			),
		};
	});
}

/** `<status> <statusText>: <error.message> (<error.code>)`, the vendor text kept. */
async function httpError(response: Response, maxRetryDelayMs: number | undefined): Promise<Error> {
	const body = await response.text().catch(() => "");
	let code = "";
	try {
		const parsed = JSON.parse(body) as { error?: { code?: unknown } };
		if (typeof parsed.error?.code === "string") code = ` (${parsed.error.code})`;
	} catch {
		// Not JSON: the raw text is the message.
	}
	const delay = describeRetryDelay(parseRetryAfterHeaders(response.headers), maxRetryDelayMs);
	// Same wording as the vendor SDKs for an empty body, so overflow detection matches a bare 400.
	if (body.trim() === "") return new Error(`${response.status} status code (no body)${delay}`);
	return new Error(`${response.status} ${response.statusText}: ${vendorText(body) || "(no body)"}${code}${delay}`);
}

/**
 * Streams one reply over pi's own protocol (`pi-messages`, spoken by the Radius gateway and any
 * server implementing it): `POST <baseUrl>/messages` with `{ model, context, options }` and a
 * bearer key; the answer is server-sent events, each an assistant-message event without
 * `partial`, ending with `done` or `error`. There is no vendor SDK: the protocol is pi's.
 * Never throws: HTTP errors keep their status and text, a stream without a terminal event fails.
 */
export function stream(model: Model, context: Context, options: PiMessagesOptions = {}): AssistantMessageEventStream {
	return runProviderStream(
		model,
		options,
		async ({ builder, apiKey }) => {
			const body = await applyPayloadHook(buildBody(model, context, options), model, options);
			const headers = mergeHeaders(
				{ accept: "text/event-stream", "content-type": "application/json" },
				apiKey ? { authorization: `Bearer ${apiKey}` } : undefined,
				model.headers,
				options.headers,
			);
			const response = await nodeHttpFetch(`${model.baseUrl.replace(/\/+$/, "")}/messages`, {
				method: "POST",
				headers,
				body: JSON.stringify(body),
				signal: options.signal,
			});
			options.onResponse?.({ status: response.status, headers: Object.fromEntries(response.headers.entries()) });
			if (!response.ok) throw await httpError(response, options.maxRetryDelayMs);
			if (!response.body) throw new Error(`${model.provider} response has no body`);
			const decoder = new ServerSentEventDecoder();
			const events: ServerSentEvent[] = [];
			// All bytes that arrived at once from the Node stream, no web stream read per 4 KiB.
			const nodeBody = takeNodeHttpBody(response.body);
			const reader = nodeBody ? undefined : response.body.getReader();
			let complete = false;
			try {
				for (;;) {
					let chunk: Uint8Array | undefined;
					if (nodeBody) {
						const taken = nodeBody.take();
						chunk = taken === null ? await nodeBody.next() : taken;
					} else {
						chunk = (await reader!.read()).value;
					}
					if (chunk === undefined) break;
					decoder.push(chunk, events);
					for (let index = 0; index < events.length; index++) {
						const data = events[index]!.data;
						if (data === "[DONE]") continue;
						if (applyPiWireEvent(JSON.parse(data) as PiWireEvent, builder)) return;
					}
					events.length = 0;
					const drained = builder.backpressure();
					if (drained) await drained;
				}
				complete = true;
			} finally {
				// Stopped before the body's end (terminal event, error, abort): close it, as before.
				if (nodeBody && !complete) nodeBody.cancel();
				else if (!complete) void reader?.cancel().catch(() => undefined);
			}
			throw new Error(`${model.provider} stream ended without a terminal event`);
		},
		(error) => (error instanceof Error ? error.message : String(error)),
	);
}

/** `stream` with the uniform thinking level passed through (the server maps it). */
export function streamSimple(
	model: Model,
	context: Context,
	options: SimpleStreamOptions = {},
): AssistantMessageEventStream {
	const { thinkingBudgets: _budgets, ...rest } = options;
	return stream(model, context, { ...rest, maxTokens: rest.maxTokens ?? defaultSimpleMaxTokens(model) });
}
