import { expect } from "vitest";
import type { MockLlm } from "../../src/types.js";
import { postJson } from "./mock-client.js";
import { parseSse } from "./sse.js";

/** One Responses stream event as the tests read it. */
export type ResponsesEvent = Record<string, unknown> & { type: string; sequence_number: number };

/**
 * POSTs a streaming `/v1/responses` request (model gpt-5 unless `body` says otherwise) and returns
 * its events, asserting that each SSE event name equals the payload type and that sequence numbers
 * count from 0 without gaps.
 */
export async function responsesStreamEvents(
	mock: MockLlm,
	body: Record<string, unknown> = {},
): Promise<ResponsesEvent[]> {
	const response = await postJson(mock, "/v1/responses", { model: "gpt-5", input: "hi", stream: true, ...body });
	expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
	const events = parseSse(await response.text());
	const parsed = events.map((event) => JSON.parse(event.data) as ResponsesEvent);
	events.forEach((event, index) => {
		expect(event.event).toBe(parsed[index]?.type);
		expect(parsed[index]?.sequence_number).toBe(index);
	});
	return parsed;
}
