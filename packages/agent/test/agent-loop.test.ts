import type { Message } from "@pi/ai";
import { fauxAssistantMessage, fauxProvider, fauxText, fauxToolCall } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { agentLoop, agentLoopContinue } from "../src/agent-loop.js";
import { defaultConvertToLlm } from "../src/default-convert-to-llm.js";
import type { AgentContext, AgentEvent, AgentLoopConfig } from "../src/types.js";
import { echoTool, fauxStreamFn, fold, label, user } from "./support/harness.js";

function setup() {
	const faux = fauxProvider();
	const config: AgentLoopConfig = { model: faux.getModel(), convertToLlm: defaultConvertToLlm };
	const context: AgentContext = { systemPrompt: "sys", messages: [], tools: [echoTool()] };
	return { faux, config, context, streamFn: fauxStreamFn(faux) };
}

async function collect(stream: AsyncIterable<AgentEvent>): Promise<AgentEvent[]> {
	const events: AgentEvent[] = [];
	for await (const event of stream) events.push(event);
	return events;
}

describe("agentLoop (§8)", () => {
	it("streams the run's events and resolves result() with the messages it added", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		const stream = agentLoop([user("go")], context, config, undefined, streamFn);
		const events = await collect(stream);
		expect(fold(events.map(label))).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_update*",
			"message_end:assistant",
			"tool_execution_start:c1",
			"tool_execution_end:c1",
			"message_start:toolResult",
			"message_end:toolResult",
			"turn_end",
			"turn_start",
			"message_start:assistant",
			"message_update*",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		const messages = await stream.result();
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
		const end = events.at(-1);
		expect(end?.type === "agent_end" && end.messages).toEqual(messages);
		// The caller's context is never mutated.
		expect(context.messages).toEqual([]);
	});

	it("is observational: it does not wait for its consumer", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		const stream = agentLoop([user("go")], context, config, undefined, streamFn);
		const messages = await stream.result();
		expect(messages.length).toBe(2);
		const events = await collect(stream);
		expect(events.at(-1)?.type).toBe("agent_end");
	});

	it("polls getSteeringMessages and getFollowUpMessages at the specified points", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([fauxAssistantMessage(fauxText("one")), fauxAssistantMessage(fauxText("two"))]);
		const polls: string[] = [];
		const followUps: Message[][] = [[user("more")], []];
		const stream = agentLoop(
			[user("go")],
			context,
			{
				...config,
				getSteeringMessages: () => {
					polls.push("steering");
					return [];
				},
				getFollowUpMessages: () => {
					polls.push("followUp");
					return followUps.shift() ?? [];
				},
			},
			undefined,
			streamFn,
		);
		const messages = await stream.result();
		expect(polls).toEqual(["steering", "steering", "followUp", "steering", "followUp"]);
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
	});

	it("calls getApiKey before every request and falls back to the static apiKey when it returns nothing", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("echo", { text: "a" }, "c1")),
			fauxAssistantMessage(fauxToolCall("echo", { text: "b" }, "c2")),
			fauxAssistantMessage(fauxText("ok")),
		]);
		const keys = ["oauth-1", undefined, "oauth-3"];
		const providers: string[] = [];
		const stream = agentLoop(
			[user("go")],
			context,
			{
				...config,
				apiKey: "static-key",
				getApiKey: async (provider) => {
					providers.push(provider);
					return keys.shift();
				},
			},
			undefined,
			streamFn,
		);
		await stream.result();
		expect(providers).toEqual(["faux", "faux", "faux"]);
		expect(faux.state.requests.map((request) => request.options?.apiKey)).toEqual(["oauth-1", "static-key", "oauth-3"]);
	});

	it("sends the static apiKey and reasoning as configured", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		await agentLoop(
			[user("go")],
			context,
			{ ...config, apiKey: "static-key", reasoning: "low" },
			undefined,
			streamFn,
		).result();
		expect(faux.state.requests[0]?.options).toMatchObject({ apiKey: "static-key", reasoning: "low" });
	});

	it("polls no queue after an error reply", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([fauxAssistantMessage(fauxText("partial"), { stopReason: "error", errorMessage: "500" })]);
		const polls: string[] = [];
		const followUps: Message[][] = [[user("never polled")]];
		const messages = await agentLoop(
			[user("go")],
			context,
			{
				...config,
				getSteeringMessages: () => {
					polls.push("steering");
					return [];
				},
				getFollowUpMessages: () => {
					polls.push("followUp");
					return followUps.shift() ?? [];
				},
			},
			undefined,
			streamFn,
		).result();
		// Only poll (a), at the start of the run.
		expect(polls).toEqual(["steering"]);
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("an already-aborted signal ends the run with an aborted reply", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([fauxAssistantMessage(fauxText("never"))]);
		const controller = new AbortController();
		controller.abort();
		const messages = await agentLoop([user("go")], context, config, controller.signal, streamFn).result();
		expect(messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "aborted" });
	});

	it("a streamFn that throws (contract violation) still ends the run with an error reply, never rejects", async () => {
		const { config, context } = setup();
		const stream = agentLoop([user("go")], context, config, undefined, () => {
			throw new Error("bug in stream function");
		});
		const events = await collect(stream);
		expect(events.map(label)).toEqual([
			"agent_start",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:assistant",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect((await stream.result()).at(-1)).toMatchObject({
			stopReason: "error",
			errorMessage: "bug in stream function",
		});
	});
});

describe("agentLoopContinue (§8)", () => {
	it("throws synchronously on an empty context or a trailing assistant message", () => {
		const { config, context, streamFn } = setup();
		expect(() => agentLoopContinue(context, config, undefined, streamFn)).toThrow("No messages to continue from");
		const assistant: Message = {
			role: "assistant",
			content: [{ type: "text", text: "hi" }],
			api: "faux",
			provider: "faux",
			model: "faux-1",
			usage: {
				input: 0,
				output: 0,
				cacheRead: 0,
				cacheWrite: 0,
				totalTokens: 0,
				cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
			},
			stopReason: "stop",
			timestamp: 1,
		};
		expect(() =>
			agentLoopContinue({ ...context, messages: [user("q"), assistant] }, config, undefined, streamFn),
		).toThrow("Cannot continue from message role: assistant");
	});

	it("continues without emitting prompt messages", async () => {
		const { faux, config, context, streamFn } = setup();
		faux.setResponses([fauxAssistantMessage(fauxText("answer"))]);
		const stream = agentLoopContinue({ ...context, messages: [user("q")] }, config, undefined, streamFn);
		const events = await collect(stream);
		expect(fold(events.map(label))).toEqual([
			"agent_start",
			"turn_start",
			"message_start:assistant",
			"message_update*",
			"message_end:assistant",
			"turn_end",
			"agent_end",
		]);
		expect(faux.state.requests[0]?.context.messages).toEqual([user("q")]);
	});
});
