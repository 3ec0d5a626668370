import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Headers, Response, SdkFormData, SdkResponse } from "../scripts/bundle-fetch-types.mjs";

// The bundle links the openai SDK and nodeHttpFetch against these instead of Node's own classes
// (bundle.mjs): each is checked against Node's, operation by operation.

type Step = (headers: globalThis.Headers) => unknown;

/** Runs `steps` on a Headers of each kind; results (or error messages) must be equal. */
function sameAsNode(init: unknown, steps: Step[] = []): void {
	const run = (Class: typeof globalThis.Headers) => {
		const outcome: unknown[] = [];
		let headers: globalThis.Headers;
		try {
			headers = new Class(init as ConstructorParameters<typeof globalThis.Headers>[0]);
		} catch (error) {
			return [`throws ${(error as Error).message}`];
		}
		for (const step of steps) {
			try {
				outcome.push(step(headers));
			} catch (error) {
				outcome.push(`throws ${(error as Error).message}`);
			}
		}
		outcome.push([...headers], [...headers.keys()], [...headers.values()], headers.getSetCookie());
		const seen: unknown[] = [];
		headers.forEach((value, name, self) => {
			seen.push([name, value, self === headers]);
		});
		outcome.push(seen, Object.prototype.toString.call(headers));
		return outcome;
	};
	expect(run(Headers)).toEqual(run(globalThis.Headers));
}

describe("Headers (bundle-fetch-types)", () => {
	it("builds from nothing, records, pairs and other Headers as Node's does", () => {
		sameAsNode(undefined);
		sameAsNode({ "Content-Type": "application/json", "X-B": " spaced \t", "x-a": "1" });
		sameAsNode([
			["B", "1"],
			["b", "2"],
			["A", "3"],
		]);
		sameAsNode(new globalThis.Headers({ a: "1", "set-cookie": "c=1" }));
		sameAsNode(new Headers([["x", "y"]]));
		sameAsNode(null);
		sameAsNode("text");
		sameAsNode([["only-name"]]);
		sameAsNode({ "bad name": "x" });
		sameAsNode({ a: "line\nbreak" });
		sameAsNode({ a: "\u0100" });
	});

	it("appends, sets, deletes and reads as Node's does, set-cookie included", () => {
		sameAsNode({ accept: "a" }, [
			(headers) => headers.append("Accept", "b"),
			(headers) => headers.get("ACCEPT"),
			(headers) => headers.has("accept"),
			(headers) => headers.append("Set-Cookie", "a=1"),
			(headers) => headers.append("set-cookie", "b=2"),
			(headers) => headers.get("set-cookie"),
			(headers) => headers.set("X-Y", "  z "),
			(headers) => headers.get("missing"),
			(headers) => headers.delete("accept"),
			(headers) => headers.has("accept"),
			(headers) => headers.get("bad name"),
			(headers) => headers.append("ok", "bad\r"),
			(headers) => headers.set("set-cookie", "c=3"),
		]);
		sameAsNode({ "set-cookie": "a=1" }, [(headers) => headers.delete("Set-Cookie")]);
	});

	it("counts Node's Headers and its own as instances, nothing else", () => {
		expect(new globalThis.Headers() instanceof Headers).toBe(true);
		expect(new Headers() instanceof Headers).toBe(true);
		expect({ get: () => null } instanceof Headers).toBe(false);
		expect(Object.entries({}) instanceof Headers).toBe(false);
	});
});

function stream(...chunks: string[]): ReadableStream<Uint8Array> {
	return new ReadableStream({
		start(controller) {
			for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
			controller.close();
		},
	});
}

describe("Response (bundle-fetch-types)", () => {
	it("has the status, headers and body it was given", async () => {
		const headers = new Headers({ "content-type": "application/json" });
		const response = new Response(stream('{"a":', "1}"), { status: 404, statusText: "Not Found", headers });
		expect([response.status, response.statusText, response.ok, response.url, response.redirected]).toEqual([
			404,
			"Not Found",
			false,
			"",
			false,
		]);
		expect(response.headers).toBe(headers);
		expect(response.bodyUsed).toBe(false);
		expect(await response.json()).toEqual({ a: 1 });
		expect(response.bodyUsed).toBe(true);
		await expect(response.text()).rejects.toThrow("Body is unusable: Body has already been read");
		expect(() => response.clone()).toThrow("Response.clone: Body has already been consumed.");
		expect(new Response(null, { status: 204 }).ok).toBe(true);
	});

	it("clones a body both sides read whole, reads text, bytes and blobs as Node's does", async () => {
		const response = new Response(stream("\uFEFFhé", "llo"), { status: 200 });
		const copy = response.clone();
		const node = new globalThis.Response(stream("\uFEFFhé", "llo"));
		expect(await copy.text()).toBe(await node.text());
		expect(new Uint8Array(await response.arrayBuffer())).toEqual(new TextEncoder().encode("\uFEFFhéllo"));
		expect(await new Response("x").text()).toBe("x");
		expect(await new Response(null).text()).toBe("");
		const blob = await new Response(stream("b"), { headers: { "content-type": "text/plain" } }).blob();
		expect([blob.type, await blob.text()]).toEqual(["text/plain", "b"]);
	});

	it("marks a body read through its stream as used, and a reader-locked body as unusable", async () => {
		const response = new Response(stream("x"));
		const reader = response.body!.getReader();
		await expect(response.text()).rejects.toThrow("Body is unusable");
		await reader.read();
		expect(response.bodyUsed).toBe(true);
	});

	it("rejects with the body's error", async () => {
		const failing = new ReadableStream<Uint8Array>({
			start(controller) {
				controller.error(new TypeError("terminated"));
			},
		});
		await expect(new Response(failing).text()).rejects.toThrow("terminated");
	});
});

describe("the SDK's Response and FormData (bundle-fetch-types)", () => {
	it("build Node's own objects and count them, and the light Response, as instances", () => {
		const form = new SdkFormData();
		expect(form).toBeInstanceOf(globalThis.FormData);
		expect(form instanceof SdkFormData).toBe(true);
		expect({} instanceof SdkFormData).toBe(false);
		expect(new SdkResponse("x")).toBeInstanceOf(globalThis.Response);
		expect(new globalThis.Response("x") instanceof SdkResponse).toBe(true);
		expect(new Response("x") instanceof SdkResponse).toBe(true);
		expect({} instanceof SdkResponse).toBe(false);
	});

	it("never load Node's undici (the point of them)", () => {
		const module = fileURLToPath(new URL("../scripts/bundle-fetch-types.mjs", import.meta.url));
		const script = `
			const { Headers, Response, SdkFormData, SdkResponse } = await import(${JSON.stringify(module)});
			const headers = new Headers({ a: "1" });
			headers instanceof Headers; ({}) instanceof SdkFormData; ({}) instanceof SdkResponse;
			await new Response(new ReadableStream({ start(c) { c.close(); } }), { headers }).clone().text();
			process.stdout.write(String(process.moduleLoadList.some((name) => name.includes("undici"))));
		`;
		const result = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
		expect(result.stderr).toBe("");
		expect(result.stdout).toBe("false");
	});
});
