import type { AssistantMessage, Context, SimpleStreamOptions, Tool } from "@pi/ai";
import type { AgentEventSink } from "./loop-runtime.js";
import type { AgentContext, AgentLoopConfig, AgentTool, StreamFn } from "./types.js";

function toLlmTool(tool: AgentTool): Tool {
	return { name: tool.name, description: tool.description, parameters: tool.parameters };
}

/**
 * The context pipeline (agent-core.md §2): `transformContext` (on a copy), `transformRequestContext`
 * (system prompt and messages), then `convertToLlm`,
 * then `{ systemPrompt, messages, tools }` with tools reduced to what the model sees.
 */
export async function buildLlmContext(
	context: AgentContext,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
): Promise<Context> {
	let messages = config.transformContext
		? await config.transformContext([...context.messages], signal)
		: context.messages;
	let systemPrompt = context.systemPrompt;
	if (config.transformRequestContext) {
		({ systemPrompt, messages } = await config.transformRequestContext(
			{ systemPrompt, messages: [...messages] },
			signal,
		));
	}
	const llmMessages = await config.convertToLlm(messages);
	return { systemPrompt, messages: llmMessages, tools: context.tools.map(toLlmTool) };
}

/** The options for one LLM request; `getApiKey` runs for every request so expiring tokens refresh. */
export async function buildStreamOptions(
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
): Promise<SimpleStreamOptions> {
	const resolvedKey = config.getApiKey ? await config.getApiKey(config.model.provider) : undefined;
	const options: SimpleStreamOptions = {};
	const apiKey = resolvedKey || config.apiKey;
	if (apiKey !== undefined) options.apiKey = apiKey;
	if (config.reasoning !== undefined) options.reasoning = config.reasoning;
	if (config.thinkingBudgets !== undefined) options.thinkingBudgets = config.thinkingBudgets;
	if (config.sessionId !== undefined) options.sessionId = config.sessionId;
	if (config.transport !== undefined) options.transport = config.transport;
	if (config.maxRetryDelayMs !== undefined) options.maxRetryDelayMs = config.maxRetryDelayMs;
	if (config.onPayload !== undefined) options.onPayload = config.onPayload;
	if (config.transformHeaders !== undefined) options.transformHeaders = config.transformHeaders;
	if (config.onResponse !== undefined) options.onResponse = config.onResponse;
	if (signal !== undefined) options.signal = signal;
	return options;
}

/**
 * A shallow copy of a streamed message marked `"pending"`: `message_start` and `message_update`
 * never carry a final stop reason, even from a stream function that breaks the ai contract
 * (rpc.md §10.4 relies on it).
 */
function pendingCopy(message: AssistantMessage): AssistantMessage {
	return { ...message, stopReason: "pending" };
}

/**
 * Asks the model for one reply and maps its stream to agent events: `message_start` on the
 * provider's `start`, one `message_update` per content event (with a shallow copy of the
 * partial), `message_end` with the final message. Without a `start` (immediate failure) a
 * `message_start` carrying a `"pending"` copy of the final message directly precedes `message_end`.
 */
export async function streamAssistantMessage(
	context: AgentContext,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
	emit: AgentEventSink,
	streamFn: StreamFn,
): Promise<AssistantMessage> {
	const llmContext = await buildLlmContext(context, config, signal);
	const options = await buildStreamOptions(config, signal);
	const stream = await streamFn(config.model, llmContext, options);
	let started = false;
	for await (const event of stream) {
		if (event.type === "done" || event.type === "error") break;
		if (event.type === "start") {
			started = true;
			await emit({ type: "message_start", message: pendingCopy(event.partial) });
			continue;
		}
		if (!started) {
			// A provider that skipped `start` still gets a well-formed message_start first.
			started = true;
			await emit({ type: "message_start", message: pendingCopy(event.partial) });
		}
		// Awaited only when a listener is still busy: one microtask hop less per streamed delta.
		const delivered = emit({
			type: "message_update",
			message: pendingCopy(event.partial),
			assistantMessageEvent: event,
		});
		if (delivered) await delivered;
	}
	const final = await stream.result();
	if (!started) await emit({ type: "message_start", message: pendingCopy(final) });
	await emit({ type: "message_end", message: final });
	return final;
}
