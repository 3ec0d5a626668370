import { fauxAssistantMessage, fauxText, fauxToolCall, Type } from "@pi/ai";
import { describe, expect, it, vi } from "vitest";
import type { AgentEvent, AgentTool, AgentToolResult } from "../src/types.js";
import {
	createTestAgent,
	type Deferred,
	deferred,
	drainMicrotasks,
	type echoParameters,
	echoTool,
} from "./support/harness.js";

const NESTED_USAGE = {
	input: 10,
	output: 5,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: 15,
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function toolEvents(events: AgentEvent[]): string[] {
	return events.flatMap((event) => {
		if (event.type.startsWith("tool_execution_"))
			return [`${event.type}:${"toolCallId" in event ? event.toolCallId : ""}`];
		if (event.type === "message_start" && event.message.role === "toolResult")
			return [`result:${event.message.toolCallId}`];
		return [];
	});
}

function endEvent(events: AgentEvent[], toolCallId: string) {
	const found = events.find((event) => event.type === "tool_execution_end" && event.toolCallId === toolCallId);
	if (found?.type !== "tool_execution_end") throw new Error(`no tool_execution_end for ${toolCallId}`);
	return found;
}

function twoCalls(faux: ReturnType<typeof createTestAgent>["faux"], first = "slow", second = "fast") {
	faux.setResponses([
		fauxAssistantMessage([fauxToolCall(first, { text: "a" }, "c1"), fauxToolCall(second, { text: "b" }, "c2")]),
		fauxAssistantMessage(fauxText("done")),
	]);
}

describe("parallel tool execution (§5.5)", () => {
	it("runs calls concurrently, ends them in completion order and emits results in source order", async () => {
		const log: string[] = [];
		const gates: Record<string, Deferred<void>> = { a: deferred(), b: deferred() };
		const bothStarted = deferred();
		let started = 0;
		const behaviour = {
			onExecute: (text: string) => {
				log.push(`execute:${text}`);
				if (++started === 2) bothStarted.resolve();
			},
			gate: (text: string) => gates[text]?.promise,
		};
		const { agent, faux, events } = createTestAgent({
			initialState: { tools: [echoTool("slow", behaviour), echoTool("fast", behaviour)] },
		});
		agent.subscribe((event) => {
			if (event.type === "tool_execution_end") {
				log.push(`end:${event.toolCallId}`);
				if (event.toolCallId === "c2") gates.a?.resolve();
			}
		});
		twoCalls(faux);
		const run = agent.prompt("go");
		await bothStarted.promise;
		gates.b?.resolve();
		await run;
		expect(log).toEqual(["execute:a", "execute:b", "end:c2", "end:c1"]);
		expect(toolEvents(events)).toEqual([
			"tool_execution_start:c1",
			"tool_execution_start:c2",
			"tool_execution_end:c2",
			"tool_execution_end:c1",
			"result:c1",
			"result:c2",
		]);
		const turnEnd = events.find((event) => event.type === "turn_end");
		expect(turnEnd?.type === "turn_end" && turnEnd.toolResults.map((result) => result.toolCallId)).toEqual([
			"c1",
			"c2",
		]);
		const secondRequest = faux.state.requests[1]?.context.messages ?? [];
		expect(secondRequest.flatMap((message) => (message.role === "toolResult" ? [message.toolCallId] : []))).toEqual([
			"c1",
			"c2",
		]);
	});

	it("runs beforeToolCall for every call before the first execute starts", async () => {
		const log: string[] = [];
		const behaviour = { onExecute: (text: string) => log.push(`execute:${text}`) };
		const { agent, faux } = createTestAgent({
			initialState: { tools: [echoTool("slow", behaviour), echoTool("fast", behaviour)] },
			beforeToolCall: ({ toolCall }) => {
				log.push(`before:${toolCall.id}`);
				return undefined;
			},
		});
		twoCalls(faux);
		await agent.prompt("go");
		expect(log).toEqual(["before:c1", "before:c2", "execute:a", "execute:b"]);
	});

	it("preflights every call before any executes; immediate outcomes end during preflight", async () => {
		const { agent, faux, events } = createTestAgent({ initialState: { tools: [echoTool("fast")] } });
		twoCalls(faux, "missing", "fast");
		await agent.prompt("go");
		expect(toolEvents(events)).toEqual([
			"tool_execution_start:c1",
			"tool_execution_end:c1",
			"tool_execution_start:c2",
			"tool_execution_end:c2",
			"result:c1",
			"result:c2",
		]);
	});
});

describe("sequential tool execution (§5.4)", () => {
	const expected = [
		"tool_execution_start:c1",
		"tool_execution_end:c1",
		"result:c1",
		"tool_execution_start:c2",
		"tool_execution_end:c2",
		"result:c2",
	];

	it("runs one call after another with toolExecution 'sequential'", async () => {
		const log: string[] = [];
		const behaviour = { onExecute: (text: string) => log.push(`execute:${text}`) };
		const { agent, faux, events } = createTestAgent({
			toolExecution: "sequential",
			initialState: { tools: [echoTool("slow", behaviour), echoTool("fast", behaviour)] },
		});
		agent.subscribe((event) => {
			if (event.type === "tool_execution_end") log.push(`end:${event.toolCallId}`);
		});
		twoCalls(faux);
		await agent.prompt("go");
		expect(log).toEqual(["execute:a", "end:c1", "execute:b", "end:c2"]);
		expect(toolEvents(events)).toEqual(expected);
	});

	it("runs the whole batch sequentially when one tool has executionMode 'sequential'", async () => {
		const { agent, faux, events } = createTestAgent({
			initialState: { tools: [{ ...echoTool("slow"), executionMode: "sequential" }, echoTool("fast")] },
		});
		twoCalls(faux);
		await agent.prompt("go");
		expect(toolEvents(events)).toEqual(expected);
	});
});

describe("preflight (§5.2)", () => {
	async function runOne(options: Parameters<typeof createTestAgent>[0], args: Record<string, unknown> = { text: "a" }) {
		const test = createTestAgent(options);
		test.faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", args, "c1")),
			fauxAssistantMessage(fauxText("done")),
		]);
		await test.agent.prompt("go");
		const end = endEvent(test.events, "c1");
		const result = test.agent.state.messages.find((message) => message.role === "toolResult");
		return { ...test, end, result };
	}

	it("answers an unknown tool with `Tool <name> not found`", async () => {
		const { end, result } = await runOne({ initialState: { tools: [] } });
		expect(end.isError).toBe(true);
		expect(end.result.content).toEqual([{ type: "text", text: "Tool echo not found" }]);
		expect(result).toMatchObject({ role: "toolResult", toolCallId: "c1", toolName: "echo", isError: true });
	});

	it("answers invalid arguments with the validation message and does not execute", async () => {
		const executed: string[] = [];
		const { end } = await runOne(
			{ initialState: { tools: [echoTool("echo", { onExecute: (text) => executed.push(text) })] } },
			{ other: 1 },
		);
		expect(executed).toEqual([]);
		expect(end.isError).toBe(true);
		const text = end.result.content[0]?.type === "text" ? end.result.content[0].text : "";
		expect(text.startsWith('Validation failed for tool "echo":\n  - text:')).toBe(true);
		expect(text).toContain("Received arguments:");
	});

	it("applies prepareArguments before validation", async () => {
		const received: string[] = [];
		const tool: AgentTool<typeof echoParameters, { echoed: string }> = {
			...echoTool("echo", { onExecute: (text) => received.push(text) }),
			prepareArguments: (raw) => ("legacy" in raw ? { text: raw.legacy } : raw),
		};
		const { end } = await runOne({ initialState: { tools: [tool] } }, { legacy: "old-style" });
		expect(end.isError).toBe(false);
		expect(received).toEqual(["old-style"]);
	});

	it("blocks with the hook's reason, or `Tool execution was blocked` without one", async () => {
		for (const [decision, text] of [
			[{ block: true, reason: "not in this repo" }, "not in this repo"],
			[{ block: true }, "Tool execution was blocked"],
		] as const) {
			const executed: string[] = [];
			const { end } = await runOne({
				initialState: { tools: [echoTool("echo", { onExecute: (value) => executed.push(value) })] },
				beforeToolCall: () => decision,
			});
			expect(executed).toEqual([]);
			expect(end.isError).toBe(true);
			expect(end.result.content).toEqual([{ type: "text", text }]);
		}
	});

	it("lets beforeToolCall rewrite the validated arguments in place", async () => {
		const received: string[] = [];
		const { end, events } = await runOne({
			initialState: { tools: [echoTool("echo", { onExecute: (text) => received.push(text) })] },
			beforeToolCall: ({ args }) => {
				args.text = "rewritten";
				return undefined;
			},
		});
		expect(received).toEqual(["rewritten"]);
		expect(end.result.content).toEqual([{ type: "text", text: "echo: rewritten" }]);
		const start = events.find((event) => event.type === "tool_execution_start");
		expect(start?.type === "tool_execution_start" && start.args).toEqual({ text: "a" });
	});

	it("a throwing beforeToolCall blocks the call with the thrown message (fail-safe)", async () => {
		const executed: string[] = [];
		const { end } = await runOne({
			initialState: { tools: [echoTool("echo", { onExecute: (text) => executed.push(text) })] },
			beforeToolCall: () => {
				throw new Error("policy engine down");
			},
		});
		expect(executed).toEqual([]);
		expect(end).toMatchObject({ isError: true, result: { content: [{ type: "text", text: "policy engine down" }] } });
	});

	it("answers `Operation aborted` when the signal fired during beforeToolCall", async () => {
		const executed: string[] = [];
		const test = createTestAgent({
			initialState: { tools: [echoTool("echo", { onExecute: (text) => executed.push(text) })] },
		});
		test.agent.beforeToolCall = () => {
			test.agent.abort();
			return undefined;
		};
		test.faux.setResponses([fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1"))]);
		await test.agent.prompt("go");
		expect(executed).toEqual([]);
		expect(endEvent(test.events, "c1").result.content).toEqual([{ type: "text", text: "Operation aborted" }]);
	});
});

describe("execution and finalisation (§5.3)", () => {
	it("durationMs is the wall time from the start of preflight to the end of finalisation", async () => {
		vi.useFakeTimers({ toFake: ["performance"] });
		try {
			const { agent, faux, events } = createTestAgent({
				initialState: { tools: [echoTool("slow", { onExecute: () => vi.advanceTimersByTime(200) })] },
				beforeToolCall: ({ toolCall }) => {
					vi.advanceTimersByTime(toolCall.id === "c1" ? 100 : 50);
					return toolCall.id === "c2" ? { block: true } : undefined;
				},
				afterToolCall: () => {
					vi.advanceTimersByTime(300);
					return undefined;
				},
			});
			twoCalls(faux, "slow", "slow");
			await agent.prompt("go");
			// c1: its own preflight (100), c2's preflight that runs before parallel execution (50),
			// execute (200), afterToolCall (300). c2 is blocked during its preflight.
			expect(endEvent(events, "c1").durationMs).toBe(650);
			expect(endEvent(events, "c2").durationMs).toBe(50);
		} finally {
			vi.useRealTimers();
		}
	});

	it("the result message keeps the event's durationMs, just before timestamp (pi 1.4's key order)", async () => {
		vi.useFakeTimers({ toFake: ["performance"] });
		try {
			const timed: AgentTool = {
				name: "slow",
				label: "Slow",
				description: "takes 1.234s and reports nested usage",
				parameters: Type.Object({}),
				execute: async () => {
					vi.advanceTimersByTime(1_234);
					return { content: [{ type: "text", text: "ok" }], details: { note: "d" }, usage: NESTED_USAGE };
				},
			};
			const { agent, faux, events } = createTestAgent({ initialState: { tools: [timed] } });
			faux.setResponses([fauxAssistantMessage(fauxToolCall("slow", {}, "c1")), fauxAssistantMessage(fauxText("ok"))]);
			await agent.prompt("go");
			const message = agent.state.messages[2];
			expect(message).toMatchObject({ role: "toolResult", durationMs: endEvent(events, "c1").durationMs });
			expect(endEvent(events, "c1").durationMs).toBe(1_234);
			expect(Object.keys(message ?? {})).toEqual([
				"role",
				"toolCallId",
				"toolName",
				"content",
				"details",
				"usage",
				"isError",
				"durationMs",
				"timestamp",
			]);
		} finally {
			vi.useRealTimers();
		}
	});

	it("a result without content becomes a tool result message with empty content", async () => {
		const untyped: AgentTool = {
			name: "bare",
			label: "Bare",
			description: "returns no content (as an untyped JavaScript tool may)",
			parameters: Type.Object({}),
			execute: async () => ({ details: { ok: true } }) as unknown as AgentToolResult,
		};
		const { agent, faux } = createTestAgent({ initialState: { tools: [untyped] } });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("bare", {}, "c1")), fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		expect(agent.state.messages[2]).toMatchObject({ role: "toolResult", content: [], details: { ok: true } });
		expect(faux.state.requests[1]?.context.messages[2]).toMatchObject({ role: "toolResult", content: [] });
	});

	it("turns a thrown error into an isError result with the message and empty details", async () => {
		const thrower: AgentTool = {
			name: "boom",
			label: "Boom",
			description: "always fails",
			parameters: Type.Object({}),
			execute: async () => {
				throw new Error("disk on fire");
			},
		};
		const { agent, faux, events } = createTestAgent({ initialState: { tools: [thrower] } });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("boom", {}, "c1")), fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		const end = endEvent(events, "c1");
		expect(end.isError).toBe(true);
		expect(end.result).toEqual({ content: [{ type: "text", text: "disk on fire" }], details: {} });
		expect(end.durationMs).toBeGreaterThanOrEqual(0);
		expect(agent.state.messages[2]).toMatchObject({ role: "toolResult", isError: true, details: {} });
	});

	it("a returned value is never an error, and details and usage reach the result message", async () => {
		const usage = {
			input: 1,
			output: 2,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 3,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		};
		const tool: AgentTool = {
			name: "sub",
			label: "Sub",
			description: "nested LLM work",
			parameters: Type.Object({}),
			execute: async () => ({ content: [{ type: "text", text: "fine" }], details: { n: 1 }, usage }),
		};
		const { agent, faux } = createTestAgent({ initialState: { tools: [tool] } });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("sub", {}, "c1")), fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		expect(agent.state.messages[2]).toMatchObject({
			role: "toolResult",
			toolCallId: "c1",
			toolName: "sub",
			content: [{ type: "text", text: "fine" }],
			details: { n: 1 },
			usage,
			isError: false,
		});
	});

	it("emits cumulative updates with the raw args, ignores updates after settling, awaits pending ones", async () => {
		let late: ((text: string) => void) | undefined;
		const tool: AgentTool<typeof echoParameters> = {
			...echoTool(),
			async execute(_id, params, _signal, onUpdate) {
				onUpdate?.({ content: [{ type: "text", text: "1" }] });
				onUpdate?.({ content: [{ type: "text", text: "12" }] });
				late = (text) => onUpdate?.({ content: [{ type: "text", text }] });
				return { content: [{ type: "text", text: params.text }] };
			},
		};
		const slowUpdates = deferred();
		const { agent, faux, events } = createTestAgent({ initialState: { tools: [tool] } });
		const order: string[] = [];
		agent.subscribe(async (event) => {
			if (event.type === "tool_execution_update") {
				order.push(
					`update:${event.partialResult.content[0]?.type === "text" ? event.partialResult.content[0].text : ""}`,
				);
				if (order.length === 1) await slowUpdates.promise;
			}
			if (event.type === "tool_execution_end") order.push("end");
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		const run = agent.prompt("go");
		await drainMicrotasks();
		expect(order).toEqual(["update:1"]);
		slowUpdates.resolve();
		await run;
		late?.("too late");
		expect(order).toEqual(["update:1", "update:12", "end"]);
		const updates = events.filter((event) => event.type === "tool_execution_update");
		expect(updates.map((event) => event.type === "tool_execution_update" && event.args)).toEqual([
			{ text: "a" },
			{ text: "a" },
		]);
	});

	it("merges afterToolCall overrides field by field, without deep merge", async () => {
		const tool: AgentTool = {
			name: "info",
			label: "Info",
			description: "returns details",
			parameters: Type.Object({}),
			execute: async () => ({ content: [{ type: "text", text: "original" }], details: { a: 1, b: 2 } }),
		};
		const cases = [
			{ override: undefined, content: "original", details: { a: 1, b: 2 }, isError: false },
			{
				override: { content: [{ type: "text" as const, text: "replaced" }] },
				content: "replaced",
				details: { a: 1, b: 2 },
				isError: false,
			},
			{ override: { details: { c: 3 } }, content: "original", details: { c: 3 }, isError: false },
			{ override: { isError: true }, content: "original", details: { a: 1, b: 2 }, isError: true },
			{ override: { usage: NESTED_USAGE }, content: "original", details: { a: 1, b: 2 }, isError: false },
		];
		for (const expected of cases) {
			const seen: boolean[] = [];
			const { agent, faux, events } = createTestAgent({
				initialState: { tools: [tool] },
				afterToolCall: ({ isError, result }) => {
					seen.push(isError);
					expect(result.content).toEqual([{ type: "text", text: "original" }]);
					return expected.override;
				},
			});
			faux.setResponses([fauxAssistantMessage(fauxToolCall("info", {}, "c1")), fauxAssistantMessage(fauxText("ok"))]);
			await agent.prompt("go");
			expect(seen).toEqual([false]);
			const end = endEvent(events, "c1");
			const usage = expected.override && "usage" in expected.override ? { usage: expected.override.usage } : {};
			expect(end.result).toEqual({
				content: [{ type: "text", text: expected.content }],
				details: expected.details,
				...usage,
			});
			expect(end.isError).toBe(expected.isError);
			expect(agent.state.messages[2]).toMatchObject({ isError: expected.isError, details: expected.details, ...usage });
		}
	});

	it("a throwing afterToolCall turns the result into an error result", async () => {
		const { agent, faux, events } = createTestAgent({
			initialState: { tools: [echoTool()] },
			afterToolCall: () => {
				throw new Error("audit failed");
			},
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		expect(endEvent(events, "c1")).toMatchObject({
			isError: true,
			result: { content: [{ type: "text", text: "audit failed" }] },
		});
	});

	it("afterToolCall sees an execution error and may clear it", async () => {
		const thrower: AgentTool = {
			name: "boom",
			label: "Boom",
			description: "fails",
			parameters: Type.Object({}),
			execute: async () => {
				throw new Error("nope");
			},
		};
		const { agent, faux, events } = createTestAgent({
			initialState: { tools: [thrower] },
			afterToolCall: ({ isError }) =>
				isError ? { isError: false, content: [{ type: "text", text: "recovered" }] } : undefined,
		});
		faux.setResponses([fauxAssistantMessage(fauxToolCall("boom", {}, "c1")), fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		expect(endEvent(events, "c1")).toMatchObject({
			isError: false,
			result: { content: [{ type: "text", text: "recovered" }] },
		});
	});

	it("afterToolCall can set terminate, which is never stored in the message", async () => {
		const { agent, faux } = createTestAgent({
			initialState: { tools: [echoTool()] },
			afterToolCall: () => ({ terminate: true }),
		});
		faux.setResponses([fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1"))]);
		await agent.prompt("go");
		expect(faux.state.callCount).toBe(1);
		expect(agent.state.messages[2]).toMatchObject({ content: [{ type: "text", text: "echo: a" }] });
		expect(agent.state.messages[2]).not.toHaveProperty("terminate");
	});

	it("terminate on every result of a batch skips the follow-up LLM call", async () => {
		const tool: AgentTool = {
			name: "finish",
			label: "Finish",
			description: "ends the run",
			parameters: Type.Object({}),
			execute: async () => ({ content: [{ type: "text", text: "bye" }], terminate: true }),
		};
		const { agent, faux } = createTestAgent({ initialState: { tools: [tool] } });
		faux.setResponses([fauxAssistantMessage(fauxToolCall("finish", {}, "c1"))]);
		await agent.prompt("go");
		expect(faux.state.callCount).toBe(1);
		expect(agent.state.messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult"]);
		expect(agent.state.messages[2]).not.toHaveProperty("terminate");
	});
});
