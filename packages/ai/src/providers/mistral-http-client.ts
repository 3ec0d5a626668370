import { nodeHttpFetch } from "./shared/node-http-fetch.js";
import { vendorText } from "./shared/openai-error.js";

/** What the client's fetch saw: an in-stream error event's text, if the body carried one. */
export interface MistralStreamCapture {
	streamError?: string;
}

const ERROR_MARKER = Buffer.from('"error"');

/**
 * A fetch for the Mistral SDK that passes the response through unchanged and notes the text of an
 * in-stream `{"error": …}` event: the SDK rejects such an event with a bare schema error, and the
 * vendor's words are what the stream's `errorMessage` must keep (ai.md §9). A chunk is decoded only
 * when its bytes contain `"error"`, so ordinary streams pay one `indexOf` per read.
 */
export function capturingMistralFetch(capture: MistralStreamCapture): typeof fetch {
	return async (input, init) => {
		// The SDK hands over a Request; its parts go through nodeHttpFetch (node:http, proxy-aware).
		const request = input instanceof Request ? input : new Request(input, init);
		const body = request.body ? await request.text() : undefined;
		const response = await nodeHttpFetch(request.url, {
			method: request.method,
			headers: request.headers,
			body,
			signal: request.signal,
		});
		if (!response.ok || !response.body) return response;
		const scan = new TransformStream<Uint8Array, Uint8Array>({
			transform(chunk, controller) {
				if (Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).indexOf(ERROR_MARKER) !== -1) {
					noteError(new TextDecoder().decode(chunk), capture);
				}
				controller.enqueue(chunk);
			},
		});
		return new Response(response.body.pipeThrough(scan), {
			status: response.status,
			statusText: response.statusText,
			headers: response.headers,
		});
	};
}

function noteError(text: string, capture: MistralStreamCapture): void {
	for (const line of text.split("\n")) {
		if (!line.startsWith("data:")) continue;
		const data = line.slice(5).trim();
		if (data.includes('"error"')) capture.streamError ??= vendorText(data);
	}
}
