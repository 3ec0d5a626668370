import OpenAI, { APIError } from "openai";
import { Stream } from "openai/streaming";
import { describe, expect, it } from "vitest";
import { readOpenAIStreamItems } from "../../../src/providers/shared/openai-stream-items.js";

const encoder = new TextEncoder();

/** A response whose body is `pieces`, one read each, optionally failing after them. */
function responseOf(pieces: string[], options: { failWith?: unknown; onCancel?: () => void } = {}): Response {
	let next = 0;
	const body = new ReadableStream<Uint8Array>({
		pull(controller) {
			if (next < pieces.length) controller.enqueue(encoder.encode(pieces[next++]));
			else if (options.failWith !== undefined) controller.error(options.failWith);
			else controller.close();
		},
		cancel() {
			options.onCancel?.();
		},
	});
	return new Response(body, { headers: { "content-type": "text/event-stream", "x-request-id": "req_1" } });
}

/** Items (flattened) and the error, if any, of our reader. */
async function ours(response: Response): Promise<{ items: unknown[]; error?: unknown }> {
	const items: unknown[] = [];
	try {
		for await (const batch of readOpenAIStreamItems(response)) items.push(...batch);
	} catch (error) {
		return { items, error };
	}
	return { items };
}

// Passed to the SDK's Stream so that its console logging of bad JSON stays quiet.
const quietClient = new OpenAI({ apiKey: "unused", logLevel: "off" });

/** The same for the `openai` SDK's own `Stream`. */
async function sdk(response: Response): Promise<{ items: unknown[]; error?: unknown }> {
	const items: unknown[] = [];
	try {
		for await (const item of Stream.fromSSEResponse<unknown>(response, new AbortController(), quietClient))
			items.push(item);
	} catch (error) {
		return { items, error };
	}
	return { items };
}

async function both(pieces: string[]) {
	return { mine: await ours(responseOf(pieces)), theirs: await sdk(responseOf(pieces)) };
}

describe("readOpenAIStreamItems", () => {
	it("yields what the SDK's Stream yields: JSON items, thread.* events wrapped, nothing after [DONE]", async () => {
		const pieces = [
			'data: {"id":"c1","choices":[{"delta":{"content":"hé',
			'llo"}}]}\n\n: keep-alive\n\nevent: thread.message.delta\ndata: {"x":1}\n\n',
			"event: response.output_text.delta\r\n",
			'data: {"type":"response.output_text.delta","delta":"a"}\r\n\r\ndata: [DONE]\n\ndata: {"late":true}\n\n',
		];
		const { mine, theirs } = await both(pieces);
		expect(mine.error).toBeUndefined();
		expect(mine.items).toEqual([
			{ id: "c1", choices: [{ delta: { content: "héllo" } }] },
			{ event: "thread.message.delta", data: { x: 1 } },
			{ type: "response.output_text.delta", delta: "a" },
		]);
		expect(mine).toEqual(theirs);
	});

	it("yields one batch per read of the body", async () => {
		const batches: unknown[][] = [];
		const response = responseOf(['data: {"n":1}\n\ndata: {"n":2}\n\ndata: {"n', '":3}\n\n']);
		for await (const batch of readOpenAIStreamItems(response)) batches.push(batch);
		expect(batches).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 3 }]]);
	});

	it("throws the SDK's APIError (same message) for an item carrying error, after the items before it", async () => {
		const { mine, theirs } = await both([
			'data: {"n":1}\n\ndata: {"error":{"message":"Overloaded, try later","type":"server_error","code":"overloaded"}}\n\ndata: {"n":2}\n\n',
		]);
		expect(mine.items).toEqual([{ n: 1 }]);
		expect(mine.error).toBeInstanceOf(APIError);
		expect((mine.error as APIError).message).toBe("Overloaded, try later");
		expect((mine.error as APIError).message).toBe((theirs.error as APIError).message);
		expect((mine.error as APIError).headers?.get("x-request-id")).toBe("req_1");
		expect(mine.items).toEqual(theirs.items);
	});

	it("throws the same SyntaxError as the SDK for data that is not JSON", async () => {
		const { mine, theirs } = await both(['data: {"n":1}\n\ndata: {not json\n\n']);
		expect(mine.error).toBeInstanceOf(SyntaxError);
		expect((mine.error as Error).message).toBe((theirs.error as Error).message);
		expect(mine.items).toEqual([{ n: 1 }]);
	});

	it("ends quietly when a read is aborted, and passes other read errors on", async () => {
		const abort = new DOMException("This operation was aborted", "AbortError");
		expect(await ours(responseOf(['data: {"n":1}\n\n'], { failWith: abort }))).toEqual({ items: [{ n: 1 }] });
		const dropped = new TypeError("terminated");
		expect(await ours(responseOf(['data: {"n":1}\n\n'], { failWith: dropped }))).toEqual({
			items: [{ n: 1 }],
			error: dropped,
		});
	});

	it("cancels the body when the consumer stops early or an item fails", async () => {
		let cancelled = 0;
		const onCancel = () => {
			cancelled++;
		};
		for await (const _batch of readOpenAIStreamItems(responseOf(['data: {"n":1}\n\n', "data: {}\n\n"], { onCancel }))) {
			break;
		}
		expect(cancelled).toBe(1);
		await ours(responseOf(['data: {"error":{"message":"x"}}\n\n', "data: {}\n\n"], { onCancel }));
		expect(cancelled).toBe(2);
		await ours(responseOf(['data: {"n":1}\n\n'], { onCancel }));
		expect(cancelled).toBe(2);
	});

	it("rejects a response without a body with the SDK's text", async () => {
		const { error } = await ours(new Response(null));
		expect((error as Error).message).toBe("Attempted to iterate over a response with no body");
	});
});
