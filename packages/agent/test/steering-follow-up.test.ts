import { fauxAssistantMessage, fauxText, fauxToolCall } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { QueueMode } from "../src/types.js";
import { createTestAgent, deferred, echoTool, user } from "./support/harness.js";

const REPLY = ["message_start:assistant", "message_update*", "message_end:assistant"];
const START = ["agent_start", "turn_start", "message_start:user", "message_end:user"];

/** An agent whose first reply calls two tools; `c1` waits on a gate while the test queues messages. */
function toolBatchAgent(options: { steeringMode?: QueueMode; followUpMode?: QueueMode }) {
	const gate = deferred();
	const running = deferred();
	const test = createTestAgent({
		...options,
		initialState: {
			tools: [
				echoTool("echo", {
					onExecute: (text) => {
						if (text === "a") running.resolve();
					},
					gate: (text) => (text === "a" ? gate.promise : undefined),
				}),
			],
		},
	});
	test.faux.setResponses([
		fauxAssistantMessage([fauxToolCall("echo", { text: "a" }, "c1"), fauxToolCall("echo", { text: "b" }, "c2")]),
		fauxAssistantMessage(fauxText("second")),
		fauxAssistantMessage(fauxText("third")),
		fauxAssistantMessage(fauxText("fourth")),
	]);
	return { ...test, gate, running };
}

function requestRoles(faux: ReturnType<typeof createTestAgent>["faux"], index: number): string[] {
	return (faux.state.requests[index]?.context.messages ?? []).map((message) => {
		if (message.role !== "user") return message.role;
		const text =
			typeof message.content === "string"
				? message.content
				: message.content.map((block) => (block.type === "text" ? block.text : "")).join("");
		return `user:${text}`;
	});
}

describe("steering (§6)", () => {
	it("one-at-a-time: steering queued during a tool batch is injected after the batch, one per turn", async () => {
		const { agent, faux, labels, gate, running } = toolBatchAgent({ steeringMode: "one-at-a-time" });
		const run = agent.prompt("go");
		await running.promise;
		agent.steer(user("s1"));
		agent.steer(user("s2"));
		gate.resolve();
		await run;
		expect(labels()).toEqual([
			...START,
			...REPLY,
			"tool_execution_start:c1",
			"tool_execution_start:c2",
			"tool_execution_end:c2",
			"tool_execution_end:c1",
			"message_start:toolResult",
			"message_end:toolResult",
			"message_start:toolResult",
			"message_end:toolResult",
			"turn_end",
			"turn_start",
			"message_start:user",
			"message_end:user",
			...REPLY,
			"turn_end",
			"turn_start",
			"message_start:user",
			"message_end:user",
			...REPLY,
			"turn_end",
			"agent_end",
		]);
		expect(requestRoles(faux, 1)).toEqual(["user:go", "assistant", "toolResult", "toolResult", "user:s1"]);
		expect(requestRoles(faux, 2)).toEqual([
			"user:go",
			"assistant",
			"toolResult",
			"toolResult",
			"user:s1",
			"assistant",
			"user:s2",
		]);
		expect(agent.hasQueuedMessages()).toBe(false);
	});

	it("all: every queued steering message is injected at the next turn start, in enqueue order", async () => {
		const { agent, faux, labels, gate, running } = toolBatchAgent({ steeringMode: "all" });
		const run = agent.prompt("go");
		await running.promise;
		agent.steer(user("s1"));
		agent.steer(user("s2"));
		gate.resolve();
		await run;
		expect(labels().slice(-11)).toEqual([
			"turn_end",
			"turn_start",
			"message_start:user",
			"message_end:user",
			"message_start:user",
			"message_end:user",
			...REPLY,
			"turn_end",
			"agent_end",
		]);
		expect(requestRoles(faux, 1)).toEqual(["user:go", "assistant", "toolResult", "toolResult", "user:s1", "user:s2"]);
		expect(faux.state.callCount).toBe(2);
	});

	it("steering queued while idle is injected at the start of the next run, after the prompt", async () => {
		const { agent, faux, labels } = createTestAgent();
		faux.setResponses([fauxAssistantMessage(fauxText("ok"))]);
		agent.steer(user("early"));
		await agent.prompt("go");
		expect(labels()).toEqual([...START, "message_start:user", "message_end:user", ...REPLY, "turn_end", "agent_end"]);
		expect(requestRoles(faux, 0)).toEqual(["user:go", "user:early"]);
	});

	it("steering after a reply without tool calls still gets another turn before follow-ups", async () => {
		const { agent, faux } = createTestAgent();
		faux.setResponses([
			fauxAssistantMessage(fauxText("one")),
			fauxAssistantMessage(fauxText("two")),
			fauxAssistantMessage(fauxText("three")),
		]);
		agent.subscribe((event) => {
			if (event.type === "message_end" && event.message.role === "assistant" && faux.state.callCount === 1) {
				agent.followUp(user("f"));
				agent.steer(user("s"));
			}
		});
		await agent.prompt("go");
		expect(requestRoles(faux, 1)).toEqual(["user:go", "assistant", "user:s"]);
		expect(requestRoles(faux, 2)).toEqual(["user:go", "assistant", "user:s", "assistant", "user:f"]);
	});
});

