import type {
	AfterToolCallResult,
	Agent,
	AgentEvent,
	AgentMessage,
	BeforeToolCallResult,
	RequestContext,
} from "@pi/agent-core";
import type { ContextWithSystemMessage, ExtensionEventMap, SystemPromptMessage } from "./extension-events.js";
import type { ExtensionRunner } from "./extension-runner.js";

/**
 * Connects the runner to an Agent: `tool_call` as `beforeToolCall`, `tool_result` as
 * `afterToolCall`, `context` as `transformContext`, `context_with_system` as
 * `transformRequestContext`, `before_provider_headers` as `transformHeaders`,
 * `before_provider_request` as `onPayload`, and
 * every loop event through an awaited listener (so handlers run in order, before the loop moves
 * on). Earlier hooks on the Agent keep running first. Returns the listener's unsubscribe.
 */
export function installAgentHooks(agent: Agent, runner: ExtensionRunner): () => void {
	const previousBefore = agent.beforeToolCall;
	agent.beforeToolCall = async (context, signal) => {
		const earlier = await previousBefore?.(context, signal);
		if (earlier?.block) return earlier;
		if (!runner.hasHandlers("tool_call")) return earlier;
		return emitToolCall(runner, context.toolCall.name, context.toolCall.id, context.args);
	};
	const previousAfter = agent.afterToolCall;
	agent.afterToolCall = async (context, signal) => {
		const earlier = await previousAfter?.(context, signal);
		if (!runner.hasHandlers("tool_result")) return earlier;
		const patch = await emitToolResult(runner, {
			type: "tool_result",
			toolName: context.toolCall.name,
			toolCallId: context.toolCall.id,
			input: context.args,
			content: earlier?.content ?? context.result.content,
			details: earlier && "details" in earlier ? earlier.details : context.result.details,
			isError: earlier?.isError ?? context.isError,
			...((earlier?.usage ?? context.result.usage) ? { usage: earlier?.usage ?? context.result.usage } : {}),
		});
		return patch ? { ...earlier, ...patch } : earlier;
	};
	const previousTransform = agent.transformContext;
	agent.transformContext = async (messages, signal) => {
		const input = previousTransform ? await previousTransform(messages, signal) : messages;
		if (!runner.hasHandlers("context")) return input;
		return emitContext(runner, input);
	};
	const previousRequest = agent.transformRequestContext;
	agent.transformRequestContext = async (request, signal) => {
		const input = previousRequest ? await previousRequest(request, signal) : request;
		if (!runner.hasHandlers("context_with_system")) return input;
		return emitContextWithSystem(runner, input);
	};
	const previousHeaders = agent.transformHeaders;
	agent.transformHeaders = async (headers) => {
		const input = previousHeaders ? await previousHeaders(headers) : headers;
		if (!runner.hasHandlers("before_provider_headers")) return input;
		// Handlers change the map in place; what they return is ignored (pi 1.4).
		const event = { type: "before_provider_headers" as const, headers: input };
		await runner.emit(event);
		return event.headers;
	};
	const previousPayload = agent.onPayload;
	agent.onPayload = async (payload, model) => {
		const earlier = previousPayload ? await previousPayload(payload, model) : undefined;
		let current = earlier ?? payload;
		if (!runner.hasHandlers("before_provider_request")) return earlier;
		let replaced = earlier !== undefined;
		const event = { type: "before_provider_request" as const, payload: current, model };
		await runner.emitCollect(event, (result) => {
			current = event.payload = result;
			replaced = true;
			return false;
		});
		return replaced ? current : undefined;
	};
	const previousResponse = agent.onResponse;
	agent.onResponse = (info) => {
		previousResponse?.(info);
		// Reported as it happens; the stream does not wait for handlers of a notification.
		if (runner.hasHandlers("after_provider_response"))
			void runner.emit({ type: "after_provider_response", status: info.status, headers: { ...info.headers } });
	};
	let turnIndex = -1;
	// Not an async function: a streamed reply is one event per delta, and an event no handler
	// listens to returns nothing, so the Agent does not await a promise for it (agent-core's
	// dispatcher awaits only what a listener returns).
	return agent.subscribe((event: AgentEvent, signal): Promise<void> | undefined => {
		runner.currentSignal = signal;
		switch (event.type) {
			case "agent_start":
				turnIndex = -1;
				return runner.emit(event);
			case "turn_start":
				turnIndex++;
				return runner.emit({ type: "turn_start", turnIndex, timestamp: Date.now() });
			case "turn_end":
				return runner.emit({ type: "turn_end", turnIndex, message: event.message, toolResults: event.toolResults });
			case "agent_end":
				return runner.emit(event).then(() => {
					runner.currentSignal = undefined;
				});
			default:
				return runner.hasHandlers(event.type) ? runner.emit(event) : undefined;
		}
	});
}

