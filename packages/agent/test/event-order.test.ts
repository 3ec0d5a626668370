import {
	type AssistantMessage,
	type AssistantMessageEvent,
	AssistantMessageEventStream,
	fauxAssistantMessage,
	fauxText,
	fauxThinking,
	fauxToolCall,
} from "@pi/ai";
import { describe, expect, it } from "vitest";
import { Agent } from "../src/agent.js";
import type { StreamFn } from "../src/types.js";
import { createTestAgent, echoTool, fold, label } from "./support/harness.js";

const PROMPT = ["agent_start", "turn_start", "message_start:user", "message_end:user"];
const REPLY = ["message_start:assistant", "message_update*", "message_end:assistant"];
const TOOL = (id: string) => [
	`tool_execution_start:${id}`,
	`tool_execution_end:${id}`,
	"message_start:toolResult",
	"message_end:toolResult",
];

describe("event order (agent-core.md §3.2)", () => {
	it("plain reply: prompt, streamed assistant, turn_end, agent_end", async () => {
		const { agent, faux, labels, events } = createTestAgent();
		faux.setResponses([fauxAssistantMessage([fauxThinking("hmm"), fauxText("Hello there")])]);
		await agent.prompt("hi");
		expect(labels()).toEqual([...PROMPT, ...REPLY, "turn_end", "agent_end"]);
		const start = events.find((event) => event.type === "message_start" && event.message.role === "assistant");
		expect(start?.type === "message_start" && start.message.role === "assistant" && start.message.stopReason).toBe(
			"pending",
		);
		const end = events.at(-1);
		expect(end?.type === "agent_end" && end.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("emits one message_update per provider content event, never for start or the terminal event", async () => {
		const { faux } = createTestAgent();
		const seen: AssistantMessageEvent[] = [];
		const tapped: StreamFn = (model, context, options) => {
			const inner = faux.streams.streamSimple(model, context, options);
			const outer = new AssistantMessageEventStream();
			void (async () => {
				for await (const event of inner) {
					seen.push(event);
					outer.push(event);
				}
			})();
			return outer;
		};
		const agent = new Agent({ streamFn: tapped, initialState: { model: faux.getModel(), tools: [echoTool()] } });
		const updates: { message: AssistantMessage; source: AssistantMessageEvent }[] = [];
		agent.subscribe((event) => {
			if (event.type === "message_update")
				updates.push({ message: event.message, source: event.assistantMessageEvent });
		});
		faux.setResponses([
			fauxAssistantMessage([
				fauxThinking("think"),
				fauxText("some longer text"),
				fauxToolCall("echo", { text: "x" }, "c1"),
			]),
			fauxAssistantMessage(fauxText("done")),
		]);
		await agent.prompt("go");
		const contentEvents = seen.filter((event) => !["start", "done", "error"].includes(event.type));
		expect(contentEvents.length).toBeGreaterThan(6);
		expect(updates.map((update) => update.source)).toEqual(contentEvents);
		for (const { message, source } of updates) {
			expect(message.stopReason).toBe("pending");
			// A shallow copy of the partial, not the provider's object.
			if ("partial" in source) {
				expect(message).not.toBe(source.partial);
				expect(message).toEqual(source.partial);
			}
		}
	});

	it("one tool call: tool phase inside the turn, then a second turn", async () => {
		const { agent, faux, labels, events } = createTestAgent({ initialState: { tools: [echoTool()] } });
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("done")),
		]);
		await agent.prompt("go");
		expect(labels()).toEqual([
			...PROMPT,
			...REPLY,
			...TOOL("c1"),
			"turn_end",
			"turn_start",
			...REPLY,
			"turn_end",
			"agent_end",
		]);
		const turnEnd = events.find((event) => event.type === "turn_end");
		expect(turnEnd?.type === "turn_end" && turnEnd.toolResults.map((result) => result.toolCallId)).toEqual(["c1"]);
		expect(agent.state.messages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
		]);
	});

	it("several prompt messages are emitted in order after the first turn_start", async () => {
		const { agent, faux, labels } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt([
			{ role: "user", content: "one", timestamp: 1 },
			{ role: "user", content: "two", timestamp: 2 },
		]);
		expect(labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:user",
			"message_end:user",
			...REPLY,
			"turn_end",
			"agent_end",
		]);
	});

	it("continue() is the same without prompt messages", async () => {
		const { agent, faux, labels } = createTestAgent({
			initialState: { messages: [{ role: "user", content: "earlier", timestamp: 1 }] },
		});
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.continue();
		expect(labels()).toEqual(["agent_start", "turn_start", ...REPLY, "turn_end", "agent_end"]);
	});

	it("an error reply ends the run at once: turn_end with no results, agent_end, no tools", async () => {
		const executed: string[] = [];
		const { agent, faux, labels, events } = createTestAgent({
			initialState: { tools: [echoTool("echo", { onExecute: (text) => executed.push(text) })] },
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1"), {
				stopReason: "error",
				errorMessage: "529 overloaded_error: Overloaded",
			}),
		]);
		agent.followUp({ role: "user", content: "later", timestamp: 1 });
		await agent.prompt("go");
		expect(labels()).toEqual([...PROMPT, ...REPLY, "turn_end", "agent_end"]);
		const turnEnd = events.find((event) => event.type === "turn_end");
		expect(turnEnd?.type === "turn_end" && turnEnd.toolResults).toEqual([]);
		expect(executed).toEqual([]);
		expect(agent.state.errorMessage).toBe("529 overloaded_error: Overloaded");
		expect(agent.hasQueuedMessages()).toBe(true);
	});

	it("message_start and message_update carry stopReason pending even when a stream's partials do not", async () => {
		const { faux } = createTestAgent();
		// A stream function breaking the ai contract: its partials already claim a final stop reason.
		const careless: StreamFn = (model, context, options) => {
			const inner = faux.streams.streamSimple(model, context, options);
			const outer = new AssistantMessageEventStream();
			void (async () => {
				for await (const event of inner) {
					outer.push("partial" in event ? { ...event, partial: { ...event.partial, stopReason: "stop" } } : event);
				}
			})();
			return outer;
		};
		const agent = new Agent({ streamFn: careless, initialState: { model: faux.getModel() } });
		const stopReasons: string[] = [];
		agent.subscribe((event) => {
			if (event.type === "message_start" || event.type === "message_update" || event.type === "message_end") {
				if (event.message.role === "assistant") stopReasons.push(`${event.type}:${event.message.stopReason}`);
			}
		});
		faux.setResponses([fauxAssistantMessage(fauxText("hello"))]);
		await agent.prompt("hi");
		expect(stopReasons[0]).toBe("message_start:pending");
		expect(stopReasons.at(-1)).toBe("message_end:stop");
		const updates = stopReasons.slice(1, -1);
		expect(updates.length).toBeGreaterThan(0);
		expect(new Set(updates)).toEqual(new Set(["message_update:pending"]));
	});

	it("a stream without `start` still gets message_start (pending copy) right before message_end", async () => {
		const failing: StreamFn = (model) => {
			const stream = new AssistantMessageEventStream();
			const error: AssistantMessage = {
				role: "assistant",
				content: [],
				api: model.api,
				provider: model.provider,
				model: model.id,
				usage: {
					input: 0,
					output: 0,
					cacheRead: 0,
					cacheWrite: 0,
					totalTokens: 0,
					cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
				},
				stopReason: "error",
				errorMessage: "401 invalid x-api-key",
				timestamp: 1,
			};
			stream.push({ type: "error", reason: "error", error });
			return stream;
		};
		const { faux } = createTestAgent();
		const agent = new Agent({ streamFn: failing, initialState: { model: faux.getModel() } });
		const events: string[] = [];
		const starts: string[] = [];
		agent.subscribe((event) => {
			events.push(label(event));
			if (event.type === "message_start" && event.message.role === "assistant") starts.push(event.message.stopReason);
		});
		await agent.prompt("hi");
		expect(fold(events)).toEqual([
			...PROMPT,
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(starts).toEqual(["pending"]);
		expect(agent.state.errorMessage).toBe("401 invalid x-api-key");
	});

	it("a `length` stop with tool calls executes none, answers each with an error, and takes another turn", async () => {
		const executed: string[] = [];
		const { agent, faux, labels, events } = createTestAgent({
			initialState: { tools: [echoTool("echo", { onExecute: (text) => executed.push(text) })] },
			beforeToolCall: ({ toolCall }) => {
				executed.push(`beforeToolCall:${toolCall.id}`);
				return undefined;
			},
		});
		faux.setResponses([
			fauxAssistantMessage([fauxToolCall("echo", { text: "a" }, "c1"), fauxToolCall("echo", { text: "b" }, "c2")], {
				stopReason: "length",
			}),
			fauxAssistantMessage(fauxText("retrying")),
		]);
		await agent.prompt("go");
		expect(executed).toEqual([]);
		expect(labels()).toEqual([
			...PROMPT,
			...REPLY,
			...TOOL("c1"),
			...TOOL("c2"),
			"turn_end",
			"turn_start",
			...REPLY,
			"turn_end",
			"agent_end",
		]);
		const results = events.flatMap((event) => (event.type === "tool_execution_end" ? [event] : []));
		for (const result of results) {
			expect(result.isError).toBe(true);
			expect(result.result.content).toEqual([
				{
					type: "text",
					text: 'Tool call "echo" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.',
				},
			]);
		}
	});
});
