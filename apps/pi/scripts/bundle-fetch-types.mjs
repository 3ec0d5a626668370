// Bundled into the `pi` binary by bundle.mjs, which links the `openai` SDK and @pi/ai's
// nodeHttpFetch against these instead of the global Headers, Response and FormData. In Node 20
// those globals are getters that load Node's bundled undici (its fetch, dispatchers, HTTP/2 and
// WebSocket clients) on first touch: ~20 ms of a one-shot run, spent only because the SDK builds
// a Headers per request and nodeHttpFetch answers with a Response. Nothing global changes: code
// outside those modules (extensions, other SDKs) still gets Node's own classes.
//
// - `Headers` is a complete Headers (same validation, order, combining and set-cookie rules).
// - `Response` is what nodeHttpFetch needs: a web-stream body read once (or cloned by tee), status,
//   headers; the rarely used formData() hands over to Node's own Response.
// - `SdkResponse`, `SdkFormData`: for the SDK's file uploads. `new` builds Node's own object;
//   `instanceof` accepts Node's (and ours) without loading undici.
import { isDisturbed } from "node:stream";

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;
const tagOf = (value) => Object.prototype.toString.call(value);

function byteString(value) {
	const text = `${value}`;
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		if (code > 255) {
			throw new TypeError(
				`Cannot convert argument to a ByteString because the character at index ${index} has a value of ${code} which is greater than 255.`,
			);
		}
	}
	return text;
}

function headerName(name, method) {
	const text = byteString(name);
	if (!TOKEN.test(text)) throw new TypeError(`Headers.${method}: "${text}" is an invalid header name.`);
	return text.toLowerCase();
}

function headerValue(value, method) {
	const text = byteString(value).replace(EDGE_WHITESPACE, "");
	if (FORBIDDEN_IN_VALUE.test(text)) throw new TypeError(`Headers.${method}: "${text}" is an invalid header value.`);
	return text;
}

export class Headers {
	/** Lower-case name -> the values joined by ", " (set-cookie: see #cookies). */
	#values = new Map();
	#cookies = [];

	constructor(init = undefined) {
		if (init === undefined || init === null) {
			if (init === null) {
				throw new TypeError(
					"Headers constructor: Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.",
				);
			}
			return;
		}
		if (typeof init !== "object" && typeof init !== "function") {
			throw new TypeError(
				"Headers constructor: Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.",
			);
		}
		if (typeof init[Symbol.iterator] === "function") {
			for (const pair of init) {
				const entry = [...pair];
				if (entry.length !== 2) {
					throw new TypeError(`Headers constructor: expected name/value pair to be length 2, found ${entry.length}.`);
				}
				this.append(entry[0], entry[1]);
			}
			return;
		}
		for (const key of Reflect.ownKeys(init)) {
			if (typeof key !== "string") continue;
			const descriptor = Reflect.getOwnPropertyDescriptor(init, key);
			if (descriptor?.enumerable) this.append(key, init[key]);
		}
	}

	append(name, value) {
		const key = headerName(name, "append");
		const text = headerValue(value, "append");
		if (key === "set-cookie") this.#cookies.push(text);
		const existing = this.#values.get(key);
		this.#values.set(key, existing === undefined ? text : `${existing}, ${text}`);
	}

	set(name, value) {
		const key = headerName(name, "set");
		const text = headerValue(value, "set");
		if (key === "set-cookie") this.#cookies = [text];
		this.#values.set(key, text);
	}

	delete(name) {
		const key = headerName(name, "delete");
		if (key === "set-cookie") this.#cookies = [];
		this.#values.delete(key);
	}

	get(name) {
		return this.#values.get(headerName(name, "get")) ?? null;
	}

	has(name) {
		return this.#values.has(headerName(name, "has"));
	}

