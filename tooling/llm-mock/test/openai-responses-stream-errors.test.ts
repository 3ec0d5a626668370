import { describe, expect, it } from "vitest";
import { useMockLlm } from "./support/mock-client.js";
import { responsesStreamEvents } from "./support/responses.js";

const context = useMockLlm();
const streamEvents = () => responsesStreamEvents(context.mock);

describe("openai-responses stream errors", () => {
	it("fails mid-stream with response.failed", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "x" }], streamError: { afterEvents: 2 } });
		const events = await streamEvents();
		expect(events.map((event) => event.type)).toEqual(["response.created", "response.in_progress", "response.failed"]);
		expect(events[2]?.response).toMatchObject({
			id: (events[0]?.response as { id?: string } | undefined)?.id,
			status: "failed",
			error: { code: "server_error" },
		});
	});

	it("gives response.failed the script's error code", async () => {
		// Recorded: vercel/ai openai-response-failed-only.1.chunks.txt (`response.error` {code, message}).
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "x" }],
			streamError: { afterEvents: 1, code: "rate_limit_exceeded", message: "Request too large." },
		});
		const events = await streamEvents();
		expect(events.map((event) => event.type)).toEqual(["response.created", "response.failed"]);
		expect((events[1]?.response as { error?: unknown } | undefined)?.error).toEqual({
			code: "rate_limit_exceeded",
			message: "Request too large.",
		});
	});

	it("fails mid-stream with the bare error event as recorded, then response.failed", async () => {
		// Recorded: vercel/ai openai-error.1.chunks.txt (gpt-5-nano, insufficient_quota).
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "x" }],
			streamError: { afterEvents: 2, responsesEvent: "error", code: "insufficient_quota", message: "No quota." },
		});
		const events = await streamEvents();
		expect(events.map((event) => event.type)).toEqual([
			"response.created",
			"response.in_progress",
			"error",
			"response.failed",
		]);
		expect(events[2]).toEqual({
			type: "error",
			sequence_number: 2,
			error: { type: "insufficient_quota", code: "insufficient_quota", message: "No quota.", param: null },
		});
		expect(events[3]?.response).toMatchObject({
			status: "failed",
			error: { code: "insufficient_quota", message: "No quota." },
		});
	});

	it("fails mid-stream with the flat error event the API reference documents", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "x" }],
			streamError: { afterEvents: 3, responsesEvent: "error-flat" },
		});
		const events = await streamEvents();
		expect(events.map((event) => event.type).slice(-2)).toEqual(["response.output_item.added", "error"]);
		expect(events.at(-1)).toEqual({
			type: "error",
			code: null,
			message: "An error occurred while processing the request.",
			param: null,
			sequence_number: 3,
		});
	});
});
