import { type AssistantMessage, EventStream, type ToolCall, type ToolResultMessage } from "@pi/ai";
import { createFailureMessage } from "./failure-message.js";
import type { LoopRuntime } from "./loop-runtime.js";
import { streamAssistantMessage } from "./stream-assistant.js";
import { executeToolBatch, refuseTruncatedToolCalls, type ToolBatch } from "./tool-execution.js";
import { errorText } from "./tool-result.js";
import type {
	AgentContext,
	AgentEvent,
	AgentLoopConfig,
	AgentMessage,
	QueuedMessagesSource,
	StreamFn,
} from "./types.js";

/** One run's working state. The loop owns copies; the caller's context is never mutated. */
interface Run {
	context: AgentContext;
	config: AgentLoopConfig;
	runtime: LoopRuntime;
	newMessages: AgentMessage[];
	turnOpen: boolean;
}

/** How a turn ended: a failed reply ends the run; tool results call for another turn. */
type TurnOutcome = "failed" | "continue" | "stopped";

function emit(run: Run, event: AgentEvent): Promise<void> | void {
	return run.runtime.emit(event);
}

async function startTurn(run: Run): Promise<void> {
	run.turnOpen = true;
	await emit(run, { type: "turn_start" });
}

async function endTurn(run: Run, message: AssistantMessage, toolResults: ToolResultMessage[]): Promise<void> {
	run.turnOpen = false;
	await emit(run, { type: "turn_end", message, toolResults });
}

function addMessage(run: Run, message: AgentMessage): void {
	run.context.messages.push(message);
	run.newMessages.push(message);
}

async function injectMessages(run: Run, messages: AgentMessage[]): Promise<void> {
	for (const message of messages) {
		await emit(run, { type: "message_start", message });
		await emit(run, { type: "message_end", message });
		addMessage(run, message);
	}
}

/** Queues are not polled once the run is aborted: their messages stay queued for the next run. */
async function pollQueue(run: Run, source: QueuedMessagesSource | undefined): Promise<AgentMessage[]> {
	if (!source || run.runtime.signal?.aborted) return [];
	return await source();
}

/** Picks up changes the `Agent`'s owner made to its state since the last LLM call. */
function applyTurnSettings(run: Run): void {
	const settings = run.runtime.readTurnSettings?.();
	if (!settings) return;
	run.context.systemPrompt = settings.systemPrompt;
	run.context.tools = settings.tools;
	run.config.model = settings.model;
	run.config.reasoning = settings.reasoning;
}

function isToolCall(block: AssistantMessage["content"][number]): block is ToolCall {
	return block.type === "toolCall";
}

/** One turn after `turn_start` and injected messages: reply, tool phase, `turn_end`. */
async function runTurn(run: Run): Promise<TurnOutcome> {
	applyTurnSettings(run);
	const { signal, streamFn } = run.runtime;
	const message = await streamAssistantMessage(run.context, run.config, signal, run.runtime.emit, streamFn);
	addMessage(run, message);
	if (message.stopReason === "error" || message.stopReason === "aborted") {
		await endTurn(run, message, []);
		return "failed";
	}
	const toolCalls = message.content.filter(isToolCall);
	if (toolCalls.length === 0) {
		await endTurn(run, message, []);
		return "stopped";
	}
	const batch: ToolBatch = {
		context: run.context,
		assistantMessage: message,
		toolCalls,
		config: run.config,
		signal,
		emit: run.runtime.emit,
	};
	const result =
		message.stopReason === "length" ? await refuseTruncatedToolCalls(batch) : await executeToolBatch(batch);
	for (const toolResult of result.messages) addMessage(run, toolResult);
	await endTurn(run, message, result.messages);
	// After an abort the next LLM call is still made: the stream function answers an aborted
	// signal with an "aborted" reply, so every aborted run ends with one (agent-core.md §7).
	return result.terminate && !signal?.aborted ? "stopped" : "continue";
}

