import { describe, expect, it } from "vitest";
import { AssistantMessageEventStream } from "../../../src/event-stream.js";
import { AssistantMessageBuilder } from "../../../src/providers/shared/assistant-message-builder.js";
import type { AssistantMessageEvent, Model } from "../../../src/types.js";

const model: Model = {
	id: "m",
	name: "m",
	api: "test",
	provider: "test",
	baseUrl: "",
	reasoning: false,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 1000,
	maxTokens: 100,
};

function collect(stream: AssistantMessageEventStream): AssistantMessageEvent[] {
	const events: AssistantMessageEvent[] = [];
	const push = stream.push.bind(stream);
	stream.push = (event) => {
		events.push(event);
		push(event);
	};
	return events;
}

describe("AssistantMessageBuilder", () => {
	it("derives toolUse from the content: a reported tool stop without a call is a stop", () => {
		const stream = new AssistantMessageEventStream();
		const builder = new AssistantMessageBuilder(model, stream);
		builder.text("t", "no call here");
		expect(builder.finish("toolUse").stopReason).toBe("stop");
		const withCall = new AssistantMessageBuilder(model, new AssistantMessageEventStream());
		withCall.toolCall("c", { id: "1", name: "read", argumentsDelta: "{}" });
		expect(withCall.finish("stop").stopReason).toBe("toolUse");
		const cut = new AssistantMessageBuilder(model, new AssistantMessageEventStream());
		cut.toolCall("c", { id: "1", name: "write", argumentsDelta: '{"path":"a' });
		expect(cut.finish("length").stopReason).toBe("length");
	});

	it("re-parses large streamed tool arguments only as they grow by 10%, and ends with exact arguments", () => {
		const stream = new AssistantMessageEventStream();
		const events = collect(stream);
		const builder = new AssistantMessageBuilder(model, stream);
		const content = "x".repeat(200_000);
		const json = JSON.stringify({ path: "big.txt", content });
		const deltaSize = 20;
		const parses = new Set<object>();
		for (let offset = 0; offset < json.length; offset += deltaSize) {
			builder.toolCall("c", { id: "call_1", name: "write", argumentsDelta: json.slice(offset, offset + deltaSize) });
			const last = events.at(-1);
			const block = last?.type === "toolcall_delta" ? last.partial.content[last.contentIndex] : undefined;
			if (block?.type !== "toolCall") throw new Error("expected a tool call delta");
			expect(typeof block.arguments).toBe("object");
			parses.add(block.arguments);
		}
		builder.end("c");
		const end = events.find((event) => event.type === "toolcall_end");
		expect(end?.type === "toolcall_end" && end.toolCall.arguments).toEqual({ path: "big.txt", content });
		const deltas = events.filter((event) => event.type === "toolcall_delta").length;
		expect(deltas).toBe(Math.ceil(json.length / deltaSize));
		// Every parse yields a new object: ~205 small-size parses plus ~40 growth steps, not one per delta.
		expect(parses.size).toBeLessThan(300);
		expect(deltas).toBeGreaterThan(10_000);
	});

	it("keeps the snapshots' usage when a repeated usage report changes no counter, and follows a changed one", () => {
		const stream = new AssistantMessageEventStream();
		const events = collect(stream);
		const builder = new AssistantMessageBuilder(
			{ ...model, cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 } },
			stream,
		);
		builder.setUsage({ input: 10, output: 1, reasoning: 0 });
		builder.text("t", "a");
		builder.setUsage({ input: 10, output: 1, reasoning: 0 });
		builder.text("t", "b");
		builder.setUsage({ input: 10, output: 2, reasoning: 0 });
		builder.text("t", "c");
		const partials = events.flatMap((event) => (event.type === "text_delta" ? [event.partial.usage] : []));
		expect(partials[1]).toBe(partials[0]);
		expect(partials[2]).not.toBe(partials[1]);
		expect(partials[2]).toMatchObject({ input: 10, output: 2, reasoning: 0, totalTokens: 12 });
		const usage = builder.finish("stop").usage;
		expect(usage).toMatchObject({ output: 2, totalTokens: 12 });
		expect(usage.cost.total).toBeCloseTo((10 + 4) / 1e6, 12);
	});
});
