import { crc32 } from "node:zlib";
import { describe, expect, it } from "vitest";
import { postJson, useMockLlm } from "./support/mock-client.js";

const context = useMockLlm();
const PATH = "/model/anthropic.claude-haiku-4-5-20251001-v1%3A0/converse-stream";

interface Frame {
	headers: Record<string, string>;
	payload: Record<string, unknown>;
}

/** Decodes AWS event-stream frames, checking both CRCs (independent of the mock's encoder). */
function decodeFrames(bytes: Buffer): Frame[] {
	const frames: Frame[] = [];
	let offset = 0;
	while (offset < bytes.length) {
		const total = bytes.readUInt32BE(offset);
		const headersLength = bytes.readUInt32BE(offset + 4);
		expect(bytes.readUInt32BE(offset + 8)).toBe(crc32(bytes.subarray(offset, offset + 8)));
		expect(bytes.readUInt32BE(offset + total - 4)).toBe(crc32(bytes.subarray(offset, offset + total - 4)));
		const headers: Record<string, string> = {};
		let at = offset + 12;
		while (at < offset + 12 + headersLength) {
			const nameLength = bytes.readUInt8(at);
			const name = bytes.subarray(at + 1, at + 1 + nameLength).toString("utf8");
			expect(bytes.readUInt8(at + 1 + nameLength)).toBe(7);
			const valueLength = bytes.readUInt16BE(at + 2 + nameLength);
			headers[name] = bytes.subarray(at + 4 + nameLength, at + 4 + nameLength + valueLength).toString("utf8");
			at += 4 + nameLength + valueLength;
		}
		const payload = JSON.parse(bytes.subarray(at, offset + total - 4).toString("utf8")) as Record<string, unknown>;
		frames.push({ headers, payload });
		offset += total;
	}
	return frames;
}

describe("bedrock-converse-stream", () => {
	it("streams text, reasoning and a tool call as event-stream frames with valid CRCs", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [
				{ type: "thinking", text: "Think", signature: "sig", deltas: 1 },
				{ type: "text", text: "Hello", deltas: ["Hel", "lo"] },
				{ type: "toolCall", id: "tooluse_1", name: "read", arguments: { path: "a" }, deltas: 2 },
			],
			usage: { input: 12, output: 7, cacheRead: 3 },
		});
		const response = await postJson(context.mock, PATH, { messages: [] });
		expect(response.headers.get("content-type")).toBe("application/vnd.amazon.eventstream");
		const frames = decodeFrames(Buffer.from(await response.arrayBuffer()));
		expect(frames.every((frame) => frame.headers[":message-type"] === "event")).toBe(true);
		expect(frames.map((frame) => frame.headers[":event-type"])).toEqual([
			"messageStart",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockStop",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockStop",
			"contentBlockStart",
			"contentBlockDelta",
			"contentBlockDelta",
			"contentBlockStop",
			"messageStop",
			"metadata",
		]);
		expect(frames[2]?.payload).toMatchObject({
			contentBlockIndex: 0,
			delta: { reasoningContent: { signature: "sig" } },
		});
		expect(frames[7]?.payload).toMatchObject({ start: { toolUse: { toolUseId: "tooluse_1", name: "read" } } });
		expect(frames[11]?.payload).toMatchObject({ stopReason: "tool_use" });
		expect(frames[12]?.payload).toMatchObject({
			usage: { inputTokens: 12, outputTokens: 7, cacheReadInputTokens: 3, totalTokens: 22 },
		});
		expect(context.mock.requests[0]?.api).toBe("bedrock-converse-stream");
	});

	it("ends a stream with a modelled exception and answers HTTP errors with x-amzn-errortype", async () => {
		context.mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "Hi" }], streamError: { afterEvents: 1, message: "Slow down" } },
			{ type: "error", status: 429 },
		);
		const frames = decodeFrames(Buffer.from(await (await postJson(context.mock, PATH, {})).arrayBuffer()));
		expect(frames.at(-1)?.headers).toMatchObject({
			":message-type": "exception",
			":exception-type": "internalServerException",
		});
		expect(frames.at(-1)?.payload).toEqual({ message: "Slow down" });
		const error = await postJson(context.mock, PATH, {});
		expect(error.status).toBe(429);
		expect(error.headers.get("x-amzn-errortype")).toMatch(/^ThrottlingException:/);
		expect(await error.json()).toEqual({ message: "Too many requests, please wait before trying again." });
	});
});

describe("pi-messages", () => {
	it("tells pi-messages from Anthropic by the body and streams pi events ending with done", async () => {
		context.mock.enqueue({
			type: "reply",
			blocks: [{ type: "toolCall", id: "call_1", name: "read", arguments: '{"path":"a"}', deltas: 1 }],
		});
		const response = await postJson(context.mock, "/v1/messages", { model: "balanced", context: { messages: [] } });
		const events = (await response.text())
			.split("\n\n")
			.filter((event) => event.startsWith("data: "))
			.map((event) => JSON.parse(event.slice(6)) as Record<string, unknown>);
		expect(events.map((event) => event.type)).toEqual([
			"start",
			"toolcall_start",
			"toolcall_delta",
			"toolcall_end",
			"done",
		]);
		expect(events[1]).toMatchObject({ id: "call_1", toolName: "read" });
		expect(events.at(-1)).toMatchObject({ reason: "toolUse", usage: { input: 10 } });
		expect(context.mock.requests[0]?.api).toBe("pi-messages");
	});
});