/** Turns until the model stops with no steering or follow-up pending (agent-core.md §3.2, §6). */
async function runTurns(run: Run, prompts: AgentMessage[]): Promise<void> {
	const { config, runtime } = run;
	await emit(run, { type: "agent_start" });
	await startTurn(run);
	await injectMessages(run, prompts);
	let pending = runtime.skipInitialSteeringPoll ? [] : await pollQueue(run, config.getSteeringMessages);
	for (let firstTurn = true; ; firstTurn = false) {
		if (!firstTurn) await startTurn(run);
		await injectMessages(run, pending);
		const outcome = await runTurn(run);
		if (outcome === "failed") return;
		if (outcome === "continue" && !runtime.signal?.aborted) {
			const replaced = await config.prepareNextTurn?.(runtime.signal);
			if (replaced) run.context.messages = [...replaced];
		}
		pending = await pollQueue(run, config.getSteeringMessages);
		if (outcome === "continue" || pending.length > 0) continue;
		pending = await pollQueue(run, config.getFollowUpMessages);
		if (pending.length === 0) return;
	}
}

/** Something threw inside the loop: end the turn and the run with a synthetic failed reply. */
async function failRun(run: Run, error: unknown): Promise<void> {
	const aborted = run.runtime.signal?.aborted === true;
	const message = createFailureMessage(run.config.model, errorText(error), aborted);
	if (!run.turnOpen) await startTurn(run);
	await emit(run, { type: "message_start", message: { ...message, stopReason: "pending" } });
	await emit(run, { type: "message_end", message });
	addMessage(run, message);
	await endTurn(run, message, []);
}

/**
 * Runs one complete run and resolves with the messages it added (the `agent_end` payload).
 * Never rejects: an unexpected throw ends the run with a synthetic "error"/"aborted" reply.
 * Internal: the `Agent` calls it with a backpressure-aware `emit`.
 */
export async function runAgentLoop(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	runtime: LoopRuntime,
): Promise<AgentMessage[]> {
	const run: Run = {
		context: { systemPrompt: context.systemPrompt, messages: [...context.messages], tools: [...context.tools] },
		config: { ...config },
		runtime,
		newMessages: [],
		turnOpen: false,
	};
	try {
		await runTurns(run, prompts);
	} catch (error) {
		try {
			await failRun(run, error);
		} catch (secondError) {
			// Only a throwing event sink gets here; agent_end below is still attempted once.
			console.error("agent loop: could not report a failure", secondError);
		}
	}
	await emit(run, { type: "agent_end", messages: run.newMessages });
	return run.newMessages;
}

/** Throws unless `messages` can be continued from (agent-core.md §4.3, §8). */
export function assertCanContinue(messages: readonly AgentMessage[]): void {
	const last = messages[messages.length - 1];
	if (last === undefined) throw new Error("No messages to continue from");
	if (last.role === "assistant") throw new Error("Cannot continue from message role: assistant");
}

function createAgentEventStream(): EventStream<AgentEvent, AgentMessage[]> {
	return new EventStream<AgentEvent, AgentMessage[]>(
		(event) => event.type === "agent_end",
		(event) => (event.type === "agent_end" ? event.messages : []),
	);
}

function startObservedRun(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
	streamFn: StreamFn,
): EventStream<AgentEvent, AgentMessage[]> {
	const stream = createAgentEventStream();
	void runAgentLoop(prompts, context, config, { emit: (event) => stream.push(event), signal, streamFn }).then(
		(messages) => stream.end(messages),
	);
	return stream;
}

/**
 * Starts a run with `prompts` as the new user input. Observational: events are pushed into the
 * returned stream without waiting for its consumer (only `Agent` gives backpressure). The
 * stream's `result()` resolves to the messages added by the run (= `agent_end.messages`).
 * Never rejects: failures end the run with an assistant message of stopReason "error"/"aborted".
 */
export function agentLoop(
	prompts: AgentMessage[],
	context: AgentContext,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
	streamFn: StreamFn,
): EventStream<AgentEvent, AgentMessage[]> {
	return startObservedRun(prompts, context, config, signal, streamFn);
}

/**
 * Continues from the context as it is (e.g. after a tool result or to retry), adding no prompt.
 * Throws synchronously `No messages to continue from` for an empty context and
 * `Cannot continue from message role: assistant` when the last message is an assistant reply.
 */
export function agentLoopContinue(
	context: AgentContext,
	config: AgentLoopConfig,
	signal: AbortSignal | undefined,
	streamFn: StreamFn,
): EventStream<AgentEvent, AgentMessage[]> {
	assertCanContinue(context.messages);
	return startObservedRun([], context, config, signal, streamFn);
}
