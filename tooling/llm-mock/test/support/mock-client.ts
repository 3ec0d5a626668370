import { afterEach, beforeEach } from "vitest";
import { startMockLlm } from "../../src/server.js";
import type { MockLlm } from "../../src/types.js";

/** A fresh mock per test, closed afterwards. Read `.mock` inside tests. */
export function useMockLlm(): { readonly mock: MockLlm } {
	const holder: { mock: MockLlm | undefined } = { mock: undefined };
	beforeEach(async () => {
		holder.mock = await startMockLlm();
	});
	afterEach(async () => {
		await holder.mock?.close();
		holder.mock = undefined;
	});
	return {
		get mock(): MockLlm {
			if (!holder.mock) throw new Error("useMockLlm: the mock is only available inside a test");
			return holder.mock;
		},
	};
}

/** POSTs a JSON body to `mock.url + path` with the headers an SDK would send. */
export function postJson(
	mock: MockLlm,
	path: string,
	body: unknown,
	init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
	return fetch(mock.url + path, {
		method: "POST",
		headers: { "content-type": "application/json", ...init.headers },
		body: JSON.stringify(body),
		signal: init.signal,
	});
}

/** Reads a body chunk by chunk until `predicate(textSoFar)` holds; returns the text and the still-open reader. */
export async function readUntil(
	response: Response,
	predicate: (text: string) => boolean,
): Promise<{ text: string; reader: ReadableStreamDefaultReader<Uint8Array> }> {
	if (!response.body) throw new Error("response has no body");
	const reader = response.body.getReader();
	const decoder = new TextDecoder();
	let text = "";
	while (!predicate(text)) {
		const { done, value } = await reader.read();
		if (done) throw new Error(`stream ended before the condition held; got: ${text}`);
		text += decoder.decode(value, { stream: true });
	}
	return { text, reader };
}

/** A vendor error body: `error` is an object in every vendor's shape. */
export interface ErrorEnvelope {
	error: Record<string, unknown>;
	[key: string]: unknown;
}

/** Reads a JSON body typed for assertions (the shape is what the test asserts, not validated here). */
export async function readJson<T = Record<string, unknown>>(response: Response): Promise<T> {
	return (await response.json()) as T;
}
