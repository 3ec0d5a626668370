import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { stream } from "../../src/providers/openai-codex-responses.js";
import type { Context, Model } from "../../src/types.js";
import { collect, useMockLlm } from "./openai-test-support.js";

// The Codex transports as pi 1.4 has them: WebSocket first ("auto", the default), SSE when no
// WebSocket can be opened; "sse" and "websocket" force one.

const server = useMockLlm();
const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };
const JWT = [
	"e30",
	Buffer.from(JSON.stringify({ "https://api.openai.com/auth": { chatgpt_account_id: "acct_1" } })).toString(
		"base64url",
	),
	"sig",
].join(".");

function codexModel(baseUrl: string): Model {
	return {
		id: "gpt-5.4",
		name: "GPT-5.4 (mock)",
		api: "openai-codex-responses",
		provider: "openai-codex",
		baseUrl,
		reasoning: true,
		input: ["text"],
		cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
		contextWindow: 400_000,
		maxTokens: 128_000,
	};
}

let front: Server | undefined;
afterEach(() => {
	front?.close();
	front = undefined;
});

/** A server in front of the mock that refuses WebSocket upgrades with 426 and relays plain requests. */
async function withoutWebSocket(target: string): Promise<string> {
	const upstream = new URL(target);
	front = createServer((incoming, response) => {
		const relay = httpRequest(
			{
				host: upstream.hostname,
				port: upstream.port,
				path: incoming.url,
				method: incoming.method,
				headers: incoming.headers,
			},
			(answer) => {
				response.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(response);
			},
		);
		incoming.pipe(relay);
	});
	front.on("upgrade", (_incoming, socket) => socket.end("HTTP/1.1 426 Upgrade Required\r\ncontent-length: 0\r\n\r\n"));
	await new Promise<void>((resolve) => front!.listen(0, "127.0.0.1", resolve));
	return `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}

describe("openai-codex-responses transports", () => {
	it("speaks WebSocket by default: one response.create message, the reply's events back", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "over ws" }], usage: { input: 7, output: 3 } });
		const { result } = await collect(stream(codexModel(server.mock.url), context, { apiKey: JWT }));
		expect(result.stopReason).toBe("stop");
		expect(result.content).toEqual([expect.objectContaining({ type: "text", text: "over ws" })]);
		expect(result.usage).toMatchObject({ input: 7, output: 3, reasoning: 0 });
		expect(server.mock.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			"GET /codex/responses",
		]);
		expect(server.mock.requests[0]?.body).toMatchObject({ type: "response.create" });
		expect(server.mock.requests[0]?.headers["chatgpt-account-id"]).toBe("acct_1");
	});

	it("sends the whole body over the socket as pi 1.4 does: stream true, tools with strict null", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
		const tool = { name: "read", description: "Read a file", parameters: { type: "object", properties: {} } };
		const withTools = { ...context, tools: [tool] } as unknown as Context;
		const { result } = await collect(stream(codexModel(server.mock.url), withTools, { apiKey: JWT }));
		expect(result.stopReason).toBe("stop");
		expect(server.mock.requests[0]?.body).toMatchObject({
			type: "response.create",
			stream: true,
			tools: [{ type: "function", name: "read", strict: null }],
		});
	});

	it("falls back to SSE when the endpoint refuses the upgrade (auto)", async () => {
		const url = await withoutWebSocket(server.mock.url);
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "over sse" }] });
		const { result } = await collect(stream(codexModel(url), context, { apiKey: JWT }));
		expect(result.content).toEqual([expect.objectContaining({ type: "text", text: "over sse" })]);
		expect(server.mock.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
			"POST /codex/responses",
		]);
	});

	it("fails with transport websocket when the upgrade is refused, never throwing", async () => {
		const url = await withoutWebSocket(server.mock.url);
		const { result } = await collect(stream(codexModel(url), context, { apiKey: JWT, transport: "websocket" }));
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toMatch(/^426 /);
		expect(server.mock.requests).toHaveLength(0);
	});

	it("sends a vendor error message's status and text (a 429 stays retryable)", async () => {
		server.mock.enqueue({ type: "error", status: 429 });
		const { result } = await collect(stream(codexModel(server.mock.url), context, { apiKey: JWT }));
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toMatch(/^429 .*Rate limit reached/);
	});

	it("uses SSE only with transport sse", async () => {
		server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "sse" }] });
		await collect(stream(codexModel(server.mock.url), context, { apiKey: JWT, transport: "sse" }));
		expect(server.mock.requests[0]?.method).toBe("POST");
	});
});
