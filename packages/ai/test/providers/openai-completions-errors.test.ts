import { describe, expect, it } from "vitest";
import { isContextOverflow } from "../../src/overflow.js";
import { stream } from "../../src/providers/openai-completions.js";
import type { AssistantMessageEvent, Context } from "../../src/types.js";
import { checkInvariants } from "../conformance/support/check-invariants.js";
import { collect, mockModel, sse, useMockLlm } from "./openai-test-support.js";

const server = useMockLlm();
const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };

function run(options: Parameters<typeof stream>[2] = { apiKey: "k" }) {
	return stream(mockModel("openai-completions", server.mock.url), context, options);
}

describe("openai-completions failures", () => {
	it("keeps the status and the vendor text of an HTTP error", async () => {
		server.mock.enqueue({ type: "error", status: 429 });
		const { events, result } = await collect(run());
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toMatch(/^429 Rate limit reached for gpt-5-mini/);
	});

	it("reports an empty 400 exactly as the SDK does, so overflow detection matches", async () => {
		server.mock.enqueue({ type: "error", status: 400, noBody: true });
		const { result } = await collect(run());
		expect(result.errorMessage).toBe("400 status code (no body)");
		expect(isContextOverflow(result)).toBe(true);
	});

	it("detects the vendor's context-overflow error", async () => {
		server.mock.enqueue({ type: "error", status: 400, overflow: true });
		const { result } = await collect(run());
		expect(result.errorMessage).toContain("maximum context length is 128000 tokens");
		expect(isContextOverflow(result)).toBe(true);
	});

	it("keeps vendor text of non-OpenAI error bodies", async () => {
		server.mock.enqueue(
			{
				type: "raw",
				status: 404,
				headers: { "content-type": "application/json" },
				body: '{"error":"model \\"x\\" not found"}',
			},
			{ type: "raw", status: 400, headers: { "content-type": "application/json" }, body: '{"detail":"bad things"}' },
			{ type: "raw", status: 502, headers: { "content-type": "text/plain" }, body: "upstream down" },
		);
		expect((await collect(run())).result.errorMessage).toBe('404 model "x" not found');
		expect((await collect(run())).result.errorMessage).toBe("400 bad things");
		expect((await collect(run())).result.errorMessage).toBe("502 upstream down");
	});

	it("states a server-requested delay longer than maxRetryDelayMs", async () => {
		server.mock.enqueue(
			{ type: "error", status: 429, retryAfterSeconds: 120 },
			{ type: "error", status: 429, retryAfterSeconds: 120 },
		);
		expect((await collect(run({ apiKey: "k" }))).result.errorMessage).toMatch(
			/^429 .*retry delay of 120s, longer than maxRetryDelayMs/,
		);
		expect((await collect(run({ apiKey: "k", maxRetryDelayMs: 0 }))).result.errorMessage).not.toContain("longer than");
	});

	it("fails with the server's text when an error chunk arrives mid-stream, keeping the partial", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "abcdefgh", deltas: 4 }],
			streamError: { afterEvents: 3, message: "boom" },
		});
		const { events, result } = await collect(run());
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toBe("boom");
		// Three events: the role chunk, "ab", "cd".
		expect(result.content).toEqual([{ type: "text", text: "abcd" }]);
	});

	it("fails on a dropped connection", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "abcdefgh", deltas: 4 }], dropAfterEvents: 2 });
		const { events, result } = await collect(run());
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toMatch(/terminated|closed|Connection error/);
	});

	it("fails on a malformed chunk and on a stream that ends without a finish reason", async () => {
		server.mock.enqueue(
			{ type: "raw", body: sse({ id: "1", choices: [{ index: 0, delta: { content: "x" } }] }, "{not json") },
			{ type: "raw", body: sse({ id: "1", choices: [{ index: 0, delta: { content: "x" } }] }) },
		);
		const malformed = await collect(run());
		expect(malformed.result.stopReason).toBe("error");
		expect(malformed.result.errorMessage).toMatch(/^Invalid JSON in response stream/);
		const truncated = await collect(run());
		expect(truncated.result.stopReason).toBe("error");
		expect(truncated.result.errorMessage).toBe("Stream ended before the response was complete");
		expect(truncated.result.content).toEqual([{ type: "text", text: "x" }]);
	});

	it("sends no Authorization header for an empty (keyless) key", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		expect((await collect(run({ apiKey: "" }))).result.stopReason).toBe("stop");
		expect(server.mock.requests[0]?.headers).not.toHaveProperty("authorization");
	});

	it("fails without a request when the key is missing or the signal already aborted", async () => {
		const missing = await collect(run({}));
		expect(missing.result.stopReason).toBe("error");
		expect(missing.result.errorMessage).toContain("No API key");
		const controller = new AbortController();
		controller.abort();
		const aborted = await collect(run({ apiKey: "k", signal: controller.signal }));
		expect(aborted.events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(aborted.result).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(server.mock.requests).toHaveLength(0);
	});

	it("aborts mid-stream: no deltas after the abort, partial text and tool call kept", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "text", text: "hello world", deltas: 2 },
				{ type: "toolCall", name: "read", arguments: { path: "a.txt" }, deltas: 4 },
			],
			stallAfterEvents: 5,
		});
		const controller = new AbortController();
		const events: AssistantMessageEvent[] = [];
		const live = run({ apiKey: "k", signal: controller.signal });
		for await (const event of live) {
			events.push(event);
			if (event.type === "toolcall_delta") controller.abort();
		}
		const result = await live.result();
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(events.filter((event) => event.type === "toolcall_delta")).toHaveLength(1);
		expect(result).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(result.content[0]).toEqual({ type: "text", text: "hello world" });
		expect(result.content[1]).toMatchObject({ type: "toolCall", name: "read" });
	});
});
