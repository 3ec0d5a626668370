import type { MockErrorStatus } from "@pi/llm-mock";
import { describe, expect, it } from "vitest";
import { isContextOverflow } from "../../src/overflow.js";
import type { AssistantMessageEvent } from "../../src/types.js";
import { APIS_UNDER_TEST } from "./apis/index.js";
import { checkInvariants } from "./support/check-invariants.js";
import { API_KEY, askContext } from "./support/fixtures.js";
import { useMockLlm } from "./support/mock-server.js";
import { runStream } from "./support/run-stream.js";

const HTTP_ERRORS: { status: MockErrorStatus; retryAfterSeconds?: number }[] = [
	{ status: 400 },
	{ status: 401 },
	{ status: 403 },
	{ status: 404 },
	{ status: 413 },
	{ status: 429, retryAfterSeconds: 30 },
	{ status: 500 },
	{ status: 503 },
	{ status: 529 },
];

/** Event types after the first event of `type` (the one the test aborted on): ai.md §3.2 rule 9. */
function eventsAfterFirst(events: AssistantMessageEvent[], type: AssistantMessageEvent["type"]): string[] {
	return events.slice(events.findIndex((event) => event.type === type) + 1).map((event) => event.type);
}

describe.each(APIS_UNDER_TEST)("conformance: failures — $api", (api) => {
	const mock = useMockLlm();

	it("aborts mid-text: stopReason aborted, partial text kept, nothing after the terminal event", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "x".repeat(200), deltas: 20 }],
			stallAfterEvents: 6,
		});
		const controller = new AbortController();
		const run = await runStream(
			api.streamSimple(api.makeModel(mock().url), askContext("Talk"), { apiKey: API_KEY, signal: controller.signal }),
			(event) => {
				if (event.type === "text_delta") controller.abort();
			},
		);

		expect(run.thrown).toBeUndefined();
		expect(run.events.at(-1)).toMatchObject({ type: "error", reason: "aborted" });
		expect(run.result.stopReason).toBe("aborted");
		expect(run.result.errorMessage).toBe("Request was aborted");
		expect(run.result.content[0]).toMatchObject({ type: "text" });
		expect(run.result.content[0]?.type === "text" && run.result.content[0].text.length).toBeGreaterThan(0);
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(eventsAfterFirst(run.events, "text_delta")).toEqual(["text_end", "error"]);
	});

	it("aborts mid-tool-call and keeps the partial call", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", name: "write", arguments: { path: "a.txt", content: "y".repeat(300) }, deltas: 20 }],
			stallAfterEvents: 6,
		});
		const controller = new AbortController();
		const run = await runStream(
			api.streamSimple(api.makeModel(mock().url), askContext("Write"), { apiKey: API_KEY, signal: controller.signal }),
			(event) => {
				if (event.type === "toolcall_delta") controller.abort();
			},
		);

		expect(run.result.stopReason).toBe("aborted");
		expect(run.result.content[0]).toMatchObject({ type: "toolCall", name: "write" });
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
		expect(eventsAfterFirst(run.events, "toolcall_delta")).toEqual(["toolcall_end", "error"]);
	});

	it("ends at once without a request when the signal is already aborted", async () => {
		const controller = new AbortController();
		controller.abort();
		const run = await runStream(
			api.streamSimple(api.makeModel(mock().url), askContext("Hi"), { apiKey: API_KEY, signal: controller.signal }),
		);

		expect(run.thrown).toBeUndefined();
		expect(run.result.stopReason).toBe("aborted");
		expect(run.result.errorMessage).toBe("Request was aborted");
		expect(checkInvariants(run.events, { result: run.result, allowMissingStart: true })).toEqual([]);
		expect(mock().requests).toHaveLength(0);
	});

	it.each(HTTP_ERRORS)("reports HTTP $status with the vendor's status and text, never throwing", async (error) => {
		const vendorText = `Vendor says no (${error.status})`;
		mock().enqueue({ type: "error", ...error, message: vendorText });
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("Hi"), { apiKey: API_KEY }));

		expect(run.thrown).toBeUndefined();
		expect(run.result.stopReason).toBe("error");
		expect(run.events.at(-1)).toMatchObject({ type: "error", reason: "error" });
		for (const part of api.expectedErrorParts(error.status, vendorText))
			expect(run.result.errorMessage).toContain(part);
		if (error.retryAfterSeconds !== undefined) expect(run.result.errorMessage).toContain(`${error.retryAfterSeconds}s`);
		expect(checkInvariants(run.events, { result: run.result, allowMissingStart: true })).toEqual([]);
	});

	it("states a requested retry delay longer than maxRetryDelayMs", async () => {
		mock().enqueue({ type: "error", status: 429, retryAfterSeconds: 120 });
		const run = await runStream(
			api.streamSimple(api.makeModel(mock().url), askContext("Hi"), { apiKey: API_KEY, maxRetryDelayMs: 5000 }),
		);
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toMatch(/429/);
		expect(run.result.errorMessage).toContain("120s");
		expect(mock().requests).toHaveLength(1);
	});

	it("reports a connection dropped mid-stream as an error and keeps the partial content", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "z".repeat(100), deltas: 10 }],
			dropAfterEvents: 6,
		});
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("Talk"), { apiKey: API_KEY }));

		expect(run.thrown).toBeUndefined();
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toBeTruthy();
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
	});

	it("reports the vendor's in-stream error event", async () => {
		mock().enqueue({
			type: "reply",
			blocks: [{ type: "text", text: "w".repeat(60), deltas: 6 }],
			streamError: { afterEvents: 4, message: "Overloaded right now" },
		});
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("Talk"), { apiKey: API_KEY }));

		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toContain("Overloaded right now");
		expect(checkInvariants(run.events, { result: run.result })).toEqual([]);
	});

	it("detects context overflow from the vendor's overflow error and from a bodiless 400", async () => {
		mock().enqueue({ type: "error", status: 400, overflow: true }, { type: "error", status: 400, noBody: true });
		const model = api.makeModel(mock().url);
		const overflow = await runStream(api.streamSimple(model, askContext("Huge"), { apiKey: API_KEY }));
		const noBody = await runStream(api.streamSimple(model, askContext("Huge"), { apiKey: API_KEY }));

		expect(overflow.result.stopReason).toBe("error");
		expect(isContextOverflow(overflow.result, model.contextWindow)).toBe(true);
		expect(noBody.result.errorMessage).toMatch(/^400/);
		expect(isContextOverflow(noBody.result, model.contextWindow)).toBe(true);
	});

	it("fails with a clear message and no request when no API key is given", async () => {
		const run = await runStream(api.streamSimple(api.makeModel(mock().url), askContext("Hi"), {}));

		expect(run.thrown).toBeUndefined();
		expect(run.result.stopReason).toBe("error");
		expect(run.result.errorMessage).toMatch(/api key/i);
		expect(mock().requests).toHaveLength(0);
	});
});
