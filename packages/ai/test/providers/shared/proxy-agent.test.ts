import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nodeHttpFetch } from "../../../src/providers/shared/node-http-fetch.js";
import { applyHttpProxySetting, isNoProxy, proxyUrlFor } from "../../../src/providers/shared/proxy-agent.js";

describe("proxy selection", () => {
	it("picks HTTPS_PROXY for https targets, HTTP_PROXY for http ones, and honours NO_PROXY", () => {
		const env = { HTTPS_PROXY: "http://secure:1", HTTP_PROXY: "http://plain:2", NO_PROXY: "localhost,.internal:8443" };
		expect(proxyUrlFor("https://api.openai.com/v1", env)).toBe("http://secure:1");
		expect(proxyUrlFor("http://api.example.com", env)).toBe("http://plain:2");
		expect(proxyUrlFor("http://localhost:11434", env)).toBeUndefined();
		expect(proxyUrlFor("https://bedrock.internal:8443", env)).toBeUndefined();
		expect(proxyUrlFor("https://bedrock.internal", env)).toBe("http://secure:1");
		expect(isNoProxy(new URL("https://any.host"), "*")).toBe(true);
		expect(proxyUrlFor("https://api.openai.com", {})).toBeUndefined();
	});

	it("applies the httpProxy setting only when the environment names no proxy", () => {
		const env: NodeJS.ProcessEnv = {};
		applyHttpProxySetting("http://proxy:3128", env);
		expect(env).toEqual({ HTTPS_PROXY: "http://proxy:3128", HTTP_PROXY: "http://proxy:3128" });
		const own: NodeJS.ProcessEnv = { https_proxy: "http://mine:1" };
		applyHttpProxySetting("http://proxy:3128", own);
		expect(own).toEqual({ https_proxy: "http://mine:1" });
	});
});

describe("nodeHttpFetch through a proxy", () => {
	afterEach(() => {
		vi.unstubAllEnvs();
	});

	it("sends the request to HTTP_PROXY with the absolute target URL", async () => {
		const seen: IncomingMessage[] = [];
		const proxy = createServer((request, response) => {
			seen.push(request);
			response.writeHead(200, { "content-type": "application/json" });
			response.end('{"via":"proxy"}');
		});
		await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
		const port = (proxy.address() as AddressInfo).port;
		vi.stubEnv("HTTP_PROXY", `http://127.0.0.1:${port}`);
		vi.stubEnv("NO_PROXY", "");
		try {
			const response = await nodeHttpFetch("http://api.vendor.invalid/v1/chat/completions", {
				method: "POST",
				body: "{}",
			});
			expect(await response.json()).toEqual({ via: "proxy" });
			expect(seen[0]?.url).toBe("http://api.vendor.invalid/v1/chat/completions");
		} finally {
			proxy.close();
		}
	});
});
