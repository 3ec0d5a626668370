import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_BODY_READ_BYTES } from "../../../src/providers/shared/node-http-body.js";
import { nodeHttpFetch } from "../../../src/providers/shared/node-http-fetch.js";

let server: Server | undefined;

afterEach(async () => {
	const current = server;
	server = undefined;
	if (current) await new Promise((resolve) => current.close(resolve));
});

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
	const started = createServer(handler);
	server = started;
	await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
}

describe("nodeHttpFetch", () => {
	it("sends what the global fetch sends and answers the same status, headers and body", async () => {
		const seen: { method?: string; headers: Record<string, unknown>; body: string }[] = [];
		const url = await serve((req, res) => {
			let body = "";
			req.on("data", (chunk) => {
				body += chunk;
			});
			req.on("end", () => {
				seen.push({ method: req.method, headers: req.headers, body });
				res.writeHead(201, "Made", { "x-one": "1", "content-type": "text/plain" });
				res.end("héllo");
			});
		});
		const init = { method: "post", headers: { "content-type": "application/json", "x-key": "k" }, body: '{"a":1}' };
		const ours = await nodeHttpFetch(`${url}/v1/x`, init);
		const theirs = await fetch(`${url}/v1/x`, init);
		for (const response of [ours, theirs]) {
			expect(response.status).toBe(201);
			expect(response.statusText).toBe("Made");
			expect(response.headers.get("x-one")).toBe("1");
		}
		expect(await ours.text()).toBe(await theirs.text());
		const [a, b] = seen;
		expect(a?.method).toBe("POST");
		expect(a?.body).toBe(b?.body);
		for (const name of [
			"content-type",
			"x-key",
			"accept",
			"accept-language",
			"sec-fetch-mode",
			"user-agent",
			"content-length",
		]) {
			expect(a?.headers[name], name).toBe(b?.headers[name]);
		}
	});

	it("reads a body in pieces of at most MAX_BODY_READ_BYTES, all bytes in order", async () => {
		const text = Array.from({ length: 5000 }, (_, index) => `line ${index}\n`).join("");
		const url = await serve((_req, res) => {
			res.writeHead(200, { "content-type": "text/event-stream" });
			res.end(text);
		});
		const response = await nodeHttpFetch(url);
		const reader = response.body!.getReader();
		const pieces: Uint8Array[] = [];
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			pieces.push(value);
		}
		expect(Math.max(...pieces.map((piece) => piece.byteLength))).toBeLessThanOrEqual(MAX_BODY_READ_BYTES);
		expect(Buffer.concat(pieces).toString("utf8")).toBe(text);
	});

	it("decodes a gzip body", async () => {
		const url = await serve((_req, res) => {
			res.writeHead(200, { "content-encoding": "gzip" });
			res.end(gzipSync("compressed text"));
		});
		expect(await (await nodeHttpFetch(url)).text()).toBe("compressed text");
	});

	it("answers a null body for 204", async () => {
		const url = await serve((_req, res) => {
			res.writeHead(204);
			res.end();
		});
		const response = await nodeHttpFetch(url);
		expect(response.status).toBe(204);
		expect(response.body).toBeNull();
	});

	it("rejects a refused connection as fetch does: TypeError fetch failed, the socket error as cause", async () => {
		const url = await serve(() => {});
		const current = server;
		server = undefined;
		await new Promise((resolve) => current?.close(resolve));
		const error = await nodeHttpFetch(url).catch((caught: unknown) => caught);
		expect(error).toBeInstanceOf(TypeError);
		expect((error as Error).message).toBe("fetch failed");
		expect(((error as Error).cause as Error).message).toMatch(/ECONNREFUSED/);
	});

	it("errors the body with `terminated (other side closed)` when the connection drops mid-body", async () => {
		const url = await serve((_req, res) => {
			res.writeHead(200, { "content-length": "100" });
			res.write("part");
			setImmediate(() => res.socket?.destroy());
		});
		const response = await nodeHttpFetch(url);
		const error = await response.text().catch((caught: unknown) => caught);
		expect((error as Error).message).toBe("terminated");
		expect(((error as Error).cause as Error).message).toBe("other side closed");
	});

	it("rejects with the signal's reason on abort, before and during the body", async () => {
		const url = await serve((_req, res) => {
			res.writeHead(200);
			res.write("start");
		});
		const early = new AbortController();
		const pending = nodeHttpFetch(url, { signal: early.signal });
		early.abort();
		expect(((await pending.catch((caught: unknown) => caught)) as Error).name).toBe("AbortError");

		const late = new AbortController();
		const response = await nodeHttpFetch(url, { signal: late.signal });
		const reading = response.text().catch((caught: unknown) => caught);
		late.abort();
		expect(((await reading) as Error).name).toBe("AbortError");
	});
});