/** `tool_call`: input mutable in place; the first block stops; a throwing handler blocks (fail-safe). */
export async function emitToolCall(
	runner: ExtensionRunner,
	toolName: string,
	toolCallId: string,
	input: Record<string, unknown>,
): Promise<BeforeToolCallResult | undefined> {
	let blocked: BeforeToolCallResult | undefined;
	await runner.emitCollect(
		{ type: "tool_call", toolName, toolCallId, input },
		(result) => {
			if (!result.block) return false;
			blocked = {
				block: true,
				reason: result.reason ?? "Blocked by extension",
				...(result.terminate ? { terminate: true } : {}),
			};
			return true;
		},
		(message) => {
			blocked = { block: true, reason: `Extension error: ${message}` };
			return true;
		},
	);
	return blocked;
}

/** `tool_result`: middleware, each handler sees the latest result; the merged patch, or undefined. */
export async function emitToolResult(
	runner: ExtensionRunner,
	event: ExtensionEventMap["tool_result"]["event"],
): Promise<AfterToolCallResult | undefined> {
	let patch: AfterToolCallResult | undefined;
	await runner.emitCollect(event, (result) => {
		patch ??= {};
		if (result.content !== undefined) event.content = patch.content = result.content;
		if ("details" in result) event.details = patch.details = result.details;
		if (result.isError !== undefined) event.isError = patch.isError = result.isError;
		if (result.usage !== undefined) event.usage = patch.usage = result.usage;
		return false;
	});
	return patch;
}

/** `context`: chained, each handler gets the previous handler's messages (a deep copy at first). */
export async function emitContext(runner: ExtensionRunner, messages: AgentMessage[]): Promise<AgentMessage[]> {
	const event = { type: "context" as const, messages: structuredClone(messages) };
	let changed = false;
	await runner.emitCollect(event, (result) => {
		if (result.messages) {
			event.messages = result.messages;
			changed = true;
		}
		return false;
	});
	return changed ? event.messages : messages;
}

/**
 * `context_with_system`: chained like `context`, over the whole request with its system prompt as
 * the leading `system` message. What the last handler leaves at index 0 is the request's system
 * prompt; a system message anywhere else is not a message the model APIs take, so it is dropped
 * and reported, as is a leading one a handler removed (the request then has no system prompt).
 */
export async function emitContextWithSystem(runner: ExtensionRunner, request: RequestContext): Promise<RequestContext> {
	const system: SystemPromptMessage = { role: "system", content: request.systemPrompt, timestamp: Date.now() };
	const event = {
		type: "context_with_system" as const,
		messages: [system, ...structuredClone(request.messages)] as ContextWithSystemMessage[],
	};
	let changed = false;
	let lastPath = "";
	await runner.emitCollect(event, (result, path) => {
		if (result.messages) {
			event.messages = result.messages;
			changed = true;
			lastPath = path;
		}
		return false;
	});
	if (!changed) return request;
	const [first, ...rest] = event.messages;
	const leading = isSystemMessage(first) ? first : undefined;
	const body = leading ? rest : event.messages;
	const messages = body.filter((message): message is AgentMessage => !isSystemMessage(message));
	if (!leading || messages.length !== body.length) {
		runner.reportError({
			extensionPath: lastPath,
			event: "context_with_system",
			error: !leading
				? "The handler removed the leading system message: this request has no system prompt. Keep it at index 0."
				: "System messages after index 0 are dropped: only the leading one is the system prompt.",
		});
	}
	return { systemPrompt: leading ? textOfSystem(leading) : "", messages };
}

function isSystemMessage(message: ContextWithSystemMessage | undefined): message is SystemPromptMessage {
	return (message as { role?: string } | undefined)?.role === "system";
}

/** The prompt text of a system message (a handler may have set content blocks, as 1.4's messages allow). */
function textOfSystem(message: SystemPromptMessage): string {
	const content = message.content as unknown;
	if (typeof content === "string") return content;
	if (!Array.isArray(content)) return "";
	return content
		.flatMap((block: { type?: string; text?: unknown }) =>
			block.type === "text" && typeof block.text === "string" ? [block.text] : [],
		)
		.join("\n");
}
