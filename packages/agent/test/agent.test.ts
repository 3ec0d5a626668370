import type { ImageContent, Model } from "@pi/ai";
import { fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { Agent } from "../src/agent.js";
import {
	createTestAgent,
	deferred,
	drainMicrotasks,
	echoTool,
	fauxStreamFn,
	lastAssistant,
	user,
} from "./support/harness.js";

describe("Agent.continue() (§4.3)", () => {
	it("rejects on an empty history without emitting events", async () => {
		const { agent, events } = createTestAgent();
		await expect(agent.continue()).rejects.toThrow("No messages to continue from");
		expect(events).toEqual([]);
		expect(agent.state.isStreaming).toBe(false);
	});

	it("rejects after an assistant reply when no message is queued", async () => {
		const { agent, faux, events } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("done"))]);
		await agent.prompt("hi");
		events.length = 0;
		await expect(agent.continue()).rejects.toThrow("Cannot continue from message role: assistant");
		expect(events).toEqual([]);
	});

	it("after an assistant reply takes queued steering as the prompt and skips the initial steering poll", async () => {
		const { agent, faux, labels, events } = createTestAgent();
		faux.setResponses([
			fauxAssistantMessage(fauxText("one")),
			fauxAssistantMessage(fauxText("two")),
			fauxAssistantMessage(fauxText("three")),
		]);
		await agent.prompt("hi");
		events.length = 0;
		agent.steer(user("s1"));
		agent.steer(user("s2"));
		await agent.continue();
		const reply = ["message_start:assistant", "message_update*", "message_end:assistant"];
		// s1 alone in the first turn (the initial poll would have added s2), s2 at the next steering point.
		expect(labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			...reply,
			"turn_end",
			"turn_start",
			"message_start:user",
			"message_end:user",
			...reply,
			"turn_end",
			"agent_end",
		]);
		expect(faux.state.requests[1]?.context.messages.length).toBe(3);
	});

	it("after an assistant reply takes a queued follow-up (queued while idle) as the prompt", async () => {
		const { agent, faux, events } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("one")), fauxAssistantMessage(fauxText("two"))]);
		await agent.prompt("hi");
		agent.followUp(user("f1"));
		events.length = 0;
		await agent.continue();
		expect(
			events
				.filter((event) => event.type === "message_end")
				.map((event) => event.type === "message_end" && event.message),
		).toEqual([user("f1"), lastAssistant(agent)]);
		expect(agent.hasQueuedMessages()).toBe(false);
	});

	it("continues from a user or tool result message without a prompt", async () => {
		const { agent, faux } = createTestAgent({ initialState: { messages: [user("pending question")] } });
		faux.setResponses([fauxAssistantMessage(fauxText("answer"))]);
		await agent.continue();
		expect(agent.state.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("prompt() and continue() reject while a run is in progress, without events", async () => {
		const { agent, faux, events } = createTestAgent();
		const hold = deferred();
		const atEnd = deferred();
		faux.setResponses([fauxAssistantMessage(fauxText("slow"))]);
		agent.subscribe(async (event) => {
			if (event.type !== "agent_end") return;
			atEnd.resolve();
			await hold.promise;
		});
		const run = agent.prompt("one");
		await atEnd.promise;
		const count = events.length;
		const message =
			"Agent is already processing a prompt. Use steer() or followUp() to queue messages, or wait for completion.";
		await expect(agent.prompt("two")).rejects.toThrow(message);
		await expect(agent.continue()).rejects.toThrow(message);
		expect(events.length).toBe(count);
		hold.resolve();
		await run;
	});

	it("prompt(text, images) wraps the text and images into one user message", async () => {
		const { agent, faux, events } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("a cat"))]);
		const image: ImageContent = { type: "image", data: "aGVsbG8=", mimeType: "image/png" };
		await agent.prompt("What is this?", [image]);
		const prompt = agent.state.messages[0];
		expect(prompt).toEqual({
			role: "user",
			content: [{ type: "text", text: "What is this?" }, image],
			timestamp: expect.any(Number),
		});
		expect(events.find((event) => event.type === "message_end")).toEqual({ type: "message_end", message: prompt });
		expect(faux.state.requests[0]?.context.messages).toEqual([prompt]);
	});

	it("prompt() rejects when no model is set", async () => {
		const faux = fauxProvider();
		const agent = new Agent({ streamFn: fauxStreamFn(faux) });
		await expect(agent.prompt("hi")).rejects.toThrow("No model set");
	});
});

