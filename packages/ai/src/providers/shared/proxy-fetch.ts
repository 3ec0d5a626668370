import { defaultEnv } from "../../env-api-keys.js";
import { nodeHttpFetch } from "./node-http-fetch.js";
import { proxyUrlFor } from "./proxy-agent.js";

/**
 * A `fetch` for SDKs that otherwise use the global one (Anthropic, Gemini, Vertex): a request that
 * HTTP(S)_PROXY / NO_PROXY (or the httpProxy setting) sends through a proxy goes over
 * `nodeHttpFetch` and its proxy agent; every other request keeps the global fetch, the path these
 * SDKs are built and measured on.
 */
export function proxyAwareFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
	const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
	return proxyUrlFor(url, defaultEnv()) ? nodeHttpFetch(input, init) : fetch(input, init);
}
