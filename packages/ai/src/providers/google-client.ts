import type { GoogleGenAI } from "@google/genai";
import type { Model } from "../types.js";
import { mergeHeaders } from "../utils/merge-headers.js";
import type { GoogleOptions } from "./google-options.js";
import { proxyAwareFetch } from "./shared/proxy-fetch.js";

/** The `@google/genai` module. */
export type GoogleSdk = typeof import("@google/genai");

let sdkLoading: Promise<GoogleSdk> | undefined;

/** Loads `@google/genai` on first use (ai.md §1 rule 4); a failed load is retried next time. */
export function loadGoogleSdk(): Promise<GoogleSdk> {
	sdkLoading ??= import("@google/genai").catch((error: unknown) => {
		sdkLoading = undefined;
		throw error;
	});
	return sdkLoading;
}

/**
 * Creates an SDK client for one request. `model.baseUrl` is the full API root including the version
 * (e.g. `https://generativelanguage.googleapis.com/v1beta`), so the SDK adds no version of its own.
 * The Gemini API backend is forced (`vertexai: false`, so `GOOGLE_GENAI_USE_VERTEXAI` cannot switch
 * it), the key is always explicit, and the SDK retries nothing (no `retryOptions`, ai.md §9).
 * Headers: `model.headers`, then `options.headers` (later wins, case-insensitive).
 */
export function createGoogleClient(sdk: GoogleSdk, model: Model, apiKey: string, options: GoogleOptions): GoogleGenAI {
	const headers = mergeHeaders(model.headers, options.headers);
	return new sdk.GoogleGenAI({
		apiKey,
		vertexai: false,
		// Through a proxy when HTTP(S)_PROXY / NO_PROXY say so (the global fetch alone ignores them).
		httpOptions: { baseUrl: model.baseUrl, apiVersion: "", headers, fetch: proxyAwareFetch },
	});
}
