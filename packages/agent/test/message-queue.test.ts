import { describe, expect, it } from "vitest";
import { MessageQueue } from "../src/message-queue.js";
import { user } from "./support/harness.js";

describe("MessageQueue", () => {
	it("one-at-a-time releases the oldest message per poll", () => {
		const queue = new MessageQueue("one-at-a-time");
		queue.enqueue(user("a"));
		queue.enqueue(user("b"));
		expect(queue.poll()).toEqual([user("a")]);
		expect(queue.poll()).toEqual([user("b")]);
		expect(queue.poll()).toEqual([]);
	});

	it("all releases everything in enqueue order", () => {
		const queue = new MessageQueue("all");
		queue.enqueue(user("a"));
		queue.enqueue(user("b"));
		expect(queue.poll()).toEqual([user("a"), user("b")]);
		expect(queue.length).toBe(0);
	});

	it("snapshot is a copy; clear returns what was queued", () => {
		const queue = new MessageQueue("all");
		queue.enqueue(user("a"));
		const snapshot = queue.snapshot();
		snapshot.push(user("x"));
		expect(queue.length).toBe(1);
		expect(queue.clear()).toEqual([user("a")]);
		expect(queue.snapshot()).toEqual([]);
	});
});