describe("follow-up (§6)", () => {
	for (const mode of ["one-at-a-time", "all"] as const) {
		it(`${mode}: follow-ups wait until the agent would stop`, async () => {
			const { agent, faux, labels, gate, running } = toolBatchAgent({ followUpMode: mode });
			const run = agent.prompt("go");
			await running.promise;
			agent.followUp(user("f1"));
			agent.followUp(user("f2"));
			gate.resolve();
			await run;
			const afterTools = labels().slice(START.length + REPLY.length + 8);
			const injected = ["message_start:user", "message_end:user"];
			expect(afterTools).toEqual(
				mode === "one-at-a-time"
					? [
							"turn_end",
							"turn_start",
							...REPLY,
							"turn_end",
							"turn_start",
							...injected,
							...REPLY,
							"turn_end",
							"turn_start",
							...injected,
							...REPLY,
							"turn_end",
							"agent_end",
						]
					: [
							"turn_end",
							"turn_start",
							...REPLY,
							"turn_end",
							"turn_start",
							...injected,
							...injected,
							...REPLY,
							"turn_end",
							"agent_end",
						],
			);
			// The turn right after the tools saw no follow-up: they are polled only at the stop point.
			expect(requestRoles(faux, 1)).toEqual(["user:go", "assistant", "toolResult", "toolResult"]);
			expect(requestRoles(faux, 2)).toEqual(
				mode === "one-at-a-time"
					? ["user:go", "assistant", "toolResult", "toolResult", "assistant", "user:f1"]
					: ["user:go", "assistant", "toolResult", "toolResult", "assistant", "user:f1", "user:f2"],
			);
		});
	}

	it("queues can be read and cleared", () => {
		const { agent } = createTestAgent();
		agent.steer(user("s1"));
		agent.followUp(user("f1"));
		agent.followUp(user("f2"));
		expect(agent.steeringQueue).toEqual([user("s1")]);
		expect(agent.followUpQueue).toEqual([user("f1"), user("f2")]);
		expect(agent.hasQueuedMessages()).toBe(true);
		expect(agent.clearSteeringQueue()).toEqual([user("s1")]);
		expect(agent.clearFollowUpQueue()).toEqual([user("f1"), user("f2")]);
		expect(agent.hasQueuedMessages()).toBe(false);
		agent.steer(user("s2"));
		agent.followUp(user("f3"));
		expect(agent.clearAllQueues()).toEqual({ steering: [user("s2")], followUp: [user("f3")] });
		expect(agent.hasQueuedMessages()).toBe(false);
	});

	it("modes are settable later as properties", () => {
		const { agent } = createTestAgent();
		expect(agent.steeringMode).toBe("one-at-a-time");
		expect(agent.followUpMode).toBe("one-at-a-time");
		agent.steeringMode = "all";
		agent.followUpMode = "all";
		expect(agent.steeringMode).toBe("all");
		expect(agent.followUpMode).toBe("all");
	});
});
