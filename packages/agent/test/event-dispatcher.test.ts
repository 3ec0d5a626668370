import { describe, expect, it } from "vitest";
import { EventDispatcher } from "../src/event-dispatcher.js";
import type { AgentEvent } from "../src/types.js";

const signal = new AbortController().signal;
const event = (type: "agent_start" | "turn_start" | "message_update"): AgentEvent => ({ type }) as AgentEvent;

describe("EventDispatcher", () => {
	it("runs plain and promise-returning listeners in order, awaiting each promise before the next", async () => {
		const order: string[] = [];
		let release: () => void = () => undefined;
		const dispatcher = new EventDispatcher(
			() => () => undefined,
			(e) => order.push(`before:${e.type}`),
		);
		dispatcher.subscribe((e) => {
			order.push(`sync:${e.type}`);
		});
		dispatcher.subscribe(
			(e) =>
				new Promise<void>((resolve) => {
					order.push(`async:${e.type}`);
					release = () => {
						order.push(`released:${e.type}`);
						resolve();
					};
				}),
		);
		dispatcher.subscribe((e) => {
			order.push(`last:${e.type}`);
		});
		const first = dispatcher.dispatch(event("agent_start"), signal);
		const second = dispatcher.dispatch(event("turn_start"), signal);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(order).toEqual(["before:agent_start", "sync:agent_start", "async:agent_start"]);
		release();
		await first;
		await new Promise((resolve) => setTimeout(resolve, 0));
		release();
		await second;
		expect(order).toEqual([
			"before:agent_start",
			"sync:agent_start",
			"async:agent_start",
			"released:agent_start",
			"last:agent_start",
			"before:turn_start",
			"sync:turn_start",
			"async:turn_start",
			"released:turn_start",
			"last:turn_start",
		]);
	});

	it("reports sync throws and rejections and goes on; an unsubscribe mid-event applies from the next event", async () => {
		const reported: unknown[] = [];
		const seen: string[] = [];
		const dispatcher = new EventDispatcher(
			() => (error) => reported.push(error),
			() => undefined,
		);
		let offSecond: () => void = () => undefined;
		dispatcher.subscribe((e) => {
			seen.push(`first:${e.type}`);
			offSecond();
			throw new Error("sync");
		});
		offSecond = dispatcher.subscribe(async (e) => {
			seen.push(`second:${e.type}`);
			throw new Error("async");
		});
		dispatcher.subscribe((e) => {
			seen.push(`third:${e.type}`);
		});
		await dispatcher.dispatch(event("agent_start"), signal);
		await dispatcher.dispatch(event("turn_start"), signal);
		expect(seen).toEqual([
			"first:agent_start",
			"second:agent_start",
			"third:agent_start",
			"first:turn_start",
			"third:turn_start",
		]);
		expect(reported.map((error) => (error as Error).message)).toEqual(["sync", "async", "sync"]);
	});

	it("delivers a message_update at once when nothing is queued (undefined when no listener returned a promise), other events a microtask later", async () => {
		const seen: string[] = [];
		const dispatcher = new EventDispatcher(
			() => () => undefined,
			(e) => seen.push(`before:${e.type}`),
		);
		dispatcher.subscribe((e) => {
			seen.push(`sync:${e.type}`);
		});
		expect(dispatcher.dispatch(event("message_update"), signal)).toBeUndefined();
		expect(seen).toEqual(["before:message_update", "sync:message_update"]);
		const queued = dispatcher.dispatch(event("turn_start"), signal);
		expect(seen).toHaveLength(2);
		await queued;
		expect(seen).toEqual(["before:message_update", "sync:message_update", "before:turn_start", "sync:turn_start"]);
	});

	it("queues an event a listener dispatches during an immediate delivery behind that whole delivery", async () => {
		const order: string[] = [];
		const dispatcher = new EventDispatcher(
			() => () => undefined,
			() => undefined,
		);
		let nested: Promise<void> | undefined;
		let release: () => void = () => undefined;
		let first = true;
		dispatcher.subscribe((e) => {
			order.push(`first:${e.type}`);
			if (first) nested = dispatcher.dispatch(event("message_update"), signal);
			first = false;
		});
		dispatcher.subscribe(() =>
			order.length === 1
				? new Promise<void>((resolve) => {
						release = () => {
							order.push("released");
							resolve();
						};
					})
				: undefined,
		);
		const outer = dispatcher.dispatch(event("message_update"), signal);
		expect(outer).toBeInstanceOf(Promise);
		expect(nested).toBeInstanceOf(Promise);
		await new Promise((resolve) => setTimeout(resolve, 0));
		expect(order).toEqual(["first:message_update"]);
		release();
		await outer;
		await nested;
		expect(order).toEqual(["first:message_update", "released", "first:message_update"]);
		// Everything settled: the next delta is delivered at once again.
		expect(dispatcher.dispatch(event("message_update"), signal)).toBeUndefined();
		expect(order).toHaveLength(4);
	});
});
