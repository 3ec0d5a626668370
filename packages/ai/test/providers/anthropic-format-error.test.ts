import { APIConnectionError, APIError } from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { formatAnthropicError } from "../../src/providers/anthropic-format-error.js";

function httpError(status: number, body: unknown, headers: Record<string, string> = {}): APIError {
	return APIError.generate(status, body as object, undefined, new Headers(headers));
}

describe("formatAnthropicError", () => {
	it("keeps the status, the vendor's error type and its message", () => {
		const error = httpError(529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
		expect(formatAnthropicError(error)).toBe("529 overloaded_error: Overloaded");
	});

	it("states the retry-after delay, and says when it is longer than maxRetryDelayMs", () => {
		const body = { type: "error", error: { type: "rate_limit_error", message: "Slow down" } };
		expect(formatAnthropicError(httpError(429, body, { "retry-after": "20" }))).toBe(
			"429 rate_limit_error: Slow down (server requested a retry delay of 20s)",
		);
		expect(formatAnthropicError(httpError(429, body, { "retry-after": "120" }), 60_000)).toBe(
			"429 rate_limit_error: Slow down (server requested a retry delay of 120s, longer than maxRetryDelayMs 60000ms; not retrying)",
		);
		expect(formatAnthropicError(httpError(429, body, { "retry-after-ms": "1500" }), 0)).toBe(
			"429 rate_limit_error: Slow down (server requested a retry delay of 2s)",
		);
	});

	it("keeps the SDK's wording for an empty body, which overflow detection matches", () => {
		expect(formatAnthropicError(httpError(400, undefined))).toBe("400 status code (no body)");
	});

	it("formats an in-stream error event, which has no HTTP status", () => {
		const error = new APIError(
			undefined,
			{ type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
			undefined,
			undefined,
		);
		expect(formatAnthropicError(error)).toBe("overloaded_error: Overloaded");
	});

	it("names the cause of a connection error", () => {
		const error = new APIConnectionError({
			cause: new TypeError("fetch failed", { cause: new Error("ECONNREFUSED") }),
		});
		expect(formatAnthropicError(error)).toBe("Connection error: fetch failed (ECONNREFUSED)");
	});

	it("describes anything else without throwing", () => {
		expect(formatAnthropicError(new TypeError("terminated", { cause: new Error("other side closed") }))).toBe(
			"terminated (other side closed)",
		);
		expect(formatAnthropicError(new SyntaxError("Unexpected token"))).toBe(
			"Invalid JSON in Anthropic stream: Unexpected token",
		);
		expect(formatAnthropicError("plain string")).toBe("plain string");
		expect(formatAnthropicError(null)).toBe("null");
	});
});
