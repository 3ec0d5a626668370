import { describe, expect, it } from "vitest";
import { startMockLlm } from "../src/server.js";
import type { RecordedRequest } from "../src/types.js";
import { type ErrorEnvelope, postJson, readJson, useMockLlm } from "./support/mock-client.js";
import { sseJson } from "./support/sse.js";

const context = useMockLlm();

describe("startMockLlm", () => {
	it("listens on 127.0.0.1 with an ephemeral port", () => {
		expect(context.mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(context.mock.url).not.toMatch(/:0$/);
	});

	it("records method, path with query, lower-case headers and the parsed JSON body before answering", async () => {
		const { mock } = context;
		let seenDuringResponder: RecordedRequest[] = [];
		mock.enqueue((request) => {
			seenDuringResponder = [...mock.requests];
			return { type: "reply", blocks: [{ type: "text", text: `model=${(request.body as { model: string }).model}` }] };
		});
		const response = await postJson(
			mock,
			"/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=abc",
			{ model: "ignored", contents: [] },
			{ headers: { "X-Goog-Api-Key": "secret" } },
		);
		await response.text();
		expect(mock.requests).toHaveLength(1);
		const request = mock.requests[0];
		expect(request).toMatchObject({
			method: "POST",
			path: "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse&key=abc",
			body: { model: "ignored", contents: [] },
			api: "google-generative-ai",
		});
		expect(request?.headers["x-goog-api-key"]).toBe("secret");
		expect(request?.headers["content-type"]).toBe("application/json");
		expect(seenDuringResponder).toEqual([request]);
	});

	it("keeps non-JSON bodies as raw text", async () => {
		context.mock.enqueue({ type: "reply", blocks: [] });
		await (await fetch(`${context.mock.url}/v1/chat/completions`, { method: "POST", body: "not json {" })).text();
		expect(context.mock.requests[0]?.body).toBe("not json {");
	});

	it("routes by path suffix under any prefix", async () => {
		const { mock } = context;
		const paths = ["/chat/completions", "/openai/v1/responses", "/anthropic/v1/messages"];
		mock.enqueue(...paths.map(() => ({ type: "reply" as const, blocks: [] })));
		for (const path of paths) await (await postJson(mock, path, { stream: true })).text();
		expect(mock.requests.map((request) => request.api)).toEqual([
			"openai-completions",
			"openai-responses",
			"anthropic-messages",
		]);
	});

	it("answers an empty queue with a 500 in each vendor's shape", async () => {
		const { mock } = context;
		const anthropic = await readJson<ErrorEnvelope>(await postJson(mock, "/v1/messages", { stream: true }));
		expect(anthropic.error).toEqual({ type: "api_error", message: "llm-mock: no response queued" });
		const openai = await postJson(mock, "/v1/chat/completions", { stream: true });
		expect(openai.status).toBe(500);
		expect((await readJson<ErrorEnvelope>(openai)).error.message).toBe("llm-mock: no response queued");
		const google = await readJson<ErrorEnvelope>(
			await postJson(mock, "/v1beta/models/g:streamGenerateContent?alt=sse", {}),
		);
		expect(google.error).toMatchObject({ code: 500, status: "INTERNAL", message: "llm-mock: no response queued" });
		expect(mock.requests).toHaveLength(3);
	});

	it("serves the queue in order and reports pending; reset clears queue and requests in place", async () => {
		const { mock } = context;
		mock.enqueue(
			{ type: "reply", blocks: [{ type: "text", text: "one" }] },
			{ type: "reply", blocks: [{ type: "text", text: "two" }] },
		);
		expect(mock.pending()).toBe(2);
		const first = sseJson(await (await postJson(mock, "/v1/messages", { stream: true })).text());
		expect(first.find((event) => event.type === "content_block_delta")?.delta).toEqual({
			type: "text_delta",
			text: "one",
		});
		expect(mock.pending()).toBe(1);
		const requests = mock.requests;
		mock.reset();
		expect(mock.pending()).toBe(0);
		expect(requests).toBe(mock.requests);
		expect(requests).toHaveLength(0);
	});

	it("lets a responder choose by request and reports responder failures as llm-mock errors", async () => {
		const { mock } = context;
		mock.enqueue(
			(request) =>
				(request.body as { tools?: unknown[] }).tools
					? { type: "reply", blocks: [{ type: "toolCall", name: "t", arguments: {} }] }
					: { type: "error", status: 400 },
			() => {
				throw new Error("nope");
			},
			() => ({ type: "reply", blocks: [{ type: "bogus" }] }) as never,
		);
		const chosen = sseJson(await (await postJson(mock, "/v1/messages", { stream: true, tools: [{}] })).text());
		expect(chosen[1]?.content_block).toMatchObject({ type: "tool_use", name: "t" });
		const threw = await readJson<ErrorEnvelope>(await postJson(mock, "/v1/messages", { stream: true }));
		expect(threw.error.message).toBe("llm-mock: responder function threw: nope");
		const invalid = await readJson<ErrorEnvelope>(await postJson(mock, "/v1/messages", { stream: true }));
		expect(invalid.error.message).toMatch(
			/^llm-mock: invalid script entry: reply: blocks\[0\]: unknown block type "bogus"/,
		);
	});

	it("reports deltas that do not concatenate to the text", async () => {
		context.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "abc", deltas: ["a", "b"] }] });
		const body = await readJson<ErrorEnvelope>(await postJson(context.mock, "/v1/messages", { stream: true }));
		expect(body.error.message).toBe('llm-mock: blocks[0]: the strings in "deltas" do not concatenate to its text');
	});

	it("sends raw responses verbatim with the given status and headers", async () => {
		const body = 'event: message_stop\ndata: {"type":"message_stop"}\n\n';
		context.mock.enqueue({ type: "raw", status: 201, headers: { "X-Fixture": "yes" }, body });
		const response = await postJson(context.mock, "/v1/messages", { stream: true });
		expect(response.status).toBe(201);
		expect(response.headers.get("x-fixture")).toBe("yes");
		expect(response.headers.get("content-type")).toBe("text/event-stream");
		expect(await response.text()).toBe(body);
	});

	it("lists models OpenAI-style without consuming the queue", async () => {
		context.mock.enqueue({ type: "reply", blocks: [] });
		const body = await readJson<{ data: { id: string }[] }>(await fetch(`${context.mock.url}/v1/models`));
		expect(body).toEqual({
			object: "list",
			data: [
				{ id: "gpt-4o-mini", object: "model", created: expect.any(Number), owned_by: "llm-mock" },
				{ id: "claude-sonnet-4-5", object: "model", created: expect.any(Number), owned_by: "llm-mock" },
			],
		});
		expect(context.mock.pending()).toBe(1);
		expect(context.mock.requests[0]?.api).toBe("models");
	});

	it("answers unknown routes with 404 and records them", async () => {
		const response = await postJson(context.mock, "/v1/embeddings", {});
		expect(response.status).toBe(404);
		expect((await readJson<ErrorEnvelope>(response)).error.message).toBe("llm-mock: no route for POST /v1/embeddings");
		expect(context.mock.requests[0]?.api).toBe("unknown");
	});

	it("uses a configured model list and reports each request to onRequest", async () => {
		const seen: string[] = [];
		const mock = await startMockLlm({ models: ["a", "b"], onRequest: (request) => seen.push(request.path) });
		try {
			const body = await readJson<{ data: { id: string }[] }>(await fetch(`${mock.url}/models`));
			expect(body.data.map((model: { id: string }) => model.id)).toEqual(["a", "b"]);
			expect(seen).toEqual(["/models"]);
		} finally {
			await mock.close();
		}
	});
});
