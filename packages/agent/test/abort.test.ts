import { fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { Agent } from "../src/agent.js";
import type { AgentTool } from "../src/types.js";
import { createTestAgent, deferred, echoTool, label, lastAssistant, user } from "./support/harness.js";

describe("abort (§7)", () => {
	it("while streaming: the reply ends aborted, its tool calls never run, queues are kept", async () => {
		const executed: string[] = [];
		const { agent, faux, labels } = createTestAgent({
			initialState: { tools: [echoTool("echo", { onExecute: (text) => executed.push(text) })] },
		});
		faux.setResponses([
			fauxAssistantMessage([fauxText("let me call a tool now"), fauxToolCall("echo", { text: "a" }, "c1")]),
		]);
		agent.followUp(user("later"));
		agent.subscribe((event) => {
			if (event.type === "message_update") agent.abort();
		});
		await agent.prompt("go");
		expect(labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_update*",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(lastAssistant(agent).stopReason).toBe("aborted");
		expect(agent.state.errorMessage).toBeDefined();
		expect(executed).toEqual([]);
		expect(agent.hasQueuedMessages()).toBe(true);
		expect(agent.state.isStreaming).toBe(false);
	});

	it("while parallel tools run: every call gets a result, then the run ends with an aborted reply", async () => {
		const started = deferred();
		let running = 0;
		const waitForAbort = (_text: string, signal: AbortSignal | undefined) => {
			if (++running === 2) started.resolve();
			return signal;
		};
		const signals: (AbortSignal | undefined)[] = [];
		const tool = echoTool("echo", {
			onExecute: (text, signal) => signals.push(waitForAbort(text, signal)),
			gate: () =>
				new Promise<void>((resolve) => {
					const signal = signals.at(-1);
					signal?.addEventListener("abort", () => resolve(), { once: true });
				}),
		});
		const { agent, faux, events } = createTestAgent({ initialState: { tools: [tool] } });
		faux.setResponses([
			fauxAssistantMessage([fauxToolCall("echo", { text: "a" }, "c1"), fauxToolCall("echo", { text: "b" }, "c2")]),
			fauxAssistantMessage(fauxText("never streamed")),
		]);
		const run = agent.prompt("go");
		await started.promise;
		expect([...agent.state.pendingToolCalls].sort()).toEqual(["c1", "c2"]);
		agent.steer(user("steer after abort"));
		agent.abort();
		await run;
		// The aborted run polls no queue: the steering message is neither injected nor lost.
		expect(agent.steeringQueue).toEqual([user("steer after abort")]);
		const ends = events.flatMap((event) => (event.type === "tool_execution_end" ? [event] : []));
		expect(ends.map((event) => [event.toolCallId, event.isError, event.result.content])).toEqual([
			["c1", true, [{ type: "text", text: "Operation aborted" }]],
			["c2", true, [{ type: "text", text: "Operation aborted" }]],
		]);
		expect(agent.state.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"toolResult",
			"assistant",
		]);
		expect(lastAssistant(agent).stopReason).toBe("aborted");
		expect(events.map(label).slice(-6)).toEqual([
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(agent.state.pendingToolCalls.size).toBe(0);
	});

	it("while sequential tools run: later calls are not started and get no events", async () => {
		const running = deferred();
		const executed: string[] = [];
		let signal: AbortSignal | undefined;
		const tool = echoTool("echo", {
			onExecute: (text, runSignal) => {
				executed.push(text);
				signal = runSignal;
				running.resolve();
			},
			gate: () => new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true })),
		});
		const { agent, faux, events } = createTestAgent({ toolExecution: "sequential", initialState: { tools: [tool] } });
		faux.setResponses([
			fauxAssistantMessage([fauxToolCall("echo", { text: "a" }, "c1"), fauxToolCall("echo", { text: "b" }, "c2")]),
			fauxAssistantMessage(fauxText("never streamed")),
		]);
		const run = agent.prompt("go");
		await running.promise;
		agent.abort();
		await run;
		expect(executed).toEqual(["a"]);
		expect(events.filter((event) => "toolCallId" in event && event.toolCallId === "c2")).toEqual([]);
		expect(agent.state.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
		]);
		expect(lastAssistant(agent).stopReason).toBe("aborted");
	});

	it("a terminating batch finished after an abort still ends the run with an aborted reply", async () => {
		const finish: AgentTool = {
			name: "finish",
			label: "Finish",
			description: "ends the run",
			parameters: Type.Object({}),
			execute: async () => {
				agent.abort();
				return { content: [{ type: "text", text: "bye" }], terminate: true };
			},
		};
		const { agent, faux } = createTestAgent({ initialState: { tools: [finish] } });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("finish", {}, "c1"))]);
		await agent.prompt("go");
		expect(agent.state.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
		]);
		expect(lastAssistant(agent).stopReason).toBe("aborted");
	});

	it("the run's signal reaches streamFn, transformContext, both hooks, tool execute and listeners", async () => {
		const seen: Record<string, AbortSignal | undefined> = {};
		const faux = fauxProvider();
		const agent = new Agent({
			streamFn: (model, context, options) => {
				seen.streamFn = options?.signal;
				return faux.streams.streamSimple(model, context, options);
			},
			initialState: {
				model: faux.getModel(),
				tools: [echoTool("echo", { onExecute: (_text, signal) => (seen.execute = signal) })],
			},
			transformContext: async (messages, signal) => {
				seen.transformContext = signal;
				return messages;
			},
			beforeToolCall: (_context, signal) => {
				seen.beforeToolCall = signal;
				return undefined;
			},
			afterToolCall: (_context, signal) => {
				seen.afterToolCall = signal;
				return undefined;
			},
		});
		agent.subscribe((_event, signal) => {
			seen.listener = signal;
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		const runSignal = seen.listener;
		expect(runSignal).toBeInstanceOf(AbortSignal);
		for (const name of ["streamFn", "transformContext", "beforeToolCall", "afterToolCall", "execute"]) {
			expect(seen[name], name).toBe(runSignal);
		}
	});

	it("is a no-op when idle", () => {
		const { agent, events } = createTestAgent();
		agent.abort();
		expect(events).toEqual([]);
	});
});
