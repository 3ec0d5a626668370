import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import type { Readable } from "node:stream";
import { defaultEnv } from "../../env-api-keys.js";
import { NodeHttpBody, nodeHttpBodyStream } from "./node-http-body.js";
import { proxyAgentsFor, proxyUrlFor } from "./proxy-agent.js";

/**
 * A `fetch` for the vendor SDKs over `node:http`/`node:https`. Node's own fetch (undici) costs a
 * one-shot run ~75 ms of CPU on its first request — its dispatcher, HTTP/2 client and llhttp wasm
 * are compiled then — where `node:http` is already part of Node's start-up snapshot.
 *
 * It behaves as the global fetch does for what the SDKs send (a string or byte body, a plain http(s)
 * URL): the same default request headers, gzip/deflate/br bodies decoded, a connection failure
 * rejects with `TypeError: fetch failed` (cause: the socket error), a connection dropped mid-body
 * errors the body with `TypeError: terminated` (cause: `other side closed`), an abort rejects with
 * `signal.reason`. Anything else — a `Request` input, a stream/form body, a redirect — goes to the
 * global fetch unchanged.
 */
export async function nodeHttpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
	const url = typeof input === "string" ? safeUrl(input) : input instanceof URL ? input : undefined;
	const body = init?.body;
	if (
		url === undefined ||
		(url.protocol !== "http:" && url.protocol !== "https:") ||
		!(body === undefined || body === null || typeof body === "string" || body instanceof Uint8Array)
	) {
		return fetch(input, init);
	}
	const signal = init?.signal ?? undefined;
	if (signal?.aborted) throw signal.reason;
	const request = url.protocol === "https:" ? (await import("node:https")).request : httpRequest;
	const method = (init?.method ?? "GET").toUpperCase();
	const bytes = typeof body === "string" ? Buffer.from(body) : (body ?? undefined);
	const headers = requestHeaders(init?.headers, bytes);
	// HTTP(S)_PROXY / NO_PROXY (and the httpProxy setting, which sets them): a tunnel agent per proxy.
	const env = defaultEnv();
	const proxy = proxyUrlFor(url.href, env) ? await proxyAgentsFor(url.href, env) : undefined;
	if (signal?.aborted) throw signal.reason;

	const response = await new Promise<IncomingMessage>((resolve, reject) => {
		const options: RequestOptions = { method, headers };
		if (proxy) options.agent = url.protocol === "https:" ? proxy.https : proxy.http;
		const req = request(url, options, resolve);
		const onAbort = () => {
			req.destroy();
			reject(signal?.reason);
		};
		signal?.addEventListener("abort", onAbort, { once: true });
		req.once("response", () => signal?.removeEventListener("abort", onAbort));
		req.once("error", (error) => {
			signal?.removeEventListener("abort", onAbort);
			reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error }));
		});
		req.end(bytes);
	});

	const status = response.statusCode ?? 0;
	if (REDIRECTS.has(status) && response.headers.location !== undefined) {
		// Redirects (rare for API calls) keep fetch's exact following rules.
		response.destroy();
		return fetch(input, init);
	}
	const responseHeaders = new Headers();
	for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) {
		responseHeaders.append(response.rawHeaders[i] as string, response.rawHeaders[i + 1] as string);
	}
	const hasBody = method !== "HEAD" && !NULL_BODY.has(status);
	if (!hasBody) response.resume();
	return new Response(hasBody ? await bodyStream(response, signal) : null, {
		status,
		statusText: response.statusMessage ?? "",
		headers: responseHeaders,
	});
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function safeUrl(text: string): URL | undefined {
	try {
		return new URL(text);
	} catch {
		return undefined;
	}
}

/** The caller's headers plus the ones Node's fetch adds when they are missing. */
function requestHeaders(init: RequestInit["headers"], body: Uint8Array | undefined): Record<string, string> {
	const headers: Record<string, string> = {};
	for (const [name, value] of new Headers(init)) headers[name] = value;
	headers.accept ??= "*/*";
	headers["accept-language"] ??= "*";
	headers["sec-fetch-mode"] ??= "cors";
	headers["user-agent"] ??= "node";
	headers["accept-encoding"] ??= "gzip, deflate";
	if (body !== undefined) headers["content-length"] = String(body.byteLength);
	return headers;
}

/** The response body as a web stream, decoded as fetch decodes it; read from the socket only as fast as it is read. */
async function bodyStream(
	response: IncomingMessage,
	signal: AbortSignal | undefined,
): Promise<ReadableStream<Uint8Array>> {
	const encoding = response.headers["content-encoding"]?.trim().toLowerCase();
	let source: Readable = response;
	if (encoding === "gzip" || encoding === "x-gzip" || encoding === "deflate" || encoding === "br") {
		const zlib = await import("node:zlib");
		const flush = zlib.constants.Z_SYNC_FLUSH;
		const decoder =
			encoding === "br"
				? zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH })
				: encoding === "deflate"
					? zlib.createInflate({ flush, finishFlush: flush })
					: zlib.createGunzip({ flush, finishFlush: flush });
		response.pipe(decoder);
		response.once("error", (error) => decoder.destroy(error));
		source = decoder;
	}
	return nodeHttpBodyStream(new NodeHttpBody(response, source, signal));
}
