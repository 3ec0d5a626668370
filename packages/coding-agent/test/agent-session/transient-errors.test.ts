import type { AssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { isTransientError } from "../../src/core/agent-session/transient-errors.js";

function failed(errorMessage: string): AssistantMessage {
	return {
		role: "assistant",
		content: [],
		api: "google-vertex",
		provider: "google-vertex",
		model: "gemini-2.5-pro",
		usage: {
			input: 0,
			output: 0,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 0,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "error",
		errorMessage,
		timestamp: 0,
	};
}

describe("isTransientError", () => {
	it.each([
		"429 Rate limit reached for gpt-5 in organization org-x on tokens per min (TPM)",
		"500 The server had an error while processing your request. Sorry about that!",
		"503 UNAVAILABLE: The model is overloaded.",
	])("retries %s", (text) => {
		expect(isTransientError(failed(text))).toBe(true);
	});

	it.each([
		"429 RESOURCE_EXHAUSTED: You exceeded your current quota, please check your plan and billing details.",
		"429 insufficient_quota: You exceeded your current quota.",
		"429 FreeUsageLimitError: Monthly usage limit reached",
	])("does not retry an exhausted quota: %s", (text) => {
		expect(isTransientError(failed(text))).toBe(false);
	});
});
