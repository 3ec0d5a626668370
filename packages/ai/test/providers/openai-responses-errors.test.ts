import { describe, expect, it } from "vitest";
import { isContextOverflow } from "../../src/overflow.js";
import { stream } from "../../src/providers/openai-responses.js";
import type { AssistantMessageEvent, Context } from "../../src/types.js";
import { checkInvariants } from "../conformance/support/check-invariants.js";
import { collect, mockModel, useMockLlm } from "./openai-test-support.js";

const server = useMockLlm();
const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };

function run(options: Parameters<typeof stream>[2] = { apiKey: "k" }) {
	return stream(mockModel("openai-responses", server.mock.url), context, options);
}

describe("openai-responses failures", () => {
	it("keeps status and vendor text of HTTP errors; empty 400 and overflow are detected", async () => {
		server.mock.enqueue(
			{ type: "error", status: 500 },
			{ type: "error", status: 400, noBody: true },
			{ type: "error", status: 400, overflow: true },
		);
		const failed = await collect(run());
		expect(checkInvariants(failed.events, { result: failed.result })).toEqual([]);
		expect(failed.result.errorMessage).toBe(
			"500 The server had an error while processing your request. Sorry about that!",
		);
		const noBody = await collect(run());
		expect(noBody.result.errorMessage).toBe("400 status code (no body)");
		expect(isContextOverflow(noBody.result)).toBe(true);
		const overflow = await collect(run());
		expect(overflow.result.errorMessage).toContain("exceeds the context window");
		expect(isContextOverflow(overflow.result)).toBe(true);
	});

	it("fails with the message of response.failed, keeping the partial", async () => {
		server.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "abcdef", deltas: 3 }],
			streamError: { afterEvents: 6, message: "upstream exploded" },
		});
		const { events, result } = await collect(run());
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toBe("server_error: upstream exploded");
		// Six events: created, in_progress, output_item.added, content_part.added, "ab", "cd".
		expect(result.content).toEqual([{ type: "text", text: "abcd" }]);
	});

	it("fails with the text of an error event", async () => {
		server.mock.enqueue({
			type: "raw",
			body: 'event: error\ndata: {"type":"error","code":"rate_limit_exceeded","message":"Slow down","param":null,"sequence_number":0}\n\n',
		});
		const { result } = await collect(run());
		expect(result).toMatchObject({ stopReason: "error", errorMessage: "rate_limit_exceeded: Slow down" });
	});

	it("fails on a dropped connection and on a stream without a terminal event", async () => {
		server.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "abcdef", deltas: 3 }], dropAfterEvents: 5 },
			{
				type: "raw",
				body: 'event: response.created\ndata: {"type":"response.created","sequence_number":0,"response":{"id":"r","status":"in_progress","output":[]}}\n\n',
			},
		);
		const dropped = await collect(run());
		expect(dropped.result.stopReason).toBe("error");
		expect(dropped.result.errorMessage).toMatch(/terminated|closed|Connection error/);
		const truncated = await collect(run());
		expect(truncated.result).toMatchObject({
			stopReason: "error",
			errorMessage: "Stream ended before the response was complete",
		});
	});

	it("aborts before the request and mid-stream", async () => {
		const early = new AbortController();
		early.abort();
		expect((await collect(run({ apiKey: "k", signal: early.signal }))).result.stopReason).toBe("aborted");
		expect(server.mock.requests).toHaveLength(0);

		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "abcdef", deltas: 3 }], stallAfterEvents: 5 });
		const controller = new AbortController();
		const live = run({ apiKey: "k", signal: controller.signal });
		const events: AssistantMessageEvent[] = [];
		for await (const event of live) {
			events.push(event);
			if (event.type === "text_delta") controller.abort();
		}
		const result = await live.result();
		expect(checkInvariants(events, { result })).toEqual([]);
		expect(result).toMatchObject({
			stopReason: "aborted",
			errorMessage: "Request was aborted",
			content: [{ type: "text", text: "ab" }],
		});
	});
});
