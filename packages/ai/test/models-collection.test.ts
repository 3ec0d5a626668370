import { Type } from "@sinclair/typebox";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createInMemoryCredentialStore } from "../src/credential-store.js";
import { AssistantMessageEventStream } from "../src/event-stream.js";
import { builtinModels } from "../src/models/builtin-models.js";
import { createModels } from "../src/models-collection.js";
import { createProvider, envApiKeyAuth, keylessAuth, type OAuthAuth, type Provider } from "../src/provider.js";
import { AssistantMessageBuilder } from "../src/providers/shared/assistant-message-builder.js";
import type { ProviderStreams } from "../src/stream-function.js";
import type { Context, Model, SimpleStreamOptions, Tool } from "../src/types.js";
import { collect, expectInvariants } from "./support/stream-invariants.js";

/** API streams that record what they were called with and answer "ok". */
function recordingStreams() {
	const calls: { kind: string; model: Model; options?: SimpleStreamOptions }[] = [];
	const make =
		(kind: string) =>
		(model: Model, _context: Context, options?: SimpleStreamOptions): AssistantMessageEventStream => {
			calls.push({ kind, model, options });
			const stream = new AssistantMessageEventStream();
			const builder = new AssistantMessageBuilder(model, stream);
			queueMicrotask(() => {
				builder.text("t", "ok");
				builder.finish("stop");
			});
			return stream;
		};
	const streams: ProviderStreams = { stream: make("stream"), streamSimple: make("streamSimple") };
	return { calls, streams };
}

function testProvider(
	streams: ProviderStreams,
	overrides: Partial<Parameters<typeof createProvider>[0]> = {},
): Provider {
	return createProvider({
		id: "acme",
		name: "Acme",
		baseUrl: "https://acme.test/v1",
		auth: { apiKey: envApiKeyAuth("Acme API key", ["ACME_API_KEY", "ACME_KEY"]) },
		models: [
			{
				id: "acme-1",
				name: "Acme 1",
				api: "acme-api",
				reasoning: true,
				input: ["text"],
				cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
				contextWindow: 100_000,
				maxTokens: 64_000,
				headers: { "X-Model": "m", "x-shared": "model" },
			},
		],
		api: streams,
		...overrides,
	});
}

const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };

