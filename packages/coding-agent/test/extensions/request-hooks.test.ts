// before_provider_headers and context_with_system: the request-time hooks pi 1.4 added, through a
// session on the faux provider (the requests it records are what a provider would get).
import { fauxAssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { ExtensionErrorReport } from "../../src/core/extensions/extension-bindings.js";
import { useTempDirs } from "../support/temp-dir.js";
import { createExtensionSession } from "./extension-test-support.js";

const tempDir = useTempDirs();

describe("before_provider_headers", () => {
	it("handlers change the request headers in place, in order; null removes one; returns are ignored", async () => {
		const seen: unknown[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("before_provider_headers", (event) => {
					seen.push({ ...event.headers });
					event.headers["X-Trace"] = "t-1";
					event.headers["X-Drop"] = "soon";
				}),
			(pi) =>
				pi.on("before_provider_headers", (event) => {
					seen.push({ ...event.headers });
					event.headers["X-Drop"] = null;
					return { headers: { ignored: "yes" } } as never;
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("one"), fauxAssistantMessage("two")]);
		await session.prompt("hello");
		await session.prompt("again");
		expect(seen[0]).toEqual({});
		expect(seen[1]).toEqual({ "X-Trace": "t-1", "X-Drop": "soon" });
		// Once per request: two prompts, two requests, four handler calls.
		expect(seen).toHaveLength(4);
		for (const request of faux.state.requests) expect(request.options?.headers).toEqual({ "X-Trace": "t-1" });
	});

	it("a throwing handler is reported; the request goes out with the other handlers' headers", async () => {
		const errors: ExtensionErrorReport[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("before_provider_headers", () => {
					throw new Error("tracing down");
				}),
			(pi) =>
				pi.on("before_provider_headers", (event) => {
					event.headers["x-after"] = "1";
				}),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("hello");
		expect(errors.map((error) => [error.event, error.error])).toEqual([["before_provider_headers", "tracing down"]]);
		expect(faux.state.requests[0]?.options?.headers).toEqual({ "x-after": "1" });
		expect(session.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
	});
});

describe("context_with_system", () => {
	it("runs after context, sees the system prompt at index 0 and chains; the result is the request only", async () => {
		const order: string[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("context", (event) => {
					order.push("context");
					return { messages: [...event.messages, { role: "user", content: "from context", timestamp: 0 }] };
				}),
			(pi) =>
				pi.on("context_with_system", (event) => {
					order.push("with_system 1");
					const [system, ...rest] = event.messages;
					expect(system).toMatchObject({ role: "system" });
					expect((system as { content: string }).content).toContain("pi");
					expect(rest.map((message) => message.role)).toEqual(["user", "user"]);
					return { messages: [{ ...system!, content: "Answer in French." }, ...rest.slice(0, 1)] as never };
				}),
			(pi) =>
				pi.on("context_with_system", (event) => {
					order.push("with_system 2");
					expect(event.messages).toHaveLength(2);
					expect(event.messages[0]).toMatchObject({ role: "system", content: "Answer in French." });
				}),
		]);
		await session.bindExtensions({});
		faux.setResponses([fauxAssistantMessage("ok")]);
		const systemPrompt = session.agent.state.systemPrompt;
		await session.prompt("hello");
		expect(order).toEqual(["context", "with_system 1", "with_system 2"]);
		const request = faux.state.requests[0]!.context;
		expect(request.systemPrompt).toBe("Answer in French.");
		expect(request.messages.map((message) => message.role)).toEqual(["user"]);
		// Request-local: the session's prompt and messages are untouched.
		expect(session.agent.state.systemPrompt).toBe(systemPrompt);
		expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("a handler that drops the leading system message is reported; the request has no system prompt", async () => {
		const errors: ExtensionErrorReport[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) => pi.on("context_with_system", (event) => ({ messages: event.messages.slice(1) })),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("hello");
		expect(errors.map((error) => error.event)).toEqual(["context_with_system"]);
		expect(errors[0]?.error).toContain("leading system message");
		expect(faux.state.requests[0]!.context.systemPrompt).toBe("");
		expect(faux.state.requests[0]!.context.messages).toHaveLength(1);
	});
});

describe("cache_warming_decision", () => {
	it("is accepted by pi.on (pi 1.4 extensions load) and never emitted: there is no cache warming", async () => {
		let fired = 0;
		const errors: ExtensionErrorReport[] = [];
		const { session, faux } = await createExtensionSession(tempDir(), [
			(pi) =>
				pi.on("cache_warming_decision", (event) => {
					fired++;
					return { action: event.action === "warm" ? "stop" : "warm" };
				}),
		]);
		await session.bindExtensions({ onError: (error) => errors.push(error) });
		faux.setResponses([fauxAssistantMessage("ok")]);
		await session.prompt("hello");
		expect(errors).toEqual([]);
		expect(fired).toBe(0);
	});
});
