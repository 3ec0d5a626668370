import { chmodSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AuthStorage } from "../../src/core/config/auth-storage.js";
import { clearConfigValueCache } from "../../src/core/config/config-value.js";
import { ModelRuntime } from "../../src/core/models/model-runtime.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const savedAnthropicKey = process.env.ANTHROPIC_API_KEY;

beforeEach(() => {
	clearConfigValueCache();
	delete process.env.ANTHROPIC_API_KEY;
});
afterEach(() => {
	if (savedAnthropicKey === undefined) delete process.env.ANTHROPIC_API_KEY;
	else process.env.ANTHROPIC_API_KEY = savedAnthropicKey;
	delete process.env.PI_TEST_HEADER_VALUE;
});

function modelsFile(content: unknown): string {
	const path = join(tempDir(), "models.json");
	writeFileSync(path, JSON.stringify(content));
	return path;
}

const local = (extra: Record<string, unknown> = {}) => ({
	baseUrl: "http://127.0.0.1:9/v1",
	api: "openai-completions",
	apiKey: "local-key",
	models: [{ id: "m" }],
	...extra,
});

describe("models.json rules", () => {
	it("is re-read whenever the available models are requested", async () => {
		const path = modelsFile({});
		const runtime = new ModelRuntime(AuthStorage.inMemory(), path);
		expect((await runtime.getAvailable()).some((model) => model.provider === "late")).toBe(false);
		writeFileSync(path, JSON.stringify({ providers: { late: local() } }));
		expect((await runtime.getAvailable()).map((model) => `${model.provider}/${model.id}`)).toContain("late/m");
	});

	it("resolves header values and adds Authorization: Bearer <apiKey> with authHeader", () => {
		process.env.PI_TEST_HEADER_VALUE = "from-env";
		const path = modelsFile({
			providers: {
				local: local({
					apiKey: "!echo cmd-key",
					authHeader: true,
					headers: { "X-Env": "${PI_TEST_HEADER_VALUE}", "X-Literal": "plain" },
				}),
			},
		});
		const runtime = new ModelRuntime(AuthStorage.inMemory(), path);
		expect(runtime.find("local", "m")?.headers).toEqual({
			"X-Env": "from-env",
			"X-Literal": "plain",
			Authorization: "Bearer cmd-key",
		});
	});

	it("applies modelOverrides before models upserts of the same id", () => {
		const builtinId = new ModelRuntime(AuthStorage.inMemory(), undefined)
			.getAll()
			.find((model) => model.provider === "anthropic")!.id;
		const path = modelsFile({
			providers: {
				anthropic: {
					modelOverrides: { [builtinId]: { name: "From override", maxTokens: 1234 } },
					models: [{ id: builtinId, name: "From upsert" }],
				},
			},
		});
		const model = new ModelRuntime(AuthStorage.inMemory(), path).find("anthropic", builtinId)!;
		expect(model.name).toBe("From upsert");
		expect(model.maxTokens).toBe(1234);
	});

	it("resolves a built-in provider's key: runtime key, then auth.json, then env, then models.json", async () => {
		const path = modelsFile({ providers: { anthropic: { baseUrl: "https://proxy.example/v1", apiKey: "json-key" } } });
		const auth = AuthStorage.inMemory();
		const runtime = new ModelRuntime(auth, path);
		expect(await runtime.getApiKey("anthropic")).toBe("json-key");
		process.env.ANTHROPIC_API_KEY = "env-key";
		expect(await runtime.getApiKey("anthropic")).toBe("env-key");
		auth.set("anthropic", { type: "api_key", key: "stored-key" });
		expect(await runtime.getApiKey("anthropic")).toBe("stored-key");
		expect(runtime.getCredentialSource("anthropic")).toEqual({ kind: "auth.json" });
		runtime.setRuntimeApiKey("anthropic", "cli-key");
		expect(await runtime.getApiKey("anthropic")).toBe("cli-key");
	});

	it("treats a failing !command as no key and reports it naming the file and key", async () => {
		const path = modelsFile({ providers: { local: local({ apiKey: "!echo boom >&2; exit 1" }) } });
		const auth = AuthStorage.inMemory({ openai: { type: "api_key", key: "$PI_TEST_UNSET_VARIABLE" } });
		const runtime = new ModelRuntime(auth, path);
		expect(await runtime.getApiKey("local")).toBeUndefined();
		expect((await runtime.getAvailable()).some((model) => model.provider === "local")).toBe(false);
		expect(runtime.getValueDiagnostics()).toEqual(
			expect.arrayContaining([
				`${path}: providers.local.apiKey: Command "echo boom >&2; exit 1" failed: boom`,
				"(memory): openai.key: Environment variable PI_TEST_UNSET_VARIABLE is not set",
			]),
		);
	});

	it("runs !command values with the configured shell", async () => {
		const shell = join(tempDir(), "fake-shell");
		writeFileSync(shell, '#!/bin/sh\necho "shell-key"\n');
		chmodSync(shell, 0o755);
		const path = modelsFile({ providers: { local: local({ apiKey: "!ignored" }) } });
		const runtime = new ModelRuntime(AuthStorage.inMemory(), path, { shellPath: shell });
		expect(await runtime.getApiKey("local")).toBe("shell-key");
	});
});
