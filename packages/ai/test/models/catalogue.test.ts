import { describe, expect, it } from "vitest";
import { getEnvApiKeyVars } from "../../src/env-api-keys.js";
import { builtinModels } from "../../src/models/builtin-models.js";
import { BUILTIN_PROVIDER_FACTORIES, builtinProviders } from "../../src/models/builtin-providers.js";
import { CATALOGUE_MODEL_COUNT } from "../../src/models/generated/index.js";
import { BUILTIN_APIS } from "../../src/providers/register-builtins.js";
import { getSupportedThinkingLevels } from "../../src/thinking-levels.js";
import { calculateCost, emptyUsage } from "../../src/utils/calculate-cost.js";

/** A sample of providers with their documented variable and API (from pi 1.4's provider documentation). */
const SAMPLE: Record<string, { envVar: string; api: string; baseUrl?: string }> = {
	anthropic: { envVar: "ANTHROPIC_API_KEY", api: "anthropic-messages", baseUrl: "https://api.anthropic.com" },
	deepseek: { envVar: "DEEPSEEK_API_KEY", api: "openai-completions", baseUrl: "https://api.deepseek.com" },
	fireworks: { envVar: "FIREWORKS_API_KEY", api: "openai-completions" },
	together: { envVar: "TOGETHER_API_KEY", api: "openai-completions", baseUrl: "https://api.together.ai/v1" },
	"amazon-bedrock": { envVar: "AWS_BEARER_TOKEN_BEDROCK", api: "bedrock-converse-stream" },
	"google-vertex": { envVar: "GOOGLE_CLOUD_API_KEY", api: "google-vertex" },
	azure: { envVar: "AZURE_OPENAI_API_KEY", api: "azure-openai-responses" },
	mistral: { envVar: "MISTRAL_API_KEY", api: "mistral-conversations", baseUrl: "https://api.mistral.ai" },
	radius: { envVar: "RADIUS_API_KEY", api: "pi-messages" },
	moonshotai: { envVar: "MOONSHOT_API_KEY", api: "openai-completions" },
};

describe("built-in catalogue", () => {
	const providers = builtinProviders();

	it("has the 42 providers of the reference catalogue and about 1,600 models", () => {
		expect(providers).toHaveLength(42);
		const total = providers.reduce((sum, provider) => sum + provider.models.length, 0);
		expect(total).toBeGreaterThanOrEqual(CATALOGUE_MODEL_COUNT);
		expect(CATALOGUE_MODEL_COUNT).toBeGreaterThan(1500);
		for (const provider of providers) {
			if (provider.id === "typesafe") continue; // classifier models only: none pi can chat with
			expect(provider.models.length, provider.id).toBeGreaterThan(0);
			for (const model of provider.models) expect(model.provider).toBe(provider.id);
		}
	});

	it("uses each sampled provider's variable, API and base URL", () => {
		for (const [id, expected] of Object.entries(SAMPLE)) {
			const provider = BUILTIN_PROVIDER_FACTORIES[id as keyof typeof BUILTIN_PROVIDER_FACTORIES]();
			expect(provider.auth.apiKey?.envVars, id).toContain(expected.envVar);
			expect(getEnvApiKeyVars(id), id).toContain(expected.envVar);
			expect(
				provider.models.some((model) => model.api === expected.api),
				id,
			).toBe(true);
			if (expected.baseUrl) expect(provider.models[0]?.baseUrl, id).toBe(expected.baseUrl);
		}
	});

	it("only uses APIs pi implements", () => {
		const apis = new Set(BUILTIN_APIS);
		for (const model of providers.flatMap((provider) => provider.models)) {
			expect(apis.has(model.api), `${model.provider}/${model.id}: ${model.api}`).toBe(true);
		}
	});

	it("describes every model with plausible, JSON-safe data", () => {
		for (const model of providers.flatMap((provider) => provider.models)) {
			const label = `${model.provider}/${model.id}`;
			expect(model.name, label).not.toBe("");
			expect(model.contextWindow, label).toBeGreaterThan(0);
			expect(model.maxTokens, label).toBeGreaterThan(0);
			expect(model.input, label).toContain("text");
			for (const price of [model.cost.input, model.cost.output, model.cost.cacheRead, model.cost.cacheWrite])
				expect(price, label).toBeGreaterThanOrEqual(0);
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

	it("registers pi 1.4's models only, not pi's earlier lists (--list-models counts as 1.4)", () => {
		const models = builtinModels();
		expect(models.getModel("anthropic", "claude-opus-4-6")).toBeDefined();
		expect(models.getModel("openai", "gpt-5.2")).toBeDefined();
		expect(models.getModel("xai", "grok-4.3")).toBeDefined();
		expect(models.getModel("xai", "grok-4" as never)).toBeUndefined();
		expect(models.getModel("anthropic", "claude-sonnet-4-20250514" as never)).toBeUndefined();
		expect(BUILTIN_PROVIDER_FACTORIES.xai().models.map((model) => model.id)).toEqual([
			"grok-4.3",
			"grok-4.5",
			"grok-4.6",
			"grok-4.7",
		]);
	});

	it("exposes xhigh/max for the models that support them", () => {
		const models = builtinModels();
		expect(getSupportedThinkingLevels(models.getModel("anthropic", "claude-opus-4-6")!)).toContain("max");
		expect(getSupportedThinkingLevels(models.getModel("openai", "gpt-5.2")!)).toContain("xhigh");
		expect(getSupportedThinkingLevels(models.getModel("openai", "gpt-4o")!)).toEqual(["off"]);
	});

	it("prices a long prompt at its tier", () => {
		const tiered = builtinProviders()
			.flatMap((provider) => provider.models)
			.find((model) => (model.cost.tiers?.length ?? 0) > 0)!;
		const tier = tiered.cost.tiers![0]!;
		const usage = { ...emptyUsage(), input: tier.inputTokensAbove + 1, output: 1000 };
		calculateCost(tiered, usage);
		expect(usage.cost.input).toBeCloseTo((usage.input * tier.input) / 1e6, 10);
		const short = { ...emptyUsage(), input: 1000, output: 1000 };
		calculateCost(tiered, short);
		expect(short.cost.input).toBeCloseTo((1000 * tiered.cost.input) / 1e6, 10);
	});
});
