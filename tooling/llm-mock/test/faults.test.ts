import { request as httpRequest } from "node:http";
import { describe, expect, it } from "vitest";
import type { MockReply } from "../src/types.js";
import { postJson, readUntil, useMockLlm } from "./support/mock-client.js";
import { parseSse } from "./support/sse.js";

const context = useMockLlm();
const anthropicStream = { model: "claude", stream: true };
const unicodeText = "Grüße, 世界! 😀🎉 naïve café — ünïcödé ✓";

function reply(overrides: Partial<MockReply> = {}): MockReply {
	return { type: "reply", blocks: [{ type: "text", text: unicodeText, deltas: 8 }], ...overrides };
}

/** Reads a response with node:http and returns the body chunks exactly as the socket delivered them. */
function rawChunks(url: string, path: string, body: unknown): Promise<Buffer[]> {
	return new Promise((resolve, reject) => {
		const outgoing = httpRequest(
			`${url}${path}`,
			{ method: "POST", headers: { "content-type": "application/json" } },
			(incoming) => {
				const chunks: Buffer[] = [];
				incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
				incoming.on("end", () => resolve(chunks));
				incoming.on("error", reject);
			},
		);
		outgoing.on("error", reject);
		outgoing.end(JSON.stringify(body));
	});
}

describe("faults", () => {
	it("splitEveryBytes delivers small pieces that reassemble to exactly the unsplit body", async () => {
		const { mock } = context;
		mock.enqueue(reply(), reply({ splitEveryBytes: 3 }), reply({ splitEveryBytes: 5 }));
		const whole = await (await postJson(mock, "/v1/chat/completions", { stream: true })).text();
		const pieces = await rawChunks(mock.url, "/v1/chat/completions", { stream: true });
		// Every piece is at most 3 bytes, so pieces necessarily cut multi-byte characters.
		expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(3);
		expect(pieces.some((piece) => new TextDecoder("utf-8", { fatal: false }).decode(piece).includes("\uFFFD"))).toBe(
			true,
		);
		const reassembled = Buffer.concat(pieces).toString("utf8");
		// Ids, timestamps and obfuscation differ per response; compare after normalising them.
		const normalise = (text: string) =>
			text
				.replace(/chatcmpl-\w+/g, "ID")
				.replace(/"created":\d+/g, "CREATED")
				.replace(/"obfuscation":"\w*"/g, "O");
		expect(normalise(reassembled)).toBe(normalise(whole));
		const viaFetch = await (await postJson(mock, "/v1/chat/completions", { stream: true })).text();
		const text = parseSse(viaFetch)
			.slice(0, -1)
			.map((event) => (JSON.parse(event.data).choices[0]?.delta.content as string | undefined) ?? "")
			.join("");
		expect(text).toBe(unicodeText);
	});

	it("dropAfterEvents delivers that many events, then the body read rejects", async () => {
		const { mock } = context;
		mock.enqueue(reply({ dropAfterEvents: 4 }));
		const response = await postJson(mock, "/v1/messages", anthropicStream);
		expect(response.status).toBe(200);
		const reader = response.body?.getReader();
		if (!reader) throw new Error("no body");
		const decoder = new TextDecoder();
		let text = "";
		const failure = await (async () => {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) return undefined;
				text += decoder.decode(value, { stream: true });
			}
		})().catch((error: unknown) => error);
		expect(failure).toBeInstanceOf(Error);
		expect(parseSse(text).map((event) => event.event)).toEqual([
			"message_start",
			"content_block_start",
			"ping",
			"content_block_delta",
		]);
	});

	it("dropAfterEvents: 0 sends headers only, then the body read rejects", async () => {
		context.mock.enqueue(reply({ dropAfterEvents: 0 }));
		const response = await postJson(context.mock, "/v1/responses", { stream: true });
		await expect(response.text()).rejects.toThrow();
	});

	it("stallAfterEvents keeps the connection open until the client aborts, and the server keeps serving", async () => {
		const { mock } = context;
		mock.enqueue(reply({ stallAfterEvents: 2 }), reply());
		const controller = new AbortController();
		const response = await postJson(mock, "/v1/messages", anthropicStream, { signal: controller.signal });
		const { text, reader } = await readUntil(response, (soFar) => parseSse(soFar).length >= 2);
		expect(parseSse(text)).toHaveLength(2);
		const pendingRead = reader.read();
		controller.abort();
		await expect(pendingRead).rejects.toThrow(/abort/i);
		const next = await (await postJson(mock, "/v1/messages", anthropicStream)).text();
		expect(parseSse(next).at(-1)?.event).toBe("message_stop");
	});

	it("resumeWhen writes the rest of a stalled reply once it settles, and only then", async () => {
		const { mock } = context;
		let resume!: () => void;
		mock.enqueue(reply({ stallAfterEvents: 2, resumeWhen: new Promise<void>((resolve) => (resume = resolve)) }));
		const response = await postJson(mock, "/v1/messages", anthropicStream);
		const { text, reader } = await readUntil(response, (soFar) => parseSse(soFar).length >= 2);
		expect(parseSse(text)).toHaveLength(2);
		let rest = "";
		let ended = false;
		const decoder = new TextDecoder();
		const drained = (async () => {
			for (;;) {
				const { done, value } = await reader.read();
				if (done) break;
				rest += decoder.decode(value, { stream: true });
			}
			ended = true;
		})();
		// A round trip to the server: had it written more, the reader would have it by now.
		await (await fetch(`${mock.url}/v1/models`)).text();
		expect(ended).toBe(false);
		expect(rest).toBe("");
		resume();
		await drained;
		const events = parseSse(text + rest);
		expect(events.at(-1)?.event).toBe("message_stop");
		expect(events.filter((event) => event.event === "content_block_delta")).toHaveLength(8);
	});

	it("close() ends a stalled stream instead of waiting for it", async () => {
		const { mock } = context;
		mock.enqueue(reply({ stallAfterEvents: 1 }));
		const response = await postJson(mock, "/v1/messages", anthropicStream);
		const { reader } = await readUntil(response, (soFar) => parseSse(soFar).length >= 1);
		const pendingRead = reader.read();
		await mock.close();
		await expect(pendingRead).rejects.toThrow();
	});

	it("chunkDelayMs still delivers every event in order", async () => {
		context.mock.enqueue(reply({ chunkDelayMs: 1 }));
		const events = parseSse(await (await postJson(context.mock, "/v1/messages", anthropicStream)).text());
		expect(events.at(0)?.event).toBe("message_start");
		expect(events.at(-1)?.event).toBe("message_stop");
		expect(events.filter((event) => event.event === "content_block_delta")).toHaveLength(8);
	});

	it("applies faults to non-streaming bodies as a single event", async () => {
		context.mock.enqueue(reply({ dropAfterEvents: 0 }));
		const response = await postJson(context.mock, "/v1/messages", { model: "claude" });
		await expect(response.json()).rejects.toThrow();
	});
});
