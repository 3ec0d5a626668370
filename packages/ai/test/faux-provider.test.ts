import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createModels } from "../src/models-collection.js";
import { fauxProvider, NO_MORE_FAUX_RESPONSES } from "../src/providers/faux.js";
import {
	fauxAssistantMessage,
	fauxText,
	fauxThinking,
	fauxToolCall,
	splitIntoChunks,
} from "../src/providers/faux-script.js";
import type { Context } from "../src/types.js";
import { collect, expectInvariants } from "./support/stream-invariants.js";

const context: Context = {
	systemPrompt: "You are a test.",
	messages: [{ role: "user", content: "hello there", timestamp: 1 }],
};

function setup(options: Parameters<typeof fauxProvider>[0] = {}) {
	const faux = fauxProvider(options);
	const models = createModels();
	models.setProvider(faux.provider);
	return { faux, models, model: faux.getModel() };
}

describe("fauxProvider", () => {
	afterEach(() => {
		vi.useRealTimers();
	});

	it("has one default model and looks models up by id", () => {
		const faux = fauxProvider({
			provider: "test-faux",
			models: [
				{ id: "a", reasoning: true },
				{ id: "b", input: ["text"] },
			],
		});
		expect(faux.provider.id).toBe("test-faux");
		expect(faux.getModel().id).toBe("a");
		expect(faux.getModel("b")?.input).toEqual(["text"]);
		expect(faux.getModel("missing")).toBeUndefined();
		expect(faux.models.every((model) => model.provider === "test-faux")).toBe(true);
		expect(fauxProvider().getModel()).toMatchObject({ id: "faux-1", provider: "faux", api: "faux" });
	});

	it("streams text in several deltas with every invariant", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([fauxAssistantMessage("The quick brown fox jumps over the lazy dog.")]);
		const { events, result } = await collect(models.streamSimple(model, context));
		expectInvariants(events, result);
		expect(events.filter((event) => event.type === "text_delta").length).toBeGreaterThanOrEqual(3);
		expect(result).toMatchObject({
			stopReason: "stop",
			content: [{ type: "text", text: "The quick brown fox jumps over the lazy dog." }],
		});
		expect(result).toMatchObject({ provider: "faux", model: "faux-1", api: "faux" });
	});

	it("streams thinking with its signature, then text", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([fauxAssistantMessage([fauxThinking("Let me think about it.", "sig-1"), fauxText("Answer.")])]);
		const { events, result } = await collect(models.stream(model, context));
		expectInvariants(events, result);
		expect(events.map((event) => event.type)).toContain("thinking_delta");
		expect(result.content[0]).toEqual({
			type: "thinking",
			thinking: "Let me think about it.",
			thinkingSignature: "sig-1",
		});
		expect(result.content[1]).toEqual({ type: "text", text: "Answer." });
	});

	it("streams redacted thinking as a block without deltas", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([fauxAssistantMessage([fauxThinking("", "encrypted", { redacted: true }), fauxText("ok")])]);
		const { events, result } = await collect(models.stream(model, context));
		expectInvariants(events, result);
		expect(result.content[0]).toEqual({
			type: "thinking",
			thinking: "",
			thinkingSignature: "encrypted",
			redacted: true,
		});
		expect(events.some((event) => event.type === "thinking_delta")).toBe(false);
	});

	it("streams tool arguments as JSON fragments, assigns faux_call ids and stops with toolUse", async () => {
		const { faux, models, model } = setup();
		const args = { path: "src/index.ts", edits: [{ old: "a", new: "b" }], count: 3 };
		faux.setResponses([
			fauxAssistantMessage([
				fauxText("Reading."),
				fauxToolCall("read", args),
				fauxToolCall("write", {}, "explicit-id"),
			]),
			fauxAssistantMessage(fauxToolCall("read", { path: "x" })),
		]);
		const { events, result } = await collect(models.stream(model, context));
		expectInvariants(events, result);
		const deltas = events.filter((event) => event.type === "toolcall_delta");
		expect(deltas.filter((event) => event.contentIndex === 1).length).toBeGreaterThan(1);
		expect(deltas.map((event) => (event.type === "toolcall_delta" ? event.delta : "")).join("")).toBe(
			`${JSON.stringify(args)}{}`,
		);
		expect(result.stopReason).toBe("toolUse");
		expect(result.content[1]).toEqual({ type: "toolCall", id: "faux_call_1", name: "read", arguments: args });
		expect(result.content[2]).toMatchObject({ id: "explicit-id", name: "write", arguments: {} });
		const end = events.find((event) => event.type === "toolcall_end" && event.contentIndex === 1);
		expect(end).toMatchObject({ toolCall: { id: "faux_call_1", arguments: args } });
		const second = await models.complete(model, context);
		expect(second.content[0]).toMatchObject({ id: "faux_call_2" });
	});

	it("honours explicit chunks", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([
			fauxAssistantMessage([fauxText("", { chunks: ["Hel", "lo", "!"] }), fauxText("abcdef", { chunks: 2 })]),
		]);
		const { events, result } = await collect(models.stream(model, context));
		const deltas = events.flatMap((event) => (event.type === "text_delta" ? [event.delta] : []));
		expect(deltas).toEqual(["Hel", "lo", "!", "abc", "def"]);
		expect(result.content).toEqual([
			{ type: "text", text: "Hello!" },
			{ type: "text", text: "abcdef" },
		]);
	});

	it("consumes responses in request-start order and reports an empty queue as an error", async () => {
		const { faux, models, model } = setup();
		faux.setResponses(["first", "second"]);
		faux.appendResponses(["third"]);
		expect(faux.getPendingResponseCount()).toBe(3);
		const streams = [
			models.stream(model, context),
			models.stream(model, context),
			models.stream(model, context),
			models.stream(model, context),
		];
		const results = await Promise.all(streams.map((stream) => stream.result()));
		expect(results.slice(0, 3).map((message) => message.content[0])).toEqual([
			{ type: "text", text: "first" },
			{ type: "text", text: "second" },
			{ type: "text", text: "third" },
		]);
		expect(results[3]).toMatchObject({ stopReason: "error", errorMessage: NO_MORE_FAUX_RESPONSES, content: [] });
		const { events, result } = await collect(streams[3]!);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(result).toBe(results[3]);
		expect(faux.getPendingResponseCount()).toBe(0);
		expect(faux.state.callCount).toBe(4);
	});

	it("calls function responses with the request and records every request", async () => {
		const { faux, models, model } = setup();
		const tools = [{ name: "read", description: "Read", parameters: Type.Object({ path: Type.String() }) }];
		faux.setResponses([
			async (ctx, options, state) =>
				fauxAssistantMessage(`${ctx.messages.length} messages, call ${state.callCount}, ${options?.reasoning}`),
		]);
		const result = await models.completeSimple(model, { ...context, tools }, { reasoning: "high", sessionId: "s1" });
		expect(result.content[0]).toEqual({ type: "text", text: "1 messages, call 1, high" });
		expect(faux.state.requests).toHaveLength(1);
		expect(faux.state.requests[0]!.context.messages).toEqual(context.messages);
		expect(faux.state.requests[0]!.context.tools).toEqual(tools);
		expect(faux.state.requests[0]!.options).toMatchObject({ reasoning: "high", sessionId: "s1" });
		expect(faux.state.requests[0]!.model).toBe(model);
	});

	it("keeps recorded contexts stable when the caller mutates its message list later", async () => {
		const { faux, models, model } = setup();
		faux.setResponses(["ok"]);
		const messages = [...context.messages];
		await models.complete(model, { messages });
		messages.push({ role: "user", content: "later", timestamp: 2 });
		expect(faux.state.requests[0]!.context.messages).toHaveLength(1);
	});

	it("turns a throwing function response into an error message", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([
			() => {
				throw new Error("scripted failure");
			},
		]);
		const { events, result } = await collect(models.stream(model, context));
		expectInvariants(events, result);
		expect(result).toMatchObject({ stopReason: "error", errorMessage: "scripted failure" });
	});

	it("ends with an error stop and the scripted message, keeping partial content", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([
			fauxAssistantMessage("partial answer", {
				stopReason: "error",
				errorMessage: "prompt is too long: 300000 tokens > 200000 maximum",
			}),
		]);
		const { events, result } = await collect(models.stream(model, context));
		expectInvariants(events, result);
		expect(events.at(-1)).toMatchObject({ type: "error", reason: "error" });
		expect(result).toMatchObject({
			stopReason: "error",
			errorMessage: "prompt is too long: 300000 tokens > 200000 maximum",
		});
		expect(result.content).toEqual([{ type: "text", text: "partial answer" }]);
	});

	it("supports a length stop reason", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([fauxAssistantMessage([fauxToolCall("read", { path: "a" })], { stopReason: "length" })]);
		expect((await models.complete(model, context)).stopReason).toBe("length");
	});

	it("stops mid-stream on abort with no deltas after it", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([
			fauxAssistantMessage("a fairly long reply that will be cut off part way through", { usage: { output: 5 } }),
		]);
		const controller = new AbortController();
		const stream = models.stream(model, context, { signal: controller.signal });
		const events = [];
		for await (const event of stream) {
			events.push(event);
			if (event.type === "text_delta") controller.abort();
		}
		const result = await stream.result();
		expectInvariants(events, result);
		expect(events.filter((event) => event.type === "text_delta")).toHaveLength(1);
		expect(events.at(-1)).toMatchObject({ type: "error", reason: "aborted" });
		expect(result).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(result.content[0]).toMatchObject({ type: "text" });
	});

	it("aborts mid-tool-call", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([
			fauxAssistantMessage(fauxToolCall("read", { path: "a/very/long/path/to/some/file.ts" }, { chunks: 5 })),
		]);
		const controller = new AbortController();
		const stream = models.stream(model, context, { signal: controller.signal });
		const events = [];
		for await (const event of stream) {
			events.push(event);
			if (event.type === "toolcall_delta") controller.abort();
		}
		const result = await stream.result();
		expectInvariants(events, result);
		expect(result.stopReason).toBe("aborted");
		expect(events.filter((event) => event.type === "toolcall_delta")).toHaveLength(1);
	});

	it("answers an already-aborted request at once without consuming a response", async () => {
		const { faux, model } = setup();
		faux.setResponses(["kept"]);
		const controller = new AbortController();
		controller.abort();
		const result = await faux.streams.stream(model, context, { signal: controller.signal }).result();
		expect(result).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(faux.getPendingResponseCount()).toBe(1);
	});

	it("paces deltas by tokensPerSecond", async () => {
		vi.useFakeTimers();
		const { faux, models, model } = setup({ tokensPerSecond: 10 });
		faux.setResponses([fauxAssistantMessage(fauxText("abcdefgh", { chunks: 2 }))]);
		const seen: string[] = [];
		const done = (async () => {
			for await (const event of models.stream(model, context)) seen.push(event.type);
		})();
		await vi.advanceTimersByTimeAsync(50);
		expect(seen).not.toContain("text_delta");
		await vi.advanceTimersByTimeAsync(100);
		expect(seen.filter((type) => type === "text_delta")).toHaveLength(1);
		await vi.advanceTimersByTimeAsync(100);
		await done;
		expect(seen.at(-1)).toBe("done");
	});

	it("estimates usage at ceil(chars / 4) and prices it", async () => {
		const { faux, models, model } = setup({
			models: [{ id: "priced", cost: { input: 1_000_000, output: 2_000_000, cacheRead: 0, cacheWrite: 0 } }],
		});
		faux.setResponses(["12345678"]);
		const result = await models.complete(model, { messages: [{ role: "user", content: "x", timestamp: 1 }] });
		// "user:x" is 6 characters → 2 tokens; "12345678" → 2 tokens.
		expect(result.usage).toMatchObject({ input: 2, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 4 });
		expect(result.usage.cost).toMatchObject({ input: 2, output: 4, total: 6 });
	});

	it("reports repeated prefixes as cache reads per session", async () => {
		const { faux, models, model } = setup();
		faux.setResponses(["one", "two", "three"]);
		const first = await models.complete(model, context, { sessionId: "s" });
		expect(first.usage.cacheRead).toBe(0);
		expect(first.usage.cacheWrite).toBeGreaterThan(0);
		const longer: Context = {
			...context,
			messages: [...context.messages, first, { role: "user", content: "and more", timestamp: 3 }],
		};
		const second = await models.complete(model, longer, { sessionId: "s" });
		expect(second.usage.cacheRead).toBe(first.usage.cacheWrite);
		expect(second.usage.cacheWrite).toBeGreaterThan(0);
		const uncached = await models.complete(model, longer, { sessionId: "s", cacheRetention: "none" });
		expect(uncached.usage).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
		expect(uncached.usage.input).toBeGreaterThan(0);
	});

	it("lets a script override usage", async () => {
		const { faux, models, model } = setup();
		faux.setResponses([fauxAssistantMessage("hi", { usage: { input: 1000, output: 7, totalTokens: 1007 } })]);
		expect((await models.complete(model, context)).usage).toMatchObject({ input: 1000, output: 7, totalTokens: 1007 });
	});

	it("streams a 50,000-delta reply fast", async () => {
		const { faux, model } = setup();
		const text = "y".repeat(50_000);
		faux.setResponses([fauxAssistantMessage(fauxText(text, { chunks: 50_000 }))]);
		const started = performance.now();
		let deltas = 0;
		const stream = faux.streams.stream(model, context);
		for await (const event of stream) if (event.type === "text_delta") deltas++;
		const seconds = (performance.now() - started) / 1000;
		expect(deltas).toBe(50_000);
		expect((await stream.result()).content[0]).toEqual({ type: "text", text });
		// ~500k events/s on an idle machine; the bound leaves room for loaded CI hosts.
		expect(deltas / seconds).toBeGreaterThan(20_000);
	});
});

describe("splitIntoChunks", () => {
	it("splits into about three pieces of at most 16 characters by default", () => {
		expect(splitIntoChunks("Hello", undefined)).toEqual(["He", "ll", "o"]);
		expect(splitIntoChunks("x".repeat(100), undefined).every((chunk) => chunk.length <= 16)).toBe(true);
		expect(splitIntoChunks("", undefined)).toEqual([]);
	});

	it("never splits a surrogate pair", () => {
		const text = "a😀😀😀";
		const chunks = splitIntoChunks(text, 4);
		expect(chunks.join("")).toBe(text);
		for (const chunk of chunks)
			expect(chunk).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
	});
});
