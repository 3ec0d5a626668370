import { afterEach, describe, expect, it, vi } from "vitest";
import { createInMemoryCredentialStore } from "../src/credential-store.js";
import { ENV_API_KEYS, getEnvApiKey } from "../src/env-api-keys.js";
import { createProvider, envApiKeyAuth, keylessAuth } from "../src/provider.js";
import { mergeHeaders } from "../src/utils/merge-headers.js";

const modelInput = {
	id: "m",
	name: "M",
	api: "openai-completions",
	reasoning: false,
	input: ["text" as const],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 1000,
	maxTokens: 100,
};

afterEach(() => {
	vi.unstubAllEnvs();
});

describe("createProvider", () => {
	it("fills provider and baseUrl, and copies the models", () => {
		const input = { ...modelInput };
		const provider = createProvider({ id: "p", baseUrl: "http://x", auth: { apiKey: keylessAuth() }, models: [input] });
		expect(provider).toMatchObject({ id: "p", name: "p", baseUrl: "http://x" });
		expect(provider.models[0]).toMatchObject({ provider: "p", baseUrl: "http://x", id: "m" });
		expect(provider.models[0]!.input).not.toBe(input.input);
	});

	it("keeps a model's own baseUrl and rejects models without one", () => {
		const own = createProvider({ id: "p", auth: {}, models: [{ ...modelInput, baseUrl: "http://own" }] });
		expect(own.models[0]!.baseUrl).toBe("http://own");
		expect(() => createProvider({ id: "p", auth: {}, models: [modelInput] })).toThrow(
			'model "m" of provider "p" has no baseUrl',
		);
		expect(() => createProvider({ id: "p", baseUrl: "x", auth: {}, models: [modelInput, modelInput] })).toThrow(
			"duplicate model",
		);
	});
});

describe("envApiKeyAuth", () => {
	const auth = envApiKeyAuth("Test key", ["TEST_A", "TEST_B"]);

	it("prefers a stored key, then stored env values, then the process env in order", async () => {
		expect(await auth.resolve({ credential: { type: "api_key", key: "stored" }, env: { TEST_A: "a" } })).toEqual({
			auth: { apiKey: "stored" },
			source: "stored credential",
		});
		expect(
			await auth.resolve({ credential: { type: "api_key", env: { TEST_B: "from-credential-env" } }, env: {} }),
		).toEqual({
			auth: { apiKey: "from-credential-env" },
			source: "stored credential",
		});
		expect(await auth.resolve({ env: { TEST_B: "b", TEST_A: "a" } })).toEqual({
			auth: { apiKey: "a" },
			source: "TEST_A",
		});
		expect(await auth.resolve({ env: { TEST_A: "", TEST_B: "b" } })).toEqual({
			auth: { apiKey: "b" },
			source: "TEST_B",
		});
		expect(await auth.resolve({ env: {} })).toBeUndefined();
		expect(auth.envVars).toEqual(["TEST_A", "TEST_B"]);
	});
});

describe("keylessAuth", () => {
	it("is always configured", async () => {
		expect(await keylessAuth().resolve({ env: {} })).toEqual({ auth: { apiKey: "" }, source: "keyless" });
		expect(await keylessAuth("Ollama", "ollama").resolve({ env: {} })).toEqual({
			auth: { apiKey: "ollama" },
			source: "keyless",
		});
	});
});

describe("getEnvApiKey", () => {
	it("returns the first set variable of a provider", () => {
		expect(getEnvApiKey("anthropic", { ANTHROPIC_OAUTH_TOKEN: "oat", ANTHROPIC_API_KEY: "key" })).toBe("key");
		expect(getEnvApiKey("anthropic", { ANTHROPIC_OAUTH_TOKEN: "oat" })).toBe("oat");
		expect(getEnvApiKey("google", { GEMINI_API_KEY: "g" })).toBe("g");
		expect(getEnvApiKey("unknown", { X: "y" })).toBeUndefined();
	});

	it("reads process.env by default", () => {
		vi.stubEnv("XAI_API_KEY", "xai-key");
		expect(getEnvApiKey("xai")).toBe("xai-key");
	});

	it("covers the spec's table", () => {
		expect(ENV_API_KEYS).toMatchObject({
			openai: ["OPENAI_API_KEY"],
			openrouter: ["OPENROUTER_API_KEY"],
			groq: ["GROQ_API_KEY"],
			cerebras: ["CEREBRAS_API_KEY"],
			mistral: ["MISTRAL_API_KEY"],
			huggingface: ["HF_TOKEN"],
		});
	});
});

describe("createInMemoryCredentialStore", () => {
	it("reads, lists, modifies and deletes without aliasing", async () => {
		const store = createInMemoryCredentialStore({ a: { type: "api_key", key: "1" } });
		const read = await store.read("a");
		expect(read).toEqual({ type: "api_key", key: "1" });
		if (read?.type === "api_key") read.key = "mutated";
		expect(await store.read("a")).toEqual({ type: "api_key", key: "1" });
		expect(await store.list()).toEqual([{ providerId: "a", type: "api_key" }]);
		expect(await store.modify("a", () => undefined)).toEqual({ type: "api_key", key: "1" });
		expect(await store.modify("b", () => ({ type: "api_key", key: "2" }))).toEqual({ type: "api_key", key: "2" });
		await store.delete("a");
		expect(await store.read("a")).toBeUndefined();
	});

	it("serialises concurrent modifications", async () => {
		const store = createInMemoryCredentialStore({ c: { type: "api_key", key: "0" } });
		const increment = () =>
			store.modify("c", async (current) => {
				await Promise.resolve();
				const value = current?.type === "api_key" ? Number(current.key) : 0;
				return { type: "api_key", key: String(value + 1) };
			});
		await Promise.all([increment(), increment(), increment()]);
		expect(await store.read("c")).toEqual({ type: "api_key", key: "3" });
	});

	it("keeps working after a failed modification", async () => {
		const store = createInMemoryCredentialStore();
		await expect(store.modify("x", () => Promise.reject(new Error("nope")))).rejects.toThrow("nope");
		expect(await store.modify("x", () => ({ type: "api_key", key: "ok" }))).toEqual({ type: "api_key", key: "ok" });
	});
});

describe("mergeHeaders", () => {
	it("lets later sources win regardless of case", () => {
		expect(mergeHeaders({ Authorization: "a", "X-A": "1" }, undefined, { authorization: "b" })).toEqual({
			"X-A": "1",
			authorization: "b",
		});
		expect(mergeHeaders(undefined, {})).toBeUndefined();
	});
});
