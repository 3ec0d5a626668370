import { describe, expect, it } from "vitest";
import {
	type AnthropicOptions,
	createModels,
	fauxProvider,
	type GoogleOptions,
	type OpenAICompletionsOptions,
	type OpenAIResponsesOptions,
	type StreamOptions,
} from "../src/index.js";

// The option types are imported from the entry point: this file only compiles (tsc -b of the test
// project) while index.ts exports them. They are `export type`, so no vendor SDK loads for them
// (see "lazy vendor SDK loading" in api-registry.test.ts).
const anthropic: AnthropicOptions = {
	thinkingEnabled: true,
	thinkingBudgetTokens: 2048,
	effort: "xhigh",
	toolChoice: { type: "tool", name: "read" },
};
const google: GoogleOptions = { thinking: { enabled: true, level: "HIGH" }, toolChoice: "any" };
const completions: OpenAICompletionsOptions = { reasoningEffort: "high", toolChoice: "required" };
const responses: OpenAIResponsesOptions = { reasoningEffort: "low", reasoningSummary: "concise", serviceTier: "flex" };

const perApi: { api: string; options: StreamOptions }[] = [
	{ api: "anthropic-messages", options: anthropic },
	{ api: "google-generative-ai", options: google },
	{ api: "openai-completions", options: completions },
	{ api: "openai-responses", options: responses },
];

describe("public option types", () => {
	it.each(perApi)("passes $api options through Models.stream to the API module unchanged", async ({ options }) => {
		const faux = fauxProvider();
		faux.setResponses(["ok"]);
		const models = createModels();
		models.setProvider(faux.provider);
		const result = await models.complete(faux.getModel(), { messages: [] }, options);
		expect(result.stopReason).toBe("stop");
		expect(faux.state.requests[0]?.options).toMatchObject(options);
	});
});
