import type { IncomingMessage } from "node:http";
import type { RecordedRequest } from "../types.js";

/** Reads the whole request body and builds the record kept in `MockLlm.requests`. */
export async function readRequest(request: IncomingMessage, api: RecordedRequest["api"]): Promise<RecordedRequest> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) {
		chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
	}
	const text = Buffer.concat(chunks).toString("utf8");
	return {
		method: request.method ?? "GET",
		path: request.url ?? "/",
		headers: lowerCaseHeaders(request.headers),
		body: parseBody(text),
		api,
	};
}

function lowerCaseHeaders(headers: IncomingMessage["headers"]): Record<string, string> {
	const result: Record<string, string> = {};
	for (const [name, value] of Object.entries(headers)) {
		if (value === undefined) continue;
		result[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
	}
	return result;
}

function parseBody(text: string): unknown {
	if (text.trim() === "") return text;
	try {
		return JSON.parse(text);
	} catch {
		// Not JSON: keep the raw text so tests can still assert on what was sent.
		return text;
	}
}
