import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

function registryWith(modelsJson: unknown, auth = AuthStorage.inMemory()): ModelRuntime {
	const path = join(tempDir(), "models.json");
	writeFileSync(path, typeof modelsJson === "string" ? modelsJson : JSON.stringify(modelsJson));
	return new ModelRuntime(auth, path);
}

describe("ModelRuntime", () => {
	it("holds the built-in catalogue", () => {
		const registry = new ModelRuntime(AuthStorage.inMemory(), undefined);
		expect(registry.getProviderIds()).toEqual(expect.arrayContaining(["anthropic", "openai", "google", "openrouter"]));
		expect(registry.getAll().length).toBeGreaterThan(10);
	});

	it("inMemory() and an undefined models.json path read no models.json, not even the agent dir's", () => {
		const agentDir = tempDir();
		writeFileSync(
			join(agentDir, "models.json"),
			JSON.stringify({
				providers: {
					stray: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "x", models: [{ id: "m" }] },
				},
			}),
		);
		const saved = process.env.PI_CODING_AGENT_DIR;
		process.env.PI_CODING_AGENT_DIR = agentDir;
		try {
			expect(
				new ModelRuntime(AuthStorage.inMemory(), join(agentDir, "models.json")).getModel("stray", "m"),
			).toBeDefined();
			expect(ModelRuntime.inMemory().getModel("stray", "m")).toBeUndefined();
			expect(new ModelRuntime(AuthStorage.inMemory(), undefined).getModel("stray", "m")).toBeUndefined();
		} finally {
			if (saved === undefined) delete process.env.PI_CODING_AGENT_DIR;
			else process.env.PI_CODING_AGENT_DIR = saved;
		}
	});

	it("adds custom providers with defaults and provider compat merged under model compat", async () => {
		const registry = registryWith({
			providers: {
				ollama: {
					baseUrl: "http://localhost:11434/v1",
					api: "openai-completions",
					apiKey: "ollama",
					compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
					models: [
						{ id: "qwen2.5-coder:7b" },
						{
							id: "gpt-oss:20b",
							name: "GPT-OSS 20B",
							reasoning: true,
							contextWindow: 131072,
							compat: { supportsReasoningEffort: true },
						},
					],
				},
			},
		});
		expect(registry.getError()).toBeUndefined();
		const small = registry.find("ollama", "qwen2.5-coder:7b")!;
		expect(small).toMatchObject({
			name: "qwen2.5-coder:7b",
			api: "openai-completions",
			baseUrl: "http://localhost:11434/v1",
			reasoning: false,
			input: ["text"],
			contextWindow: 128000,
			maxTokens: 16384,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
			compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
		});
		expect(registry.find("ollama", "gpt-oss:20b")!.compat).toEqual({
			supportsDeveloperRole: false,
			supportsReasoningEffort: true,
		});
		expect(await registry.getApiKey("ollama")).toBe("ollama");
		expect(registry.getCredentialSource("ollama", {})).toEqual({ kind: "models.json" });
		expect((await registry.getAvailable()).map((model) => model.provider)).toContain("ollama");
	});

	it("hasConfiguredAuth answers synchronously from the configured credential (pi 1.4's registry API)", () => {
		const registry = registryWith({
			providers: {
				keyed: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", apiKey: "k", models: [{ id: "m" }] },
				bare: { baseUrl: "http://127.0.0.1:9/v1", api: "openai-completions", models: [{ id: "m" }] },
			},
		});
		expect(registry.hasConfiguredAuth(registry.getModel("keyed", "m")!)).toBe(true);
		expect(registry.hasConfiguredAuth("bare")).toBe(false);
	});

	it("reroutes built-in providers, applies overrides, then upserts models", () => {
		const builtin = new ModelRuntime(AuthStorage.inMemory(), undefined)
			.getAll()
			.filter((model) => model.provider === "anthropic");
		const first = builtin[0]!;
		const registry = registryWith({
			providers: {
				anthropic: {
					baseUrl: "https://proxy.example.com/v1",
					modelOverrides: { [first.id]: { name: "Renamed", cost: { input: 99 } }, "no-such-model": { name: "x" } },
					models: [{ id: "claude-custom", reasoning: true }],
				},
			},
		});
		const models = registry.getAll().filter((model) => model.provider === "anthropic");
		expect(models).toHaveLength(builtin.length + 1);
		expect(models.every((model) => model.baseUrl === "https://proxy.example.com/v1")).toBe(true);
		const renamed = registry.find("anthropic", first.id)!;
		expect(renamed.name).toBe("Renamed");
		expect(renamed.cost).toEqual({ ...first.cost, input: 99 });
		expect(registry.find("anthropic", "claude-custom")).toMatchObject({ api: "anthropic-messages", reasoning: true });
	});

	it("skips only the malformed entry, naming the file and key path, and keeps the rest", () => {
		const bad = registryWith({
			providers: {
				local: {
					baseUrl: "http://x",
					api: "openai-completions",
					apiKey: "k",
					models: [{ id: "m", contextWindow: -5 }, { id: "good" }],
				},
				broken: { baseUrl: 7, api: "openai-completions", models: [{ id: "x" }] },
			},
		});
		expect(bad.getError()).toBeUndefined();
		expect(bad.getEntryProblems()).toEqual([
			expect.stringMatching(
				/^Invalid .*models\.json: providers\.local\.models\[0\]\.contextWindow must be a positive number; model "m" skipped$/,
			),
			expect.stringMatching(/providers\.broken\.baseUrl must be a non-empty string; provider "broken" skipped$/),
		]);
		expect(bad.find("local", "m")).toBeUndefined();
		expect(bad.find("local", "good")).toBeDefined();
		expect(bad.getAll().length).toBeGreaterThan(10);
		expect(registryWith("{ nope").getError()).toMatch(/models\.json: is not valid JSON/);
	});

	it("accepts a new provider without apiKey (the key may live in auth.json) and pi 1.4's model fields", async () => {
		const auth = AuthStorage.inMemory({ local: { type: "api_key", key: "from-auth" } });
		const registry = registryWith(
			{
				providers: {
					local: {
						name: "Local Server",
						baseUrl: "http://x",
						api: "openai-completions",
						models: [
							{
								id: "m",
								baseUrl: "http://y",
								cost: {
									input: 1,
									output: 2,
									cacheRead: 0,
									cacheWrite: 0,
									tiers: [{ inputTokensAbove: 100, input: 3, output: 4, cacheRead: 0, cacheWrite: 0 }],
								},
								promptCache: { short: 300 },
								inputLimits: { maxRequestBytes: 1000 },
								samplingParams: { temperature: 0.5 },
								samplingParamsByThinkingLevel: { high: { top_k: 20 } },
							},
						],
					},
				},
			},
			auth,
		);
		expect(registry.getEntryProblems()).toEqual([]);
		const model = registry.find("local", "m")!;
		expect(model).toMatchObject({
			baseUrl: "http://y",
			cost: { input: 1, tiers: [{ inputTokensAbove: 100, input: 3 }] },
			promptCache: { short: 300 },
			inputLimits: { maxRequestBytes: 1000 },
			samplingParams: { temperature: 0.5 },
			samplingParamsByThinkingLevel: { high: { top_k: 20 } },
		});
		expect(registry.getProvider("local")?.name).toBe("Local Server");
		expect(await registry.getApiKey("local")).toBe("from-auth");
	});

	it("resolves credentials: auth.json, then env, then models.json; values may be commands or env names", async () => {
		const auth = AuthStorage.inMemory({ custom: { type: "api_key", key: "!echo from-command" } });
		const registry = registryWith(
			{
				providers: {
					custom: { baseUrl: "http://x", api: "openai-completions", apiKey: "json-key", models: [{ id: "m" }] },
					other: {
						baseUrl: "http://x",
						api: "openai-completions",
						apiKey: "$PI_TEST_OTHER_KEY",
						models: [{ id: "m" }],
					},
				},
			},
			auth,
		);
		expect(await registry.getApiKey("custom")).toBe("from-command");
		expect(registry.getCredentialSource("custom")).toEqual({ kind: "auth.json" });
		process.env.PI_TEST_OTHER_KEY = "env-value";
		try {
			expect(await registry.getApiKey("other")).toBe("env-value");
		} finally {
			delete process.env.PI_TEST_OTHER_KEY;
		}
		expect(await registry.getApiKey("other")).toBeUndefined();
		expect(registry.getCredentialSource("anthropic", { ANTHROPIC_API_KEY: "x" })).toEqual({
			kind: "env",
			variable: "ANTHROPIC_API_KEY",
		});
	});

	it("checkAuth tells a stored credential that fails from a missing one, and remembers why", async () => {
		const auth = AuthStorage.inMemory({ custom: { type: "oauth", access: "a", refresh: "r", expires: 0 } });
		const registry = registryWith(
			{ providers: { custom: { baseUrl: "http://x", api: "openai-completions", models: [{ id: "m" }] } } },
			auth,
		);
		const failed = await registry.checkAuth("custom");
		expect(failed).toEqual({ failed: expect.stringContaining("custom") });
		expect(await registry.hasAuth("custom")).toBe(false);
		expect([...registry.getAuthFailures().keys()]).toEqual(["custom"]);
		expect(await registry.checkAuth("google")).toBe(false);
		auth.set("custom", { type: "api_key", key: "k" });
		expect(await registry.checkAuth("custom")).toBe(true);
		expect(registry.getAuthFailures().size).toBe(0);
	});

	it("re-reads models.json on refresh and accepts runtime providers", () => {
		const dir = tempDir();
		const path = join(dir, "models.json");
		writeFileSync(path, "{}");
		const registry = new ModelRuntime(AuthStorage.inMemory(), path);
		expect(registry.find("late", "m")).toBeUndefined();
		writeFileSync(
			path,
			JSON.stringify({
				providers: { late: { baseUrl: "http://x", api: "openai-completions", apiKey: "k", models: [{ id: "m" }] } },
			}),
		);
		registry.refresh();
		expect(registry.find("late", "m")).toBeDefined();
		registry.registerProvider("ext", {
			baseUrl: "http://y",
			api: "anthropic-messages",
			apiKey: "k",
			models: [{ id: "e" }],
		});
		expect(registry.find("ext", "e")?.api).toBe("anthropic-messages");
	});
});
