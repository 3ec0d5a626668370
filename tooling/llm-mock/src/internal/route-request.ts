import type { RecordedRequest } from "../types.js";

/** What a request path asks for. */
export interface Route {
	api: RecordedRequest["api"];
	/** Google: the model named in the path (`models/{model}:…`). */
	pathModel: string | undefined;
	/** Google: `:streamGenerateContent` (true) or `:generateContent` (false). */
	googleStreaming: boolean;
	/** Google: the `alt` query parameter (`sse` for SSE; anything else streams a JSON array). */
	googleAlt: string | undefined;
	/** Bedrock: `/converse-stream` (true) or `/converse` (false). */
	bedrockStreaming: boolean;
}

/**
 * pi's own protocol and Anthropic's share `POST …/messages`; a pi-messages body is
 * `{ model, context, options }`, an Anthropic one has `messages`.
 */
export function refineRoute(route: Route, body: unknown): Route {
	if (route.api !== "anthropic-messages") return route;
	const isPiMessages = typeof body === "object" && body !== null && "context" in body && !("messages" in body);
	return isPiMessages ? { ...route, api: "pi-messages" } : route;
}

const GOOGLE_ACTION = /\/models\/([^/]+):(streamGenerateContent|generateContent)$/;
const BEDROCK_ACTION = /\/model\/([^/]+)\/(converse-stream|converse)$/;

/**
 * Matches a request to a route by the end of its path, so any prefix the SDKs add (`/v1`,
 * `/v1beta`, a proxy path) works: `POST …/chat/completions`, `POST …/responses`,
 * `POST …/messages` (Anthropic or pi-messages, see `refineRoute`),
 * `POST …/models/{model}:streamGenerateContent|generateContent`, `POST …/model/{id}/converse-stream`,
 * `GET …/models`.
 */
export function routeRequest(method: string, target: string): Route {
	const url = new URL(target, "http://llm-mock.invalid");
	const pathname = url.pathname.replace(/\/+$/, "");
	const route: Route = {
		api: "unknown",
		pathModel: undefined,
		googleStreaming: false,
		googleAlt: undefined,
		bedrockStreaming: false,
	};
	if (method === "GET" && pathname.endsWith("/models")) return { ...route, api: "models" };
	if (method !== "POST") return route;
	const google = GOOGLE_ACTION.exec(pathname);
	if (google) {
		return {
			api: "google-generative-ai",
			pathModel: decodeURIComponent(google[1] ?? ""),
			googleStreaming: google[2] === "streamGenerateContent",
			googleAlt: url.searchParams.get("alt") ?? undefined,
			bedrockStreaming: false,
		};
	}
	const bedrock = BEDROCK_ACTION.exec(pathname);
	if (bedrock) {
		return {
			...route,
			api: "bedrock-converse-stream",
			pathModel: decodeURIComponent(bedrock[1] ?? ""),
			bedrockStreaming: bedrock[2] === "converse-stream",
		};
	}
	if (pathname.endsWith("/chat/completions")) return { ...route, api: "openai-completions" };
	if (pathname.endsWith("/responses")) return { ...route, api: "openai-responses" };
	if (pathname.endsWith("/messages")) return { ...route, api: "anthropic-messages" };
	return route;
}
