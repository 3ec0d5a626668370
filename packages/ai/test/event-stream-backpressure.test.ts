// Producer backpressure of EventStream (added for rpc.md §7.3: a stalled RPC reader must pause
// the provider's socket, not grow this buffer).
import { describe, expect, it } from "vitest";
import { EventStream } from "../src/event-stream.js";

type NumberEvent = { type: "value"; value: number } | { type: "end"; total: number };

function numberStream(): EventStream<NumberEvent, number> {
	return new EventStream<NumberEvent, number>(
		(event) => event.type === "end",
		(event) => (event.type === "end" ? event.total : Number.NaN),
	);
}

describe("EventStream.backpressure", () => {
	it("is undefined up to the high-water mark, then waits until the consumer drained to the low-water mark", async () => {
		const stream = numberStream();
		for (let value = 0; value < 256; value++) stream.push({ type: "value", value });
		expect(stream.backpressure()).toBeUndefined();
		stream.push({ type: "value", value: 256 });
		const wait = stream.backpressure();
		expect(wait).toBeInstanceOf(Promise);
		let resumed = false;
		void wait!.then(() => {
			resumed = true;
		});
		const iterator = stream[Symbol.asyncIterator]();
		for (let read = 0; read < 257 - 65; read++) await iterator.next();
		await Promise.resolve();
		expect(resumed).toBe(false);
		await iterator.next();
		await Promise.resolve();
		expect(resumed).toBe(true);
	});

	it("releases a waiting producer when the consumer stops iterating", async () => {
		const stream = numberStream();
		for (let value = 0; value < 300; value++) stream.push({ type: "value", value });
		const wait = stream.backpressure()!;
		await stream[Symbol.asyncIterator]().return?.();
		await expect(wait).resolves.toBeUndefined();
		expect(stream.backpressure()).toBeUndefined();
	});

	it("delegates to the piped target and stops asking once the stream is closed", () => {
		const source = numberStream();
		const target = numberStream();
		source.pipeTo(target);
		for (let value = 0; value < 300; value++) source.push({ type: "value", value });
		expect(source.backpressure()).toBeInstanceOf(Promise);
		target.push({ type: "end", total: 0 });
		expect(target.backpressure()).toBeUndefined();
	});
});
