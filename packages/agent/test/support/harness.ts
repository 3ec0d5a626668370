import { type AssistantMessage, type FauxProviderHandle, fauxProvider, Type, type UserMessage } from "@pi/ai";
import { Agent } from "../../src/agent.js";
import type { AgentOptions } from "../../src/agent-options.js";
import type { AgentEvent, AgentTool, AgentToolResult, StreamFn } from "../../src/types.js";

/** A promise with its resolve/reject exposed, for ordering tests without sleeps. */
export interface Deferred<T> {
	promise: Promise<T>;
	resolve: (value: T) => void;
	reject: (error: unknown) => void;
}

export function deferred<T = void>(): Deferred<T> {
	let resolve!: (value: T) => void;
	let reject!: (error: unknown) => void;
	const promise = new Promise<T>((res, rej) => {
		resolve = res;
		reject = rej;
	});
	return { promise, resolve, reject };
}

export type Faux = FauxProviderHandle;

/** The faux provider's stream function as an agent-core `StreamFn`. */
export function fauxStreamFn(faux: Faux): StreamFn {
	return (model, context, options) => faux.streams.streamSimple(model, context, options);
}

/** A short label per event: the type, plus the message role or tool name where there is one. */
export function label(event: AgentEvent): string {
	switch (event.type) {
		case "message_start":
		case "message_end":
			return `${event.type}:${event.message.role}`;
		case "message_update":
			return event.type;
		case "tool_execution_start":
		case "tool_execution_update":
		case "tool_execution_end":
			return `${event.type}:${event.toolCallId}`;
		default:
			return event.type;
	}
}

/** Labels with each run of consecutive `message_update`s folded into one `message_update*`. */
export function fold(labels: string[]): string[] {
	const out: string[] = [];
	for (const item of labels) {
		if (item === "message_update") {
			if (out[out.length - 1] !== "message_update*") out.push("message_update*");
		} else {
			out.push(item);
		}
	}
	return out;
}

/** An agent on a fresh faux provider that records every event it delivers. */
export function createTestAgent(options: Partial<AgentOptions> = {}) {
	const faux = fauxProvider();
	const agent = new Agent({
		streamFn: fauxStreamFn(faux),
		...options,
		initialState: { model: faux.getModel(), systemPrompt: "You are a test.", ...options.initialState },
	});
	const events: AgentEvent[] = [];
	agent.subscribe((event) => {
		events.push(event);
	});
	return { agent, faux, events, labels: () => fold(events.map(label)) };
}

export const echoParameters = Type.Object({ text: Type.String() });

/** A tool that returns its `text` argument, after `gate` resolves when one is given. */
export function echoTool(
	name = "echo",
	behaviour: {
		gate?: (text: string) => Promise<void> | undefined;
		onExecute?: (text: string, signal: AbortSignal | undefined) => void;
	} = {},
): AgentTool<typeof echoParameters, { echoed: string }> {
	return {
		name,
		label: `Echo (${name})`,
		description: "Returns the text it is given.",
		parameters: echoParameters,
		async execute(_toolCallId, params, signal): Promise<AgentToolResult<{ echoed: string }>> {
			behaviour.onExecute?.(params.text, signal);
			await behaviour.gate?.(params.text);
			if (signal?.aborted) throw new Error("Operation aborted");
			return { content: [{ type: "text", text: `echo: ${params.text}` }], details: { echoed: params.text } };
		},
	};
}

/**
 * Resolves once every queued microtask (and promise chain fed by microtasks) has run: one
 * `setImmediate` turn, no timer. Used to prove that something did NOT happen yet.
 */
export function drainMicrotasks(): Promise<void> {
	return new Promise((resolve) => setImmediate(resolve));
}

/** A plain user message. */
export const user = (text: string): UserMessage => ({ role: "user", content: text, timestamp: 1 });

/** The agent's last message, which must be an assistant reply. */
export function lastAssistant(agent: Agent): AssistantMessage {
	const last = agent.state.messages.at(-1);
	if (last?.role !== "assistant") throw new Error(`last message is ${last?.role}`);
	return last;
}
