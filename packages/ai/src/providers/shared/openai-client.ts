// Subpaths, not the package root: the root also evaluates the Azure client on every start.
import { type ClientOptions, OpenAI } from "openai/client";
import type { Model, StreamOptions } from "../../types.js";
import { mergeHeaders } from "../../utils/merge-headers.js";
import { nodeHttpFetch } from "./node-http-fetch.js";

/** What the client's fetch saw of the last HTTP response; used to enrich error messages. */
export interface OpenAIResponseCapture {
	/** HTTP status of the last response. */
	status?: number;
	/** Raw body text of the last non-2xx response (the SDK drops bodies it cannot read as `{error}`). */
	errorBody?: string;
}

/** Builds the SDK client from the options above (`new OpenAI`, or the SDK's `AzureOpenAI`). */
export type OpenAIClientConstructor = (options: ClientOptions) => OpenAI;

/** A client plus the capture its fetch fills in. */
export interface OpenAIClientHandle {
	client: OpenAI;
	capture: OpenAIResponseCapture;
}

/**
 * Creates an `openai` SDK client for one request.
 *
 * - `baseURL` is `model.baseUrl`; `apiKey` must be given (the SDK's environment fallbacks for the
 *   key, organisation and project are disabled so nothing ambient leaks into a request).
 * - `maxRetries: 0`: retrying is the caller's job (ai.md §9).
 * - Default headers: `model.headers`, then `options.headers` (later wins, case-insensitive).
 * - An empty `apiKey` (keyless local servers) sends no `Authorization` header at all.
 * - The fetch wrapper reports status and headers to `options.onResponse` and keeps the body of
 *   an error response so its vendor text survives formatting.
 */
export function createOpenAIClient(
	model: Model,
	apiKey: string,
	options: StreamOptions | undefined,
	construct: OpenAIClientConstructor = (clientOptions) => new OpenAI(clientOptions),
): OpenAIClientHandle {
	const capture: OpenAIResponseCapture = {};
	const onResponse = options?.onResponse;
	const capturingFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
		const response = await nodeHttpFetch(input, init);
		capture.status = response.status;
		if (onResponse) onResponse({ status: response.status, headers: Object.fromEntries(response.headers.entries()) });
		if (!response.ok) capture.errorBody = await readBodySafely(response.clone());
		return response;
	};
	const client = construct({
		apiKey,
		baseURL: model.baseUrl,
		organization: null,
		project: null,
		maxRetries: 0,
		// Failures reach the caller as stream errors; the SDK's own console logging is noise.
		logLevel: "off",
		dangerouslyAllowBrowser: true,
		defaultHeaders: {
			...(apiKey === "" ? { Authorization: null } : {}),
			...mergeHeaders(model.headers, options?.headers),
		},
		fetch: capturingFetch,
	});
	return { client, capture };
}

async function readBodySafely(response: Response): Promise<string> {
	try {
		return await response.text();
	} catch {
		// The SDK reads the same body and reports its own failure; an empty capture is enough here.
		return "";
	}
}
