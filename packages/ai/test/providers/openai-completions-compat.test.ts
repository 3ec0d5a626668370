import { describe, expect, it } from "vitest";
import { detectCompletionsCompat, resolveCompletionsCompat } from "../../src/providers/openai-completions-compat.js";
import { testModel } from "../support/fixtures.js";

function detect(baseUrl: string, provider = "custom") {
	return detectCompletionsCompat({ baseUrl, provider });
}

describe("detectCompletionsCompat", () => {
	it("gives unknown servers the spec defaults", () => {
		expect(detect("https://llm.example.com/v1")).toMatchObject({
			supportsStore: true,
			supportsDeveloperRole: true,
			supportsReasoningEffort: true,
			supportsUsageInStreaming: true,
			supportsStrictMode: false,
			maxTokensField: "max_completion_tokens",
			requiresToolResultName: false,
			requiresAssistantAfterToolResult: false,
			requiresThinkingAsText: false,
			thinkingFormat: "openai",
			toolCallIdFormat: "openai",
		});
	});

	it("recognises local servers by their default ports", () => {
		expect(detect("http://localhost:11434/v1")).toMatchObject({
			supportsDeveloperRole: false,
			supportsReasoningEffort: false,
			supportsStore: false,
		});
		expect(detect("http://127.0.0.1:1234/v1")).toMatchObject({
			supportsDeveloperRole: false,
			maxTokensField: "max_tokens",
		});
		expect(detect("http://localhost:8080/v1")).toMatchObject({ maxTokensField: "max_tokens", supportsStore: false });
		expect(detect("http://localhost:8000/v1")).toMatchObject({
			supportsDeveloperRole: false,
			supportsStore: false,
			maxTokensField: "max_completion_tokens",
		});
		// The same ports on a remote host say nothing.
		expect(detect("https://gpu.example.com:1234/v1")).toMatchObject({
			supportsDeveloperRole: true,
			maxTokensField: "max_completion_tokens",
		});
	});

	it("recognises hosted vendors by host or provider id", () => {
		expect(detect("https://openrouter.ai/api/v1")).toMatchObject({
			thinkingFormat: "openrouter",
			isOpenRouter: true,
			supportsStore: false,
		});
		expect(detect("https://api.mistral.ai/v1")).toMatchObject({
			requiresToolResultName: true,
			requiresThinkingAsText: true,
			toolCallIdFormat: "mistral",
			maxTokensField: "max_tokens",
		});
		expect(detect("https://api.deepseek.com/v1")).toMatchObject({
			thinkingFormat: "deepseek",
			supportsReasoningEffort: false,
		});
		expect(detect("https://api.z.ai/api/paas/v4")).toMatchObject({ thinkingFormat: "zai" });
		expect(detect("https://dashscope-intl.aliyuncs.com/compatible-mode/v1")).toMatchObject({ thinkingFormat: "qwen" });
		expect(detect("https://api.x.ai/v1")).toMatchObject({
			supportsReasoningEffort: false,
			supportsDeveloperRole: false,
		});
		expect(detect("https://api.groq.com/openai/v1")).toMatchObject({
			reasoningEffortMap: { minimal: "low" },
			supportsStore: false,
		});
		expect(detect("https://api.cerebras.ai/v1")).toMatchObject({ supportsStore: false, supportsDeveloperRole: false });
		expect(detect("https://api.openai.com/v1")).toMatchObject({
			isOpenAI: true,
			supportsStore: true,
			supportsDeveloperRole: true,
		});
		expect(detect("https://proxy.internal/v1", "deepseek")).toMatchObject({ thinkingFormat: "deepseek" });
	});
});

describe("resolveCompletionsCompat", () => {
	it("merges model.compat over the detected flags field by field", () => {
		const model = testModel({
			baseUrl: "http://localhost:11434/v1",
			compat: { supportsReasoningEffort: true, maxTokensField: "max_tokens", reasoningEffortMap: { high: "max" } },
		});
		expect(resolveCompletionsCompat(model)).toMatchObject({
			supportsDeveloperRole: false,
			supportsStore: false,
			supportsReasoningEffort: true,
			maxTokensField: "max_tokens",
			reasoningEffortMap: { high: "max" },
		});
	});

	it("merges reasoningEffortMap per level and ignores undefined fields", () => {
		const model = testModel({
			baseUrl: "https://api.groq.com/openai/v1",
			compat: { reasoningEffortMap: { high: "high" }, supportsStore: undefined },
		});
		expect(resolveCompletionsCompat(model)).toMatchObject({
			supportsStore: false,
			reasoningEffortMap: { minimal: "low", high: "high" },
		});
	});
});
