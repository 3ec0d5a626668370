import type { GoogleGenAI, HttpOptions } from "@google/genai";
import { defaultEnv } from "../env-api-keys.js";
import type { Model } from "../types.js";
import { mergeHeaders } from "../utils/merge-headers.js";
import type { GoogleSdk } from "./google-client.js";
import type { GoogleVertexOptions } from "./google-vertex-options.js";
import { proxyAwareFetch } from "./shared/proxy-fetch.js";

/** The Vertex AI API version pi speaks. */
const VERTEX_API_VERSION = "v1";

/** A custom API root (a proxy, a test server); the catalogue's `https://{location}-…` template is none. */
function customBaseUrl(model: Model): string | undefined {
	const trimmed = model.baseUrl.trim();
	return trimmed && !trimmed.includes("{location}") ? trimmed : undefined;
}

function httpOptions(sdk: GoogleSdk, model: Model, options: GoogleVertexOptions): HttpOptions {
	// Through a proxy when HTTP(S)_PROXY / NO_PROXY say so (the global fetch alone ignores them).
	const result: HttpOptions = { fetch: proxyAwareFetch };
	const headers = mergeHeaders(model.headers, options.headers);
	if (headers) result.headers = headers;
	const baseUrl = customBaseUrl(model);
	if (baseUrl) {
		result.baseUrl = baseUrl;
		// Requests go to <baseUrl>/<version>/publishers/google/models/…, without a project path.
		result.baseUrlResourceScope = sdk.ResourceScope.COLLECTION;
		if (/\/v\d+(beta\d*)?(\/|$)/.test(new URL(baseUrl).pathname)) result.apiVersion = "";
	}
	return result;
}

/**
 * A `@google/genai` client in Vertex AI mode for one request. A non-empty `apiKey` (a Google Cloud
 * API key, `GOOGLE_CLOUD_API_KEY`) authenticates alone; an empty one means application default
 * credentials (google-auth-library inside the SDK; `GOOGLE_APPLICATION_CREDENTIALS` names a
 * key file) with a project and a location (options, else `GOOGLE_CLOUD_PROJECT`/`GCLOUD_PROJECT`
 * and `GOOGLE_CLOUD_LOCATION`). Throws a message naming the missing variable.
 */
export function createVertexClient(
	sdk: GoogleSdk,
	model: Model,
	apiKey: string,
	options: GoogleVertexOptions,
): GoogleGenAI {
	const http = httpOptions(sdk, model, options);
	if (apiKey !== "") {
		return new sdk.GoogleGenAI({ vertexai: true, apiKey, apiVersion: VERTEX_API_VERSION, httpOptions: http });
	}
	const env = { ...defaultEnv(), ...options.env };
	const project = options.project ?? env.GOOGLE_CLOUD_PROJECT ?? env.GCLOUD_PROJECT;
	const location = options.location ?? env.GOOGLE_CLOUD_LOCATION;
	if (!project) throw new Error("Vertex AI needs a project: set GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT)");
	if (!location) throw new Error("Vertex AI needs a location: set GOOGLE_CLOUD_LOCATION (e.g. us-central1)");
	const keyFilename = env.GOOGLE_APPLICATION_CREDENTIALS;
	return new sdk.GoogleGenAI({
		vertexai: true,
		project,
		location,
		apiVersion: VERTEX_API_VERSION,
		...(keyFilename ? { googleAuthOptions: { keyFilename } } : {}),
		httpOptions: http,
	});
}
