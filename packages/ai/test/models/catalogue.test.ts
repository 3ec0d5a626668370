import { describe, expect, it } from "vitest";
import { getEnvApiKeyVars } from "../../src/env-api-keys.js";
import { builtinModels } from "../../src/models/builtin-models.js";
import { BUILTIN_PROVIDER_FACTORIES, builtinProviders } from "../../src/models/builtin-providers.js";
import { getSupportedThinkingLevels } from "../../src/thinking-levels.js";

const BASE_URLS: Record<string, string> = {
	anthropic: "https://api.anthropic.com",
	openai: "https://api.openai.com/v1",
	google: "https://generativelanguage.googleapis.com/v1beta",
	xai: "https://api.x.ai/v1",
	groq: "https://api.groq.com/openai/v1",
	cerebras: "https://api.cerebras.ai/v1",
	openrouter: "https://openrouter.ai/api/v1",
	mistral: "https://api.mistral.ai/v1",
};

const APIS: Record<string, string> = {
	anthropic: "anthropic-messages",
	openai: "openai-responses",
	google: "google-generative-ai",
	xai: "openai-completions",
	groq: "openai-completions",
	cerebras: "openai-completions",
	openrouter: "openai-completions",
	mistral: "openai-completions",
};

describe("built-in catalogue", () => {
	const providers = builtinProviders();

	it("has every built-in provider with its base URL and API", () => {
		expect(providers.map((provider) => provider.id).sort()).toEqual(Object.keys(BASE_URLS).sort());
		for (const provider of providers) {
			expect(provider.models.length, provider.id).toBeGreaterThan(3);
			for (const model of provider.models) {
				expect(model.provider).toBe(provider.id);
				expect(model.baseUrl).toBe(BASE_URLS[provider.id]);
				expect(model.api).toBe(APIS[provider.id]);
			}
		}
	});

	it("describes every model with plausible, JSON-safe data", () => {
		for (const model of providers.flatMap((provider) => provider.models)) {
			const label = `${model.provider}/${model.id}`;
			expect(model.name, label).not.toBe("");
			expect(model.contextWindow, label).toBeGreaterThanOrEqual(8_192);
			expect(model.maxTokens, label).toBeGreaterThan(0);
			expect(model.maxTokens, label).toBeLessThanOrEqual(model.contextWindow);
			expect(model.input, label).toContain("text");
			for (const price of Object.values(model.cost)) expect(price, label).toBeGreaterThanOrEqual(0);
			expect(model.cost.output, label).toBeGreaterThanOrEqual(model.cost.input);
			expect(JSON.parse(JSON.stringify(model)), label).toEqual(model);
		}
	});

	it("has unique model ids per provider", () => {
		for (const provider of providers) {
			const ids = provider.models.map((model) => model.id);
			expect(new Set(ids).size, provider.id).toBe(ids.length);
		}
	});

	it("gives each factory call fresh model objects", () => {
		const a = BUILTIN_PROVIDER_FACTORIES.anthropic();
		const b = BUILTIN_PROVIDER_FACTORIES.anthropic();
		expect(a.models[0]).toEqual(b.models[0]);
		a.models[0]!.input.push("image");
		expect(a.models[0]!.input).not.toBe(b.models[0]!.input);
	});

	it("uses each provider's documented environment variables", () => {
		for (const provider of providers) expect(provider.auth.apiKey?.envVars).toEqual(getEnvApiKeyVars(provider.id));
		expect(getEnvApiKeyVars("anthropic")).toEqual(["ANTHROPIC_API_KEY", "ANTHROPIC_OAUTH_TOKEN"]);
	});

	it("marks Mistral models with the Mistral compat flags", () => {
		for (const model of builtinModels().getModels("mistral")) {
			expect(model.compat).toMatchObject({
				maxTokensField: "max_tokens",
				requiresToolResultName: true,
				requiresThinkingAsText: true,
			});
		}
	});

	it("exposes xhigh/max for the models that support them", () => {
		const models = builtinModels();
		expect(getSupportedThinkingLevels(models.getModel("anthropic", "claude-opus-4-6")!)).toContain("max");
		expect(getSupportedThinkingLevels(models.getModel("openai", "gpt-5.2")!)).toContain("xhigh");
		expect(getSupportedThinkingLevels(models.getModel("openai", "gpt-4o")!)).toEqual(["off"]);
	});
});
