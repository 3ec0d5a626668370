import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { createIdFactory, type IdFactory } from "./internal/id-factory.js";
import { planResponse } from "./internal/plan-response.js";
import { readRequest } from "./internal/read-request.js";
import { refineRoute, routeRequest } from "./internal/route-request.js";
import { acceptWebSocket } from "./internal/websocket.js";
import { jsonPlan, type WirePlan } from "./internal/wire-plan.js";
import { writePlan } from "./internal/write-plan.js";
import type { MockLlm, MockLlmOptions, MockResponse, RecordedRequest } from "./types.js";
import type { RenderContext } from "./vendors/vendor-renderer.js";

const DEFAULT_MODELS = ["gpt-4o-mini", "claude-sonnet-4-5"];

/** Mutable state of one running mock, shared by the request handler and the returned handle. */
interface MockState {
	queue: MockResponse[];
	requests: RecordedRequest[];
	ids: IdFactory;
	models: string[];
	onRequest: ((request: RecordedRequest) => void) | undefined;
}

/**
 * Starts the mock on a loopback port (default: an ephemeral one). Every request is recorded, then
 * answered from the queue in the wire format of its route; an empty queue answers a 500 in the
 * vendor's error shape saying "llm-mock: no response queued". Rejects if the port cannot be bound.
 */
export async function startMockLlm(options: MockLlmOptions = {}): Promise<MockLlm> {
	const state: MockState = {
		queue: [],
		requests: [],
		ids: createIdFactory(),
		models: options.models ?? DEFAULT_MODELS,
		onRequest: options.onRequest,
	};
	const server = createServer((incoming, response) => {
		handleRequest(state, incoming, response).catch((error: unknown) => answerInternalError(response, error));
	});
	server.on("upgrade", (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
		handleWebSocket(state, incoming, socket, head).catch(() => socket.destroy());
	});
	const url = await listen(server, options.port ?? 0, options.host ?? "127.0.0.1");
	let closing: Promise<void> | undefined;
	return {
		url,
		enqueue: (...responses) => {
			state.queue.push(...responses);
		},
		requests: state.requests,
		pending: () => state.queue.length,
		reset: () => {
			state.queue.length = 0;
			state.requests.length = 0;
		},
		close: () => {
			closing ??= new Promise<void>((resolve, reject) => {
				server.close((error) => (error ? reject(error) : resolve()));
				// Stalled streams never end by themselves; close() must not wait for them.
				server.closeAllConnections();
			});
			return closing;
		},
	};
}

async function handleRequest(state: MockState, incoming: IncomingMessage, response: ServerResponse): Promise<void> {
	const pathRoute = routeRequest(incoming.method ?? "GET", incoming.url ?? "/");
	const request = await readRequest(incoming, pathRoute.api);
	const route = refineRoute(pathRoute, request.body);
	request.api = route.api;
	state.requests.push(request);
	state.onRequest?.(request);
	if (route.api === "models") return writePlan(response, modelsPlan(state.models), {});
	if (route.api === "unknown") return writePlan(response, notFoundPlan(request), {});
	const context: RenderContext = {
		request,
		body: isRecord(request.body) ? request.body : {},
		route,
		ids: state.ids,
		now: Math.floor(Date.now() / 1000),
	};
	const planned = planResponse(state.queue.shift(), route.api, context);
	await writePlan(response, planned.plan, planned.faults);
}

/**
 * OpenAI Responses over WebSocket (the ChatGPT Codex endpoint, `…/responses`): the client sends
 * `{"type":"response.create", …body}`; each queued answer is sent as the same events the SSE
 * route streams, one JSON text message per event. An HTTP error is an `error` message carrying
 * `status` and the vendor's error object; `dropAfterEvents` drops the connection.
 */
async function handleWebSocket(
	state: MockState,
	incoming: IncomingMessage,
	socket: Duplex,
	head: Buffer,
): Promise<void> {
	const route = routeRequest("POST", incoming.url ?? "/");
	if (route.api !== "openai-responses") {
		socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n");
		return;
	}
	const connection = acceptWebSocket(incoming, socket, head);
	for (let text = await connection.nextMessage(); text !== undefined; text = await connection.nextMessage()) {
		let message: Record<string, unknown>;
		try {
			message = JSON.parse(text) as Record<string, unknown>;
		} catch {
			connection.send(JSON.stringify({ type: "error", status: 400, error: { message: "llm-mock: invalid JSON" } }));
			continue;
		}
		const { type: _type, ...body } = message;
		const request: RecordedRequest = {
			method: "GET",
			path: incoming.url ?? "/",
			headers: Object.fromEntries(
				Object.entries(incoming.headers).map(([name, value]) => [
					name,
					Array.isArray(value) ? value.join(", ") : String(value),
				]),
			),
			body: message,
			api: "openai-responses",
		};
		state.requests.push(request);
		state.onRequest?.(request);
		const context: RenderContext = {
			request,
			body: { ...body, stream: true },
			route,
			ids: state.ids,
			now: Math.floor(Date.now() / 1000),
		};
		const planned = planResponse(state.queue.shift(), route.api, context);
		if (planned.plan.status !== 200) {
			const frame = planned.plan.frames[0];
			const parsed = typeof frame === "string" && frame !== "" ? (JSON.parse(frame) as { error?: unknown }) : {};
			connection.send(JSON.stringify({ type: "error", status: planned.plan.status, error: parsed.error ?? parsed }));
			continue;
		}
		for (const [index, frame] of planned.plan.frames.entries()) {
			if (index === planned.faults.dropAfterEvents) {
				connection.destroy();
				return;
			}
			const data = typeof frame === "string" ? /^data: (.*)$/m.exec(frame)?.[1] : undefined;
			if (data !== undefined) connection.send(data);
		}
	}
	connection.close();
}

/** A bug in the mock itself: answer 500 if still possible; the server keeps serving other requests. */
function answerInternalError(response: ServerResponse, error: unknown): void {
	const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
	if (response.headersSent) {
		response.destroy();
		return;
	}
	response.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
	response.end(`llm-mock internal error: ${message}`);
}

function listen(server: Server, port: number, host: string): Promise<string> {
	return new Promise((resolve, reject) => {
		server.once("error", reject);
		server.listen(port, host, () => {
			server.off("error", reject);
			const address = server.address() as AddressInfo;
			const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
			resolve(`http://${urlHost}:${address.port}`);
		});
	});
}

function modelsPlan(models: string[]): WirePlan {
	const data = models.map((id) => ({ id, object: "model", created: 1_700_000_000, owned_by: "llm-mock" }));
	return jsonPlan(200, { "content-type": "application/json" }, JSON.stringify({ object: "list", data }));
}

function notFoundPlan(request: RecordedRequest): WirePlan {
	const message = `llm-mock: no route for ${request.method} ${request.path}`;
	const body = { error: { message, type: "invalid_request_error", param: null, code: "unknown_url" } };
	return jsonPlan(404, { "content-type": "application/json" }, JSON.stringify(body));
}

function isRecord(value: unknown): value is Record<string, unknown> {
	return value !== null && typeof value === "object" && !Array.isArray(value);
}
