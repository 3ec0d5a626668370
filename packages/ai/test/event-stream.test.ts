import { describe, expect, it } from "vitest";
import { AssistantMessageEventStream, EventStream } from "../src/event-stream.js";
import { assistant } from "./support/fixtures.js";

type NumberEvent = { type: "value"; value: number } | { type: "end"; total: number };

function numberStream(): EventStream<NumberEvent, number> {
	return new EventStream<NumberEvent, number>(
		(event) => event.type === "end",
		(event) => (event.type === "end" ? event.total : Number.NaN),
	);
}

describe("EventStream", () => {
	it("buffers events pushed before iteration and ends after the terminal event", async () => {
		const stream = numberStream();
		stream.push({ type: "value", value: 1 });
		stream.push({ type: "value", value: 2 });
		stream.push({ type: "end", total: 3 });
		const seen: NumberEvent[] = [];
		for await (const event of stream) seen.push(event);
		expect(seen.map((event) => event.type)).toEqual(["value", "value", "end"]);
		expect(await stream.result()).toBe(3);
	});

	it("resolves result() without anyone iterating", async () => {
		const stream = numberStream();
		queueMicrotask(() => stream.push({ type: "end", total: 7 }));
		expect(await stream.result()).toBe(7);
	});

	it("delivers events pushed while a consumer waits", async () => {
		const stream = numberStream();
		const consumed = (async () => {
			const values: number[] = [];
			for await (const event of stream) if (event.type === "value") values.push(event.value);
			return values;
		})();
		for (let i = 0; i < 5; i++) {
			await Promise.resolve();
			stream.push({ type: "value", value: i });
		}
		stream.push({ type: "end", total: 5 });
		expect(await consumed).toEqual([0, 1, 2, 3, 4]);
	});

	it("ignores pushes after the terminal event", async () => {
		const stream = numberStream();
		stream.push({ type: "end", total: 1 });
		stream.push({ type: "value", value: 99 });
		stream.push({ type: "end", total: 2 });
		const seen: NumberEvent[] = [];
		for await (const event of stream) seen.push(event);
		expect(seen).toEqual([{ type: "end", total: 1 }]);
		expect(await stream.result()).toBe(1);
		expect(stream.isClosed).toBe(true);
	});

	it("replays nothing when iterated again after completion", async () => {
		const stream = numberStream();
		stream.push({ type: "end", total: 1 });
		for await (const _ of stream) {
			// drain
		}
		const again: NumberEvent[] = [];
		for await (const event of stream) again.push(event);
		expect(again).toEqual([]);
	});

	it("drains a large buffer quickly (no quadratic dequeue)", async () => {
		const stream = numberStream();
		for (let i = 0; i < 100_000; i++) stream.push({ type: "value", value: i });
		stream.push({ type: "end", total: 100_000 });
		let count = 0;
		let last = -1;
		for await (const event of stream) {
			if (event.type === "value") {
				expect(event.value).toBe(last + 1);
				last = event.value;
			}
			count++;
		}
		expect(count).toBe(100_001);
	});

	it("end() closes without a terminal event and wakes waiting consumers", async () => {
		const stream = numberStream();
		const iterator = stream[Symbol.asyncIterator]();
		const pending = iterator.next();
		stream.end(42);
		expect(await pending).toEqual({ value: undefined, done: true });
		expect(await stream.result()).toBe(42);
	});
});

describe("AssistantMessageEventStream", () => {
	it("resolves result() with the message of done, and of error", async () => {
		const ok = new AssistantMessageEventStream();
		const message = assistant([{ type: "text", text: "hi" }]);
		ok.push({ type: "done", reason: "stop", message });
		expect(await ok.result()).toBe(message);

		const failed = new AssistantMessageEventStream();
		const error = assistant([], { stopReason: "error", errorMessage: "boom" });
		failed.push({ type: "error", reason: "error", error });
		expect(await failed.result()).toBe(error);
	});
});

describe("EventStream.pipeTo", () => {
	it("moves buffered events and forwards later ones synchronously", async () => {
		const source = numberStream();
		const target = numberStream();
		source.push({ type: "value", value: 1 });
		source.pipeTo(target);
		source.push({ type: "value", value: 2 });
		source.push({ type: "end", total: 2 });
		const seen: NumberEvent[] = [];
		for await (const event of target) seen.push(event);
		expect(seen.map((event) => (event.type === "value" ? event.value : "end"))).toEqual([1, 2, "end"]);
		expect(await source.result()).toBe(2);
		expect(await target.result()).toBe(2);
	});

	it("reports the target's waiting consumer", async () => {
		const source = numberStream();
		const target = numberStream();
		source.pipeTo(target);
		expect(source.hasWaitingConsumer).toBe(false);
		const next = target[Symbol.asyncIterator]().next();
		expect(source.hasWaitingConsumer).toBe(true);
		source.push({ type: "end", total: 0 });
		await next;
	});

	it("calls onUnterminatedEnd when the source ends without a terminal event", () => {
		const source = numberStream();
		const target = numberStream();
		let called = 0;
		source.pipeTo(target, () => called++);
		source.end();
		expect(called).toBe(1);
	});
});
