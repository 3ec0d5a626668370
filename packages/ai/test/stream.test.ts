import { Type } from "@sinclair/typebox";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerApi, unregisterApi } from "../src/api-registry.js";
import { complete, completeSimple, getModel, getModels, getProviders, stream } from "../src/stream.js";
import type { Context, Model } from "../src/types.js";
import { failedStream } from "../src/utils/failed-stream.js";
import { collect } from "./support/stream-invariants.js";

const context: Context = { messages: [{ role: "user", content: "hi", timestamp: 1 }] };

afterEach(() => {
	vi.unstubAllEnvs();
	unregisterApi("echo-key");
});

describe("top-level model lookup", () => {
	it("lists the built-in providers", () => {
		const providers = getProviders();
		expect(providers).toHaveLength(42);
		expect(providers).toEqual(
			expect.arrayContaining(["anthropic", "openai", "google", "openrouter", "xai", "groq", "cerebras", "mistral"]),
		);
		expect(providers).toEqual(
			expect.arrayContaining(["amazon-bedrock", "azure", "google-vertex", "deepseek", "radius"]),
		);
	});

	it("returns built-in models", () => {
		const model = getModel("anthropic", "claude-sonnet-4-5");
		expect(model).toMatchObject({
			id: "claude-sonnet-4-5",
			provider: "anthropic",
			api: "anthropic-messages",
			baseUrl: "https://api.anthropic.com",
		});
		expect(getModels("openai").length).toBeGreaterThan(5);
		expect(getModels("nobody")).toEqual([]);
	});

	it("throws a clear error for an unknown model or provider", () => {
		// @ts-expect-error: an unknown id of a built-in provider does not compile (issue 15).
		expect(() => getModel("anthropic", "claude-nope")).toThrow(
			/^Unknown model "claude-nope" for provider "anthropic"\. Known: .*claude-sonnet-4-5/,
		);
		const dynamicProvider: string = "anthropic";
		expect(getModel(dynamicProvider, "claude-sonnet-4-6").id).toBe("claude-sonnet-4-6");
		expect(() => getModel("nobody", "x")).toThrow(
			'Unknown provider "nobody". Known: amazon-bedrock, ant-ling, anthropic',
		);
	});
});

describe("top-level stream functions", () => {
	it("report a missing key on the stream for built-in providers", async () => {
		vi.stubEnv("OPENAI_API_KEY", "");
		const result = await complete(getModel("openai", "gpt-5"), context);
		expect(result).toMatchObject({
			stopReason: "error",
			errorMessage: 'No API key for provider "openai": set OPENAI_API_KEY',
		});
	});

	it("dispatch models of unknown providers straight to their API with the env key", async () => {
		registerApi("echo-key", {
			stream: (model, _context, options) => failedStream(model, `key=${options?.apiKey}`),
			streamSimple: (model, _context, options) => failedStream(model, `simple key=${options?.apiKey}`),
		});
		const model: Model = { ...getModel("openai", "gpt-5"), provider: "groq", api: "echo-key" };
		vi.stubEnv("GROQ_API_KEY", "gsk");
		expect((await complete(model, context)).errorMessage).toBe("key=gsk");
		expect((await completeSimple(model, context, { apiKey: "explicit" })).errorMessage).toBe("simple key=explicit");
		const custom: Model = { ...model, provider: "my-local", api: "echo-key" };
		expect((await complete(custom, context)).errorMessage).toBe("key=undefined");
	});

	it("report an invalid tool schema on the stream when dispatching straight to an API", async () => {
		let called = false;
		registerApi("echo-key", {
			stream: (model) => {
				called = true;
				return failedStream(model, "reached the API");
			},
			streamSimple: (model) => failedStream(model, "reached the API"),
		});
		const model: Model = { ...getModel("openai", "gpt-5"), provider: "my-local", api: "echo-key" };
		const badTool = {
			name: "read",
			description: "Read",
			parameters: Type.Object({ path: Type.Unsafe({ type: "strnig" }) }),
		};
		const result = await complete(model, { ...context, tools: [badTool] }, { apiKey: "k" });
		expect(result).toMatchObject({ stopReason: "error" });
		expect(result.errorMessage).toMatch(
			/^Invalid schema for tool "read": unknown type "strnig" at parameters\.properties\.path/,
		);
		expect(called).toBe(false);
	});

	it("report an unknown provider with an unknown API on the stream", async () => {
		const model: Model = { ...getModel("openai", "gpt-5"), provider: "ghost", api: "ghost-api" };
		const { events, result } = await collect(stream(model, context));
		expect(events.map((event) => event.type)).toEqual(["start", "error"]);
		expect(result.errorMessage).toMatch(/^Unknown provider "ghost"/);
	});
});