describe("state (§4.2)", () => {
	it("tracks streamingMessage, pendingToolCalls and messages from events", async () => {
		const { agent, faux } = createTestAgent({ initialState: { tools: [echoTool()] } });
		const snapshots: string[] = [];
		agent.subscribe((event) => {
			if (event.type === "message_update") snapshots.push(`streaming:${agent.state.streamingMessage?.role}`);
			if (event.type === "message_end" && event.message.role === "assistant")
				snapshots.push(`end:${agent.state.streamingMessage}`);
			if (event.type === "tool_execution_start") snapshots.push(`pending:${[...agent.state.pendingToolCalls]}`);
			if (event.type === "tool_execution_end") snapshots.push(`pending:${[...agent.state.pendingToolCalls]}`);
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		expect(snapshots).toContain("streaming:assistant");
		expect(snapshots).toContain("end:undefined");
		expect(snapshots).toContain("pending:c1");
		expect(snapshots).toContain("pending:");
		expect(agent.state.streamingMessage).toBeUndefined();
	});

	it("stores copies of assigned arrays; forbids replacing messages during a run; errorMessage clears at run start", async () => {
		const { agent, faux } = createTestAgent();
		const tools = [echoTool()];
		agent.state.tools = tools;
		tools.push(echoTool("other"));
		expect(agent.state.tools.length).toBe(1);
		const messages = [user("x")];
		agent.state.messages = messages;
		messages.push(user("y"));
		expect(agent.state.messages.length).toBe(1);
		faux.setResponses([
			fauxAssistantMessage(fauxText("broken"), { stopReason: "error", errorMessage: "500 boom" }),
			fauxAssistantMessage(fauxText("ok")),
		]);
		let thrown: unknown;
		agent.subscribe((event) => {
			if (event.type === "turn_start" && thrown === undefined) {
				try {
					agent.state.messages = [];
				} catch (error) {
					thrown = error;
				}
			}
		});
		await agent.prompt("go");
		expect(thrown).toBeInstanceOf(Error);
		expect(agent.state.errorMessage).toBe("500 boom");
		const atStart: (string | undefined)[] = [];
		agent.subscribe((event) => {
			if (event.type === "agent_start") atStart.push(agent.state.errorMessage);
		});
		await agent.prompt("again");
		// Cleared when the run starts, not only when a later reply succeeds.
		expect(atStart).toEqual([undefined]);
		expect(agent.state.errorMessage).toBeUndefined();
	});

	it("systemPrompt, model and thinkingLevel changed during a run apply at the next LLM call", async () => {
		const models: Model[] = [];
		const faux = fauxProvider();
		const agent = new Agent({
			streamFn: (model, context, options) => {
				models.push(model);
				return faux.streams.streamSimple(model, context, options);
			},
			initialState: { model: faux.getModel(), systemPrompt: "first", tools: [echoTool()] },
		});
		const otherModel: Model = { ...faux.getModel(), id: "faux-2" };
		agent.subscribe((event) => {
			if (event.type === "tool_execution_start") {
				agent.state.systemPrompt = "second";
				agent.state.model = otherModel;
				agent.state.thinkingLevel = "high";
			}
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		expect(faux.state.requests.map((request) => request.context.systemPrompt)).toEqual(["first", "second"]);
		expect(models.map((model) => model.id)).toEqual(["faux-1", "faux-2"]);
		expect(faux.state.requests.map((request) => request.options?.reasoning)).toEqual([undefined, "high"]);
	});

	it("tools assigned during a run apply at the next LLM call and to the next tool lookup", async () => {
		const { agent, faux, events } = createTestAgent({ initialState: { tools: [echoTool()] } });
		agent.subscribe((event) => {
			if (event.type === "tool_execution_start" && event.toolCallId === "c1")
				agent.state.tools = [echoTool(), echoTool("other")];
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxToolCall("other", { text: "b" }, "c2")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		expect(faux.state.requests.map((request) => request.context.tools?.map((tool) => tool.name))).toEqual([
			["echo"],
			["echo", "other"],
			["echo", "other"],
		]);
		const second = events.find((event) => event.type === "tool_execution_end" && event.toolCallId === "c2");
		expect(second).toMatchObject({ isError: false, result: { content: [{ type: "text", text: "echo: b" }] } });
	});

	it("reset() clears messages, queues and error; it throws while running", async () => {
		const { agent, faux } = createTestAgent();
		const hold = deferred();
		agent.subscribe(async (event) => {
			if (event.type === "agent_end") await hold.promise;
		});
		faux.setResponses([fauxAssistantMessage(fauxText("x"), { stopReason: "error", errorMessage: "bad" })]);
		const run = agent.prompt("go");
		await drainMicrotasks();
		expect(() => agent.reset()).toThrow("Cannot reset");
		hold.resolve();
		await run;
		agent.steer(user("s"));
		agent.followUp(user("f"));
		agent.reset();
		expect(agent.state.messages).toEqual([]);
		expect(agent.state.errorMessage).toBeUndefined();
		expect(agent.hasQueuedMessages()).toBe(false);
	});
});

describe("context pipeline (§2)", () => {
	it("calls getApiKey once per LLM request and forwards stream options", async () => {
		const providers: string[] = [];
		let counter = 0;
		const { agent, faux } = createTestAgent({
			initialState: { tools: [echoTool()], thinkingLevel: "off" },
			getApiKey: (provider) => {
				providers.push(provider);
				return `key-${++counter}`;
			},
			sessionId: "session-1",
			maxRetryDelayMs: 5,
		});
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		await agent.prompt("go");
		expect(providers).toEqual(["faux", "faux"]);
		expect(faux.state.requests.map((request) => request.options?.apiKey)).toEqual(["key-1", "key-2"]);
		const options = faux.state.requests[0]?.options;
		expect(options).toMatchObject({ sessionId: "session-1", maxRetryDelayMs: 5 });
		expect(options).not.toHaveProperty("reasoning");
		expect(options?.signal).toBeInstanceOf(AbortSignal);
		expect(faux.state.requests[0]?.context.tools).toEqual([
			{ name: "echo", description: "Returns the text it is given.", parameters: echoTool().parameters },
		]);
	});

	it("forwards thinkingBudgets, transport, onPayload and transformHeaders, and reads them as properties", async () => {
		const onPayload = (payload: unknown) => payload;
		const transformHeaders = (headers: Record<string, string | null>) => headers;
		const { agent, faux } = createTestAgent({ thinkingBudgets: { low: 1024 }, transport: "sse" });
		agent.onPayload = onPayload;
		agent.transformHeaders = transformHeaders;
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		const options = faux.state.requests[0]?.options;
		expect(options?.thinkingBudgets).toEqual({ low: 1024 });
		expect(options?.transport).toBe("sse");
		expect(options?.onPayload).toBe(onPayload);
		expect(options?.transformHeaders).toBe(transformHeaders);
		expect(options).not.toHaveProperty("apiKey");
		expect(options).not.toHaveProperty("sessionId");
	});

	it("transformContext output reaches the provider; convertToLlm drops custom messages by default", async () => {
		const { agent, faux } = createTestAgent({
			transformContext: async (messages) => [user("injected"), ...messages],
		});
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		const sent = faux.state.requests[0]?.context.messages ?? [];
		expect(sent[0]).toEqual(user("injected"));
		expect(sent.length).toBe(2);
		expect(agent.state.messages.length).toBe(2);
	});

	it("transformRequestContext gets transformContext's output and the system prompt; its output is the request", async () => {
		const seen: { systemPrompt: string; count: number }[] = [];
		const { agent, faux } = createTestAgent({
			transformContext: async (messages) => [user("injected"), ...messages],
			transformRequestContext: async ({ systemPrompt, messages }) => {
				seen.push({ systemPrompt, count: messages.length });
				return { systemPrompt: `${systemPrompt} (edited)`, messages: messages.slice(1) };
			},
		});
		agent.state.systemPrompt = "be brief";
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agent.prompt("go");
		expect(seen).toEqual([{ systemPrompt: "be brief", count: 2 }]);
		const request = faux.state.requests[0]?.context;
		expect(request?.systemPrompt).toBe("be brief (edited)");
		expect(request?.messages).toHaveLength(1);
		// Request-local: the agent's own prompt and messages are unchanged.
		expect(agent.state.systemPrompt).toBe("be brief");
		expect(agent.state.messages).toHaveLength(2);
	});

	it("an unexpected throw (convertToLlm) ends the run with a synthetic error reply; prompt() resolves", async () => {
		const { agent, labels } = createTestAgent({
			convertToLlm: () => {
				throw new Error("cannot convert");
			},
		});
		await agent.prompt("go");
		expect(labels()).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(lastAssistant(agent)).toMatchObject({
			stopReason: "error",
			errorMessage: "cannot convert",
			content: [{ type: "text", text: "" }],
			usage: { totalTokens: 0 },
		});
		expect(agent.state.errorMessage).toBe("cannot convert");
		expect(agent.state.isStreaming).toBe(false);
	});

	it("a throwing transformContext ends the run with a synthetic error reply", async () => {
		const { agent, faux } = createTestAgent({
			transformContext: async () => {
				throw new Error("context pruning failed");
			},
		});
		await agent.prompt("go");
		expect(faux.state.callCount).toBe(0);
		expect(lastAssistant(agent)).toMatchObject({ stopReason: "error", errorMessage: "context pruning failed" });
		expect(agent.state.errorMessage).toBe("context pruning failed");
	});

	it("the synthetic reply has stopReason aborted when the run was aborted before the throw", async () => {
		const { agent, labels } = createTestAgent({
			transformContext: async () => {
				agent.abort();
				throw new Error("interrupted while pruning");
			},
		});
		await agent.prompt("go");
		expect(lastAssistant(agent)).toMatchObject({ stopReason: "aborted", errorMessage: "interrupted while pruning" });
		expect(labels().slice(-4)).toEqual(["message_start:assistant", "message_end:assistant", "turn_end", "agent_end"]);
		expect(agent.state.isStreaming).toBe(false);
	});
});
