import type { Agent, AgentEvent, AgentListener } from "@pi/agent-core";
import { describe, expect, it } from "vitest";
import { installAgentHooks } from "../../src/core/extensions/agent-hooks.js";
import type { ExtensionRunner } from "../../src/core/extensions/extension-runner.js";

/** The loop listener installAgentHooks subscribes, with a runner stub that records emits. */
function hookedListener(handled: string[]) {
	let listener: AgentListener | undefined;
	const agent = {
		subscribe(next: AgentListener) {
			listener = next;
			return () => undefined;
		},
	} as unknown as Agent;
	const emitted: unknown[] = [];
	const runner = {
		currentSignal: undefined as AbortSignal | undefined,
		hasHandlers: (type: string) => handled.includes(type),
		emit: async (event: unknown) => {
			emitted.push(event);
		},
	};
	installAgentHooks(agent, runner as unknown as ExtensionRunner);
	if (!listener) throw new Error("no listener subscribed");
	return { listener, runner, emitted };
}

const signal = new AbortController().signal;
const update = { type: "message_update" } as unknown as AgentEvent;

describe("installAgentHooks' loop listener", () => {
	it("returns nothing for an event no handler listens to (no promise per streamed delta)", () => {
		const { listener, runner, emitted } = hookedListener([]);
		expect(listener(update, signal)).toBeUndefined();
		expect(emitted).toEqual([]);
		expect(runner.currentSignal).toBe(signal);
	});

	it("returns the emit of a handled event for the Agent to await", async () => {
		const { listener, emitted } = hookedListener(["message_update"]);
		const result = listener(update, signal);
		expect(result).toBeInstanceOf(Promise);
		await result;
		expect(emitted).toEqual([update]);
	});

	it("numbers turns, and clears the signal once agent_end's handlers ran", async () => {
		const { listener, runner, emitted } = hookedListener([]);
		await listener({ type: "agent_start" } as AgentEvent, signal);
		await listener({ type: "turn_start" } as AgentEvent, signal);
		await listener({ type: "turn_start" } as AgentEvent, signal);
		expect(emitted.map((event) => (event as { turnIndex?: number }).turnIndex)).toEqual([undefined, 0, 1]);
		await listener({ type: "agent_end", messages: [] } as AgentEvent, signal);
		expect(runner.currentSignal).toBeUndefined();
	});
});