describe("createModels", () => {
	beforeEach(() => {
		vi.stubEnv("ACME_API_KEY", "");
		vi.stubEnv("ACME_KEY", "");
	});
	afterEach(() => {
		vi.unstubAllEnvs();
	});

	it("adds, replaces, lists and removes providers", () => {
		const models = createModels();
		const { streams } = recordingStreams();
		models.setProvider(testProvider(streams));
		expect(models.getProviders().map((provider) => provider.id)).toEqual(["acme"]);
		expect(models.getModel("acme", "acme-1")?.baseUrl).toBe("https://acme.test/v1");
		expect(models.getModel("acme", "nope")).toBeUndefined();
		expect(models.getModels().map((model) => model.id)).toEqual(["acme-1"]);
		expect(models.getModels("unknown")).toEqual([]);
		models.setProvider(testProvider(streams, { name: "Acme 2" }));
		expect(models.getProviders()).toHaveLength(1);
		expect(models.getProvider("acme")?.name).toBe("Acme 2");
		expect(models.removeProvider("acme")).toBe(true);
		expect(models.getProviders()).toEqual([]);
	});

	it("prefers an explicit apiKey over a stored credential over the environment", async () => {
		vi.stubEnv("ACME_KEY", "from-env");
		const credentials = createInMemoryCredentialStore();
		const models = createModels({ credentials });
		const { streams, calls } = recordingStreams();
		models.setProvider(testProvider(streams));
		const model = models.getModel("acme", "acme-1")!;

		await models.complete(model, context);
		expect(calls.at(-1)?.options?.apiKey).toBe("from-env");
		expect(await models.getAuth("acme")).toEqual({ auth: { apiKey: "from-env" }, source: "ACME_KEY" });

		await credentials.modify("acme", () => ({ type: "api_key", key: "stored" }));
		await models.complete(model, context);
		expect(calls.at(-1)?.options?.apiKey).toBe("stored");
		expect(await models.getAuth(model)).toEqual({ auth: { apiKey: "stored" }, source: "stored credential" });

		await models.complete(model, context, { apiKey: "explicit" });
		expect(calls.at(-1)?.options?.apiKey).toBe("explicit");
		expect(await models.getAuth("acme", { apiKey: "explicit" })).toEqual({
			auth: { apiKey: "explicit" },
			source: "option",
		});
	});

	it("uses the first set environment variable and per-request env overrides", async () => {
		vi.stubEnv("ACME_API_KEY", "first");
		vi.stubEnv("ACME_KEY", "second");
		const models = createModels();
		const { streams, calls } = recordingStreams();
		models.setProvider(testProvider(streams));
		await models.complete(models.getModel("acme", "acme-1")!, context);
		expect(calls.at(-1)?.options?.apiKey).toBe("first");
		await models.complete(models.getModel("acme", "acme-1")!, context, { env: { ACME_API_KEY: "override" } });
		expect(calls.at(-1)?.options?.apiKey).toBe("override");
	});

	it("reports a missing key on the stream, naming the environment variables", async () => {
		const models = createModels();
		const { streams, calls } = recordingStreams();
		models.setProvider(testProvider(streams));
		const { events, result } = await collect(models.stream(models.getModel("acme", "acme-1")!, context));
		expectInvariants(events, result);
		expect(result).toMatchObject({
			stopReason: "error",
			errorMessage: 'No API key for provider "acme": set ACME_API_KEY or ACME_KEY',
		});
		expect(calls).toHaveLength(0);
		expect(await models.getAuth("acme")).toBeUndefined();
	});

	it("names ANTHROPIC_API_KEY for the built-in Anthropic provider", async () => {
		vi.stubEnv("ANTHROPIC_API_KEY", "");
		vi.stubEnv("ANTHROPIC_OAUTH_TOKEN", "");
		const models = builtinModels();
		const result = await models.complete(models.getModel("anthropic", "claude-sonnet-4-5")!, context);
		expect(result.stopReason).toBe("error");
		expect(result.errorMessage).toBe(
			'No API key for provider "anthropic": set ANTHROPIC_API_KEY or ANTHROPIC_OAUTH_TOKEN',
		);
	});

	it("reports an unknown provider on the stream instead of throwing", async () => {
		const models = createModels();
		const model: Model = { ...testProvider(recordingStreams().streams).models[0]!, provider: "ghost" };
		const stream = models.stream(model, context);
		const { events, result } = await collect(stream);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(result.errorMessage).toBe('Unknown provider "ghost". Registered providers: none');
		expect(await models.getAuth("ghost")).toBeUndefined();
	});

	it("reports a provider without an implementation of the model's API", async () => {
		const models = createModels();
		models.setProvider(testProvider(recordingStreams().streams, { api: {} }));
		const result = await models.complete(models.getModel("acme", "acme-1")!, context, { apiKey: "k" });
		expect(result.errorMessage).toBe('Provider "acme" has no implementation for API "acme-api"');
	});

	it("dispatches mixed-API providers by model.api", async () => {
		const first = recordingStreams();
		const second = recordingStreams();
		const models = createModels();
		models.setProvider(testProvider(first.streams, { api: { "acme-api": first.streams, other: second.streams } }));
		const model = models.getModel("acme", "acme-1")!;
		await models.complete({ ...model, api: "other" }, context, { apiKey: "k" });
		await models.complete(model, context, { apiKey: "k" });
		expect(second.calls).toHaveLength(1);
		expect(first.calls).toHaveLength(1);
	});

	it("merges headers: auth, then model, then options, case-insensitively", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(
			testProvider(streams, {
				auth: {
					apiKey: {
						name: "custom",
						resolve: () => ({
							auth: { apiKey: "k", headers: { "X-Auth": "a", "X-Shared": "auth" } },
							source: "custom",
						}),
					},
				},
			}),
		);
		await models.complete(models.getModel("acme", "acme-1")!, context, { headers: { "x-model": "options" } });
		expect(calls[0]?.options?.headers).toEqual({ "X-Auth": "a", "x-shared": "model", "x-model": "options" });
	});

	it("lets transformHeaders change, add and remove the assembled headers before the request", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(
			testProvider(streams, {
				auth: {
					apiKey: { name: "c", resolve: () => ({ auth: { apiKey: "k", headers: { "X-Auth": "a" } }, source: "c" }) },
				},
			}),
		);
		const seen: unknown[] = [];
		await models.completeSimple(models.getModel("acme", "acme-1")!, context, {
			headers: { "x-opt": "o" },
			transformHeaders: async (headers) => {
				seen.push({ ...headers });
				headers["X-Added"] = "yes";
				headers["x-model"] = null;
				return headers;
			},
		});
		expect(seen).toEqual([{ "X-Auth": "a", "X-Model": "m", "x-shared": "model", "x-opt": "o" }]);
		const expected = { "X-Auth": "a", "x-shared": "model", "x-opt": "o", "X-Added": "yes" };
		expect(calls[0]?.options?.headers).toEqual(expected);
		// API modules merge model.headers again: a removed model header must not come back from there.
		expect(calls[0]?.model.headers).toEqual(expected);
		expect(calls[0]?.options?.transformHeaders).toBeUndefined();
	});

	it("ends the stream with the error when transformHeaders throws", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(testProvider(streams, { auth: { apiKey: keylessAuth() } }));
		const reply = await models.completeSimple(models.getModel("acme", "acme-1")!, context, {
			transformHeaders: () => {
				throw new Error("no headers today");
			},
		});
		expect(reply.stopReason).toBe("error");
		expect(reply.errorMessage).toContain("no headers today");
		expect(calls).toHaveLength(0);
	});

	it("applies an auth baseUrl to the request model", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(
			testProvider(streams, {
				auth: {
					apiKey: {
						name: "c",
						resolve: () => ({ auth: { apiKey: "k", baseUrl: "https://eu.acme.test" }, source: "c" }),
					},
				},
			}),
		);
		await models.complete(models.getModel("acme", "acme-1")!, context);
		expect(calls[0]?.model.baseUrl).toBe("https://eu.acme.test");
	});

	it("defaults streamSimple maxTokens to min(model.maxTokens, 32000) and drops reasoning off", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(testProvider(streams, { auth: { apiKey: keylessAuth() } }));
		const model = models.getModel("acme", "acme-1")!;
		await models.completeSimple(model, context, { reasoning: "off" as SimpleStreamOptions["reasoning"] });
		expect(calls[0]).toMatchObject({ kind: "streamSimple", options: { maxTokens: 32_000 } });
		expect(calls[0]?.options).not.toHaveProperty("reasoning");
		await models.completeSimple({ ...model, maxTokens: 4096 }, context);
		expect(calls[1]?.options?.maxTokens).toBe(4096);
		await models.completeSimple(model, context, { maxTokens: 100 });
		expect(calls[2]?.options?.maxTokens).toBe(100);
		await models.complete(model, context);
		expect(calls[3]?.options?.maxTokens).toBeUndefined();
	});

	it("passes keyless auth as an empty key", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(testProvider(streams, { auth: { apiKey: keylessAuth() } }));
		await models.complete(models.getModel("acme", "acme-1")!, context);
		expect(calls[0]?.options?.apiKey).toBe("");
		expect(await models.getAuth("acme")).toEqual({ auth: { apiKey: "" }, source: "keyless" });
	});

	it("answers an already-aborted signal at once without calling the API", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(testProvider(streams));
		const controller = new AbortController();
		controller.abort();
		const { events, result } = await collect(
			models.stream(models.getModel("acme", "acme-1")!, context, { apiKey: "k", signal: controller.signal }),
		);
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(result).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
		expect(calls).toHaveLength(0);
	});

	it("rejects an invalid tool schema on the stream", async () => {
		const { streams, calls } = recordingStreams();
		const models = createModels();
		models.setProvider(testProvider(streams));
		const bad: Tool = { name: "read", description: "", parameters: Type.String() };
		const result = await models.complete(
			models.getModel("acme", "acme-1")!,
			{ ...context, tools: [bad] },
			{ apiKey: "k" },
		);
		expect(result.errorMessage).toBe(
			'Invalid schema for tool "read": parameters must be a JSON Schema object with type "object"',
		);
		expect(calls).toHaveLength(0);
	});

	it("refreshes an expired OAuth credential inside the store and never falls back to env", async () => {
		vi.stubEnv("ACME_API_KEY", "env-key");
		const refreshed: string[] = [];
		const oauth: OAuthAuth = {
			name: "Acme OAuth",
			refresh: async (credential) => {
				refreshed.push(credential.refresh);
				return { ...credential, access: "new-access", expires: Date.now() + 60_000 };
			},
			toAuth: (credential) => ({ apiKey: credential.access }),
		};
		const credentials = createInMemoryCredentialStore({
			acme: { type: "oauth", access: "old", refresh: "r1", expires: 0 },
		});
		const { streams, calls } = recordingStreams();
		const models = createModels({ credentials });
		models.setProvider(testProvider(streams, { auth: { apiKey: envApiKeyAuth("Acme", ["ACME_API_KEY"]), oauth } }));
		const model = models.getModel("acme", "acme-1")!;
		await Promise.all([models.complete(model, context), models.complete(model, context)]);
		expect(refreshed).toEqual(["r1"]);
		expect(calls.map((call) => call.options?.apiKey)).toEqual(["new-access", "new-access"]);
		expect(await credentials.read("acme")).toMatchObject({ access: "new-access" });

		await credentials.modify("acme", () => ({ type: "oauth", access: "x", refresh: "r2", expires: 0 }));
		oauth.refresh = async () => {
			throw new Error("invalid_grant");
		};
		const failed = await models.complete(model, context);
		expect(failed.errorMessage).toBe('OAuth refresh failed for provider "acme": invalid_grant');
		await expect(models.getAuth("acme")).rejects.toThrow("invalid_grant");
	});
});
