import { describe, expect, it } from "vitest";
import { getOverflowPatterns, isContextOverflow } from "../src/overflow.js";
import type { AssistantMessage } from "../src/types.js";
import { assistant } from "./support/fixtures.js";

function failed(errorMessage: string): AssistantMessage {
	return assistant([], { stopReason: "error", errorMessage });
}

const OVERFLOW_MESSAGES = [
	"400 invalid_request_error: prompt is too long: 213462 tokens > 200000 maximum",
	"Input is too long for requested model.",
	"Your input exceeds the context window of this model.",
	"The input token count (1196265) exceeds the maximum number of tokens allowed (1048575).",
	"This model's maximum prompt length is 131072 but the request contains 537812 tokens",
	"Please reduce the length of the messages or completion.",
	"This endpoint's maximum context length is 200000 tokens. However, you requested about 250000 tokens",
	"prompt token count of 140000 exceeds the limit of 128000",
	"the request exceeds the available context size, try increasing it",
	"tokens to keep from the initial prompt is greater than the context length",
	"invalid params, context window exceeds limit",
	"Your request exceeded model token limit: 262144 (requested: 300000)",
	"Prompt contains 140000 tokens and 0 draft tokens, too large for model with 131072 maximum context length",
	"model_context_window_exceeded",
	"context_length_exceeded",
	"Context length exceeded",
	"Too many tokens in request",
	"Token limit exceeded for this request",
	"400 status code (no body)",
	"413 (no body)",
];

describe("isContextOverflow", () => {
	it.each(OVERFLOW_MESSAGES)("detects %s", (message) => {
		expect(isContextOverflow(failed(message))).toBe(true);
		expect(isContextOverflow(failed(message.toUpperCase()))).toBe(true);
	});

	it("uses exactly the spec's pattern list, case-insensitive (ai.md §9)", () => {
		expect(getOverflowPatterns().map((pattern) => pattern.source)).toEqual([
			"prompt is too long",
			"input is too long for requested model",
			"exceeds the context window",
			"input token count.*exceeds the maximum",
			"maximum prompt length is \\d+",
			"reduce the length of the messages",
			"maximum context length is \\d+ tokens",
			"exceeds the limit of \\d+",
			"exceeds the available context size",
			"greater than the context length",
			"context window exceeds limit",
			"exceeded model token limit",
			"too large for model with \\d+ maximum context length",
			"model_context_window_exceeded",
			"context[_ ]length[_ ]exceeded",
			"too many tokens",
			"token limit exceeded",
			"^4(00|13)\\s*(status code)?\\s*\\(no body\\)",
		]);
		expect(getOverflowPatterns().every((pattern) => pattern.flags === "i")).toBe(true);
	});

	it("has a message above for every exported pattern", () => {
		for (const pattern of getOverflowPatterns()) {
			expect(
				OVERFLOW_MESSAGES.some((message) => pattern.test(message)),
				String(pattern),
			).toBe(true);
		}
	});

	it("ignores unrelated errors, 429s and successful messages", () => {
		expect(isContextOverflow(failed("429 rate_limit_error: slow down"))).toBe(false);
		expect(isContextOverflow(failed("429 status code (no body)"))).toBe(false);
		expect(isContextOverflow(failed("529 overloaded_error: Overloaded"))).toBe(false);
		expect(isContextOverflow(assistant([{ type: "text", text: "prompt is too long" }]))).toBe(false);
		expect(isContextOverflow(assistant([], { stopReason: "aborted", errorMessage: "prompt is too long" }))).toBe(false);
	});

	it("detects silent overflow when input plus cache reads exceed the window", () => {
		const message = assistant([{ type: "text", text: "ok" }]);
		message.usage.input = 600;
		message.usage.cacheRead = 500;
		expect(isContextOverflow(message, 1000)).toBe(true);
		expect(isContextOverflow(message, 1100)).toBe(false);
		expect(isContextOverflow(message)).toBe(false);
		expect(isContextOverflow({ ...message, stopReason: "length" }, 1000)).toBe(false);
	});

	it("lets callers extend the live pattern list", () => {
		const patterns = getOverflowPatterns();
		const custom = /my server says context full/i;
		patterns.push(custom);
		try {
			expect(isContextOverflow(failed("My server says context full"))).toBe(true);
		} finally {
			patterns.splice(patterns.indexOf(custom), 1);
		}
		expect(isContextOverflow(failed("My server says context full"))).toBe(false);
	});
});
