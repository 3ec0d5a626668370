import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { type NodeHttpBody, takeNodeHttpBody } from "../../../src/providers/shared/node-http-body.js";
import { nodeHttpFetch } from "../../../src/providers/shared/node-http-fetch.js";
import { readOpenAIStreamItems } from "../../../src/providers/shared/openai-stream-items.js";

let server: Server | undefined;

afterEach(async () => {
	const current = server;
	server = undefined;
	if (current) await new Promise((resolve) => current.close(resolve));
});

async function serve(handler: (res: ServerResponse) => void): Promise<string> {
	const started = createServer((_req, res) => handler(res));
	server = started;
	await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
}

async function drain(body: NodeHttpBody): Promise<string> {
	const pieces: Uint8Array[] = [];
	for (;;) {
		const chunk = await body.next();
		if (chunk === undefined) return Buffer.concat(pieces).toString("utf8");
		pieces.push(chunk);
	}
}

/** `count` SSE events written one per turn, as a vendor streams them. */
function streamEvents(count: number, end = true) {
	return (res: ServerResponse) => {
		res.writeHead(200, { "content-type": "text/event-stream" });
		let sent = 0;
		const next = () => {
			if (sent === count) {
				if (end) res.end("data: [DONE]\n\n");
				return;
			}
			res.write(`data: {"n":${sent++},"text":"é🌍"}\n\n`);
			setImmediate(next);
		};
		next();
	};
}

describe("takeNodeHttpBody", () => {
	it("hands over an unread body of nodeHttpFetch, once, and nothing else", async () => {
		const url = await serve((res) => res.end("hello"));
		const response = await nodeHttpFetch(url);
		const body = takeNodeHttpBody(response.body!);
		expect(body).toBeDefined();
		expect(takeNodeHttpBody(response.body!)).toBeUndefined();
		expect(await drain(body!)).toBe("hello");
		expect(takeNodeHttpBody(new ReadableStream())).toBeUndefined();
	});

	it("does not hand over a body already read or locked as a web stream", async () => {
		const url = await serve((res) => res.end("hello"));
		const read = await nodeHttpFetch(url);
		expect(await read.text()).toBe("hello");
		expect(takeNodeHttpBody(read.body!)).toBeUndefined();
		const locked = await nodeHttpFetch(url);
		const reader = locked.body!.getReader();
		expect(takeNodeHttpBody(locked.body!)).toBeUndefined();
		await reader.cancel();
	});

	it("reads all bytes in order, decoded (gzip)", async () => {
		const text = Array.from({ length: 3000 }, (_, index) => `line ${index} ü\n`).join("");
		const url = await serve((res) => {
			res.writeHead(200, { "content-encoding": "gzip" });
			res.end(gzipSync(text));
		});
		expect(await drain(takeNodeHttpBody((await nodeHttpFetch(url)).body!)!)).toBe(text);
	});

	it("fails like the web body: terminated (other side closed) on a drop, the signal's reason on abort", async () => {
		const dropUrl = await serve((res) => {
			res.writeHead(200, { "content-length": "100" });
			res.write("part");
			setImmediate(() => res.socket?.destroy());
		});
		const dropped = takeNodeHttpBody((await nodeHttpFetch(dropUrl)).body!)!;
		const error = (await drain(dropped).catch((caught: unknown) => caught)) as Error;
		expect(error.message).toBe("terminated");
		expect((error.cause as Error).message).toBe("other side closed");
		await new Promise((resolve) => server?.close(resolve));

		const stallUrl = await serve((res) => {
			res.writeHead(200);
			res.write("start");
		});
		const late = new AbortController();
		const stalled = takeNodeHttpBody((await nodeHttpFetch(stallUrl, { signal: late.signal })).body!)!;
		const reading = drain(stalled).catch((caught: unknown) => caught);
		late.abort();
		expect(((await reading) as Error).name).toBe("AbortError");
	});
});

describe("readOpenAIStreamItems over nodeHttpFetch", () => {
	it("yields the same items from the Node body as from the web body", async () => {
		const url = await serve(streamEvents(300));
		const items = async (response: Response) => {
			const all: unknown[] = [];
			for await (const batch of readOpenAIStreamItems(response)) all.push(...batch);
			return all;
		};
		const direct = await items(await nodeHttpFetch(url));
		const viaWeb = await nodeHttpFetch(url);
		// Through a second web stream, so the reader cannot take the Node body behind it.
		const web = await items(new Response(viaWeb.body!.pipeThrough(new TransformStream()), { headers: viaWeb.headers }));
		expect(direct).toHaveLength(300);
		expect(direct).toEqual(Array.from({ length: 300 }, (_, n) => ({ n, text: "é🌍" })));
		expect(web).toEqual(direct);
	});

	it("ends quietly on abort and closes the connection when the consumer stops early", async () => {
		let closed = 0;
		const url = await serve((res) => {
			res.on("close", () => closed++);
			streamEvents(1_000_000, false)(res);
		});
		const controller = new AbortController();
		let count = 0;
		for await (const batch of readOpenAIStreamItems(await nodeHttpFetch(url, { signal: controller.signal }))) {
			count += batch.length;
			if (count >= 5) controller.abort();
		}
		expect(count).toBeGreaterThanOrEqual(5);
		for await (const _batch of readOpenAIStreamItems(await nodeHttpFetch(url))) break;
		await new Promise<void>((resolve) => {
			const check = () => (closed === 2 ? resolve() : setImmediate(check));
			check();
		});
		expect(closed).toBe(2);
	});
});
