import type { ResponseStreamEvent } from "openai/resources/responses/responses";
import { defaultEnv } from "../env-api-keys.js";
import { codexWebSocketUrl } from "./openai-codex-request.js";
import { processResponsesStream } from "./openai-responses-process-stream.js";
import type { AssistantMessageBuilder } from "./shared/assistant-message-builder.js";
import { vendorText } from "./shared/openai-error.js";
import { proxyAgentsFor } from "./shared/proxy-agent.js";

/** The beta flag the Codex endpoint needs for Responses over WebSocket. */
const WEBSOCKET_BETA = "responses_websockets=2026-02-06";

/**
 * The WebSocket could not be used at all (no connection, or an endpoint without WebSocket
 * support answered the upgrade with 404/405/426) and nothing was streamed: with transport
 * "auto" the request goes again over SSE.
 */
export class CodexWebSocketUnavailableError extends Error {}

/** Upgrade answers that mean "no WebSocket here", not a failed request. */
const NO_WEBSOCKET_STATUS = new Set([404, 405, 426]);

/** Terminal Responses events: the socket is done after one of them. */
const TERMINAL = new Set(["response.completed", "response.done", "response.incomplete", "response.failed"]);

/**
 * Sends one `response.create` over a WebSocket (the `ws` package, loaded on first use) and feeds
 * the JSON messages that come back, each a Responses stream event, to `processResponsesStream`.
 * A refused upgrade throws `<status> <vendor text>`; an `error` message throws its code and text;
 * a socket that closes before a terminal event throws; a socket that never opened throws
 * `CodexWebSocketUnavailableError`. The socket is closed when the reply ends,
 * fails or `signal` fires.
 */
export async function streamCodexOverWebSocket(
	baseUrl: string,
	apiKey: string,
	headers: Record<string, string> | undefined,
	params: Record<string, unknown>,
	builder: AssistantMessageBuilder,
	signal: AbortSignal | undefined,
): Promise<void> {
	const wsModule = await import("ws");
	// `ws` is CommonJS: Node gives its class as `default`; a bundle may nest it once more.
	const WebSocket = (wsModule.default as unknown as { default?: typeof wsModule.default }).default ?? wsModule.default;
	const url = codexWebSocketUrl(baseUrl);
	const proxy = await proxyAgentsFor(url.replace(/^ws/, "http"), defaultEnv());
	const socket = new WebSocket(url, {
		...(proxy ? { agent: url.startsWith("wss:") ? proxy.https : proxy.http } : {}),
		headers: { ...headers, Authorization: `Bearer ${apiKey}`, "OpenAI-Beta": WEBSOCKET_BETA },
	});
	const queue: ResponseStreamEvent[] = [];
	let failure: Error | undefined;
	let finished = false;
	let wake: (() => void) | undefined;
	let opened = false;
	const notify = (): void => {
		wake?.();
		wake = undefined;
	};
	const stop = (error?: Error): void => {
		if (finished) return;
		failure ??= error;
		finished = true;
		notify();
	};
	const onAbort = (): void => {
		socket.terminate();
		stop(new Error("Request was aborted"));
	};
	signal?.addEventListener("abort", onAbort, { once: true });
	socket.on("unexpected-response", (_request, response) => {
		let body = "";
		response.setEncoding("utf8");
		response.on("data", (chunk: string) => {
			body += chunk;
		});
		response.on("end", () => {
			const text = `${response.statusCode} ${vendorText(body) || response.statusMessage}`;
			const unavailable = NO_WEBSOCKET_STATUS.has(response.statusCode ?? 0);
			stop(unavailable ? new CodexWebSocketUnavailableError(text) : new Error(text));
		});
	});
	socket.on("open", () => {
		opened = true;
		// The whole body, `stream: true` included, as pi 1.4 sends it over the socket.
		socket.send(JSON.stringify({ type: "response.create", ...params }));
	});
	socket.on("message", (data) => {
		let event: { type?: unknown; error?: { code?: string; message?: string }; status?: number };
		try {
			event = JSON.parse(String(data)) as typeof event;
		} catch {
			stop(new Error(`Invalid JSON in Codex WebSocket message: ${String(data).slice(0, 200)}`));
			return;
		}
		if (event.type === "error") {
			const status = event.status ? `${event.status} ` : "";
			stop(new Error(`${status}${event.error?.code ?? "error"}: ${event.error?.message ?? JSON.stringify(event)}`));
			return;
		}
		queue.push(event as ResponseStreamEvent);
		if (typeof event.type === "string" && TERMINAL.has(event.type)) finished = true;
		notify();
	});
	socket.on("error", (error) =>
		stop(opened ? error : new CodexWebSocketUnavailableError(error.message || "Codex WebSocket connection failed")),
	);
	socket.on("close", () =>
		stop(finished ? undefined : new Error("Codex WebSocket closed before the response was complete")),
	);

	async function* batches(): AsyncGenerator<ResponseStreamEvent[]> {
		while (true) {
			if (queue.length > 0) {
				yield queue.splice(0);
				continue;
			}
			if (finished) return;
			await new Promise<void>((resolve) => {
				wake = resolve;
			});
		}
	}
	try {
		try {
			await processResponsesStream(batches(), builder);
		} catch (error) {
			// The socket's own failure says more than "the stream ended early" (and keeps its class).
			throw failure ?? error;
		}
		if (failure) throw failure;
	} finally {
		signal?.removeEventListener("abort", onAbort);
		if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
	}
}
