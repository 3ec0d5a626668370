import { fauxAssistantMessage, fauxText, fauxToolCall } from "@pi/ai";
import { describe, expect, it, vi } from "vitest";
import type { AgentEvent } from "../src/types.js";
import { createTestAgent, deferred, drainMicrotasks, echoTool } from "./support/harness.js";

describe("subscribers and backpressure (§3.3)", () => {
	it("the loop waits for a slow listener: no further event is produced until it settles", async () => {
		const { agent, faux } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("a reply long enough for several deltas"))]);
		const release = deferred();
		const order: string[] = [];
		const seen: AgentEvent[] = [];
		agent.subscribe(async (event) => {
			order.push(`slow:${event.type}`);
			if (event.type === "message_update" && seen.length === 0) {
				seen.push(event);
				await release.promise;
			}
		});
		agent.subscribe((event) => {
			order.push(`fast:${event.type}`);
		});
		const run = agent.prompt("hi");
		await drainMicrotasks();
		// Stuck on the first update: the second listener has not seen it, nothing after it exists.
		expect(order.at(-1)).toBe("slow:message_update");
		const frozen = order.length;
		await drainMicrotasks();
		expect(order.length).toBe(frozen);
		expect(faux.state.callCount).toBe(1);
		release.resolve();
		await run;
		expect(order[frozen]).toBe("fast:message_update");
		// Registration order holds for every event.
		for (let index = 0; index < order.length; index += 2) {
			expect(order[index]?.replace("slow:", "")).toBe(order[index + 1]?.replace("fast:", ""));
		}
	});

	it("delivers one event at a time even when parallel tools emit updates concurrently", async () => {
		const both = deferred();
		let started = 0;
		const tool = {
			...echoTool(),
			async execute(
				_id: string,
				params: { text: string },
				_signal: AbortSignal | undefined,
				onUpdate?: (partial: { content: { type: "text"; text: string }[] }) => void,
			) {
				if (++started === 2) both.resolve();
				await both.promise;
				onUpdate?.({ content: [{ type: "text" as const, text: `${params.text}1` }] });
				onUpdate?.({ content: [{ type: "text" as const, text: `${params.text}2` }] });
				return { content: [{ type: "text" as const, text: params.text }] };
			},
		};
		const { agent, faux } = createTestAgent({ initialState: { tools: [tool] } });
		let inFlight = 0;
		let maxInFlight = 0;
		const delivered: string[] = [];
		agent.subscribe(async (event) => {
			inFlight++;
			maxInFlight = Math.max(maxInFlight, inFlight);
			if (event.type === "tool_execution_update") {
				delivered.push(event.partialResult.content[0]?.type === "text" ? event.partialResult.content[0].text : "");
				await drainMicrotasks();
			}
			inFlight--;
		});
		faux.setResponses([
			fauxAssistantMessage([fauxToolCall("echo", { text: "a" }, "c1"), fauxToolCall("echo", { text: "b" }, "c2")]),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		expect(maxInFlight).toBe(1);
		expect([...delivered].sort()).toEqual(["a1", "a2", "b1", "b2"]);
		expect(delivered.indexOf("a1")).toBeLessThan(delivered.indexOf("a2"));
		expect(delivered.indexOf("b1")).toBeLessThan(delivered.indexOf("b2"));
	});

	it("a slow message_end listener delays tool preflight; beforeToolCall then sees the assistant message in state", async () => {
		const hold = deferred();
		const preflightSaw: string[][] = [];
		const { agent, faux } = createTestAgent({ initialState: { tools: [echoTool()] } });
		agent.beforeToolCall = () => {
			preflightSaw.push(agent.state.messages.map((message) => message.role));
			return undefined;
		};
		agent.subscribe(async (event) => {
			if (event.type === "message_end" && event.message.role === "assistant" && preflightSaw.length === 0) {
				await hold.promise;
			}
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		const run = agent.prompt("go");
		await drainMicrotasks();
		expect(preflightSaw).toEqual([]);
		hold.resolve();
		await run;
		expect(preflightSaw).toEqual([["user", "assistant"]]);
	});

	it("prompt() resolves only after an async agent_end listener finishes; isStreaming stays true until then", async () => {
		const hold = deferred();
		const { agent, faux } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		let streamingDuringEnd: boolean | undefined;
		agent.subscribe(async (event) => {
			if (event.type !== "agent_end") return;
			streamingDuringEnd = agent.state.isStreaming;
			await hold.promise;
		});
		let resolved = false;
		const run = agent.prompt("hi").then(() => {
			resolved = true;
		});
		let idle = false;
		const idlePromise = agent.waitForIdle().then(() => {
			idle = true;
		});
		await drainMicrotasks();
		expect(streamingDuringEnd).toBe(true);
		expect(resolved).toBe(false);
		expect(idle).toBe(false);
		expect(agent.state.isStreaming).toBe(true);
		hold.resolve();
		await run;
		await idlePromise;
		expect(agent.state.isStreaming).toBe(false);
	});

	it("a throwing listener goes to onListenerError and neither stops the loop nor other listeners", async () => {
		const errors: string[] = [];
		const { agent, faux, labels } = createTestAgent({
			onListenerError: (error, event) => errors.push(`${event.type}:${error instanceof Error ? error.message : ""}`),
		});
		agent.subscribe(async (event) => {
			if (event.type === "turn_start") throw new Error("listener broke");
		});
		const after: string[] = [];
		agent.subscribe((event) => {
			after.push(event.type);
		});
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("hi");
		expect(errors).toEqual(["turn_start:listener broke"]);
		expect(labels().at(-1)).toBe("agent_end");
		expect(after).toContain("turn_start");
	});

	it("without onListenerError, a listener failure goes to console.error", async () => {
		const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
		try {
			const { agent, faux, labels } = createTestAgent();
			const failure = new Error("listener broke");
			agent.subscribe((event) => {
				if (event.type === "agent_start") throw failure;
			});
			faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
			await agent.prompt("hi");
			expect(logged).toHaveBeenCalledTimes(1);
			expect(logged.mock.calls[0]).toContain(failure);
			expect(labels().at(-1)).toBe("agent_end");
		} finally {
			logged.mockRestore();
		}
	});

	it("passes every listener the run's abort signal", async () => {
		const { agent, faux } = createTestAgent();
		const signals = new Set<AbortSignal>();
		agent.subscribe((_event, signal) => {
			signals.add(signal);
		});
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("hi");
		expect(signals.size).toBe(1);
		expect([...signals][0]).toBe(faux.state.requests[0]?.options?.signal);
	});

	it("unsubscribe stops delivery; waitForIdle resolves at once when idle", async () => {
		const { agent, faux } = createTestAgent();
		const seen: string[] = [];
		const unsubscribe = agent.subscribe((event) => {
			seen.push(event.type);
		});
		unsubscribe();
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("hi");
		expect(seen).toEqual([]);
		await agent.waitForIdle();
	});
});