	getSetCookie() {
		return [...this.#cookies];
	}

	*entries() {
		for (const name of [...this.#values.keys()].sort()) {
			if (name === "set-cookie") for (const cookie of this.#cookies) yield [name, cookie];
			else if (this.#values.has(name)) yield [name, this.#values.get(name)];
		}
	}

	*keys() {
		for (const [name] of this.entries()) yield name;
	}

	*values() {
		for (const [, value] of this.entries()) yield value;
	}

	forEach(callback, thisArg = undefined) {
		for (const [name, value] of this.entries()) callback.call(thisArg, value, name, this);
	}

	[Symbol.iterator]() {
		return this.entries();
	}

	get [Symbol.toStringTag]() {
		return "Headers";
	}

	/** Node's own Headers count too: a caller may hand the SDK one. */
	static [Symbol.hasInstance](value) {
		return (typeof value === "object" && value !== null && #values in value) || tagOf(value) === "[object Headers]";
	}
}

function bodyStream(body) {
	if (body === null || body === undefined) return null;
	if (body instanceof ReadableStream) return body;
	const bytes =
		typeof body === "string"
			? new TextEncoder().encode(body)
			: ArrayBuffer.isView(body)
				? new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
				: body instanceof ArrayBuffer
					? new Uint8Array(body)
					: undefined;
	if (bytes === undefined)
		throw new TypeError("pi: this Response takes a ReadableStream, a string or bytes as its body");
	return new ReadableStream({
		start(controller) {
			if (bytes.byteLength > 0) controller.enqueue(bytes);
			controller.close();
		},
	});
}

export class Response {
	#body;
	#status;
	#statusText;
	#headers;
	#read = false;

	constructor(body = null, init = {}) {
		this.#body = bodyStream(body);
		this.#status = init.status ?? 200;
		this.#statusText = init.statusText ?? "";
		this.#headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
		if (typeof body === "string" && !this.#headers.has("content-type")) {
			this.#headers.set("content-type", "text/plain;charset=UTF-8");
		}
	}

	get status() {
		return this.#status;
	}
	get statusText() {
		return this.#statusText;
	}
	get ok() {
		return this.#status >= 200 && this.#status <= 299;
	}
	get headers() {
		return this.#headers;
	}
	get body() {
		return this.#body;
	}
	get url() {
		return "";
	}
	get redirected() {
		return false;
	}
	get type() {
		return "default";
	}
	get bodyUsed() {
		return this.#read || (this.#body !== null && isDisturbed(this.#body));
	}

	async #bytes() {
		if (this.bodyUsed || this.#body?.locked) throw new TypeError("Body is unusable: Body has already been read");
		if (this.#body === null) return new Uint8Array(0);
		this.#read = true;
		const reader = this.#body.getReader();
		const chunks = [];
		let length = 0;
		for (;;) {
			const { done, value } = await reader.read();
			if (done) break;
			chunks.push(value);
			length += value.byteLength;
		}
		const bytes = new Uint8Array(length);
		let offset = 0;
		for (const chunk of chunks) {
			bytes.set(chunk, offset);
			offset += chunk.byteLength;
		}
		return bytes;
	}

	async text() {
		return new TextDecoder().decode(await this.#bytes());
	}
	async json() {
		return JSON.parse(await this.text());
	}
	async bytes() {
		return this.#bytes();
	}
	async arrayBuffer() {
		return (await this.#bytes()).buffer;
	}
	async blob() {
		return new Blob([await this.#bytes()], { type: this.#headers.get("content-type") ?? "" });
	}
	async formData() {
		const bytes = await this.#bytes();
		return new globalThis.Response(bytes, { headers: [...this.#headers] }).formData();
	}

	clone() {
		if (this.bodyUsed || this.#body?.locked) throw new TypeError("Response.clone: Body has already been consumed.");
		let copy = null;
		if (this.#body !== null) [this.#body, copy] = this.#body.tee();
		return new Response(copy, {
			status: this.#status,
			statusText: this.#statusText,
			headers: new Headers(this.#headers),
		});
	}

	get [Symbol.toStringTag]() {
		return "Response";
	}
}

/** Node's Response when built (file uploads); `instanceof` also true for ours, without loading undici. */
export class SdkResponse {
	constructor(...args) {
		// biome-ignore lint/correctness/noConstructorReturn: the object built is Node's own Response.
		return new globalThis.Response(...args);
	}
	static [Symbol.hasInstance](value) {
		return tagOf(value) === "[object Response]";
	}
}

/** Node's FormData when built (file uploads); `instanceof` without loading undici to ask. */
export class SdkFormData {
	constructor(...args) {
		// biome-ignore lint/correctness/noConstructorReturn: the object built is Node's own FormData.
		return new globalThis.FormData(...args);
	}
	static [Symbol.hasInstance](value) {
		return tagOf(value) === "[object FormData]";
	}
}
