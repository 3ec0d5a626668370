import { afterEach, describe, expect, it, vi } from "vitest";
import { proxyAwareFetch } from "../../../src/providers/shared/proxy-fetch.js";

// Anthropic, Gemini and Vertex get proxyAwareFetch: the global fetch unless a proxy applies.

afterEach(() => {
	vi.unstubAllEnvs();
	vi.unstubAllGlobals();
});

describe("proxyAwareFetch", () => {
	it("keeps the global fetch when no proxy applies (none set, or NO_PROXY names the host)", async () => {
		const global = vi.fn(async () => new Response("ok"));
		vi.stubGlobal("fetch", global);
		vi.stubEnv("HTTP_PROXY", "");
		vi.stubEnv("http_proxy", "");
		await proxyAwareFetch("http://127.0.0.1:9/v1/messages", { method: "POST", body: "{}" });
		vi.stubEnv("HTTP_PROXY", "http://127.0.0.1:1");
		vi.stubEnv("NO_PROXY", "127.0.0.1");
		await proxyAwareFetch(new URL("http://127.0.0.1:9/x"));
		expect(global).toHaveBeenCalledTimes(2);
	});

	it("goes through node:http and the proxy when HTTP_PROXY applies", async () => {
		const global = vi.fn(async () => new Response("ok"));
		vi.stubGlobal("fetch", global);
		vi.stubEnv("HTTP_PROXY", "http://127.0.0.1:9"); // nothing listens: the proxy connection fails
		vi.stubEnv("NO_PROXY", "");
		vi.stubEnv("no_proxy", "");
		await expect(
			proxyAwareFetch("http://api.example.test/v1/messages", { method: "POST", body: "{}" }),
		).rejects.toThrow("fetch failed");
		expect(global).not.toHaveBeenCalled();
	});
});
