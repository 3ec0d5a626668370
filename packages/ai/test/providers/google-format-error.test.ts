import { ApiError } from "@google/genai";
import { describe, expect, it } from "vitest";
import { formatGoogleError, googleRetryDelayMs } from "../../src/providers/google-format-error.js";

function apiError(status: number, error: Record<string, unknown>): ApiError {
	return new ApiError({ status, message: JSON.stringify({ error }) });
}

describe("formatGoogleError", () => {
	it("keeps the status, Google's status name and its message", () => {
		const error = apiError(429, { code: 429, message: "Quota exceeded.", status: "RESOURCE_EXHAUSTED" });
		expect(formatGoogleError(error)).toBe("429 RESOURCE_EXHAUSTED: Quota exceeded.");
	});

	it("states a RetryInfo delay, and says when it is longer than maxRetryDelayMs", () => {
		const details = [
			{ "@type": "type.googleapis.com/google.rpc.QuotaFailure", violations: [] },
			{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "95s" },
		];
		const error = apiError(429, { code: 429, message: "Quota exceeded.", status: "RESOURCE_EXHAUSTED", details });
		expect(formatGoogleError(error, 60_000)).toBe(
			"429 RESOURCE_EXHAUSTED: Quota exceeded. (server requested a retry delay of 95s, longer than maxRetryDelayMs 60000ms; not retrying)",
		);
		expect(googleRetryDelayMs(details)).toBe(95_000);
		expect(googleRetryDelayMs([{ "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "0.5s" }])).toBe(500);
	});

	it("reads the error chunk format of an in-stream error", () => {
		const body = { error: { code: 503, message: "The model is overloaded.", status: "UNAVAILABLE" } };
		const error = new ApiError({ status: 503, message: `got status: UNAVAILABLE. ${JSON.stringify(body)}` });
		expect(formatGoogleError(error)).toBe("503 UNAVAILABLE: The model is overloaded.");
	});

	it("says when the body was empty, in the wording overflow detection matches", () => {
		const error = apiError(400, { code: 400, message: "", status: "Bad Request" });
		expect(formatGoogleError(error)).toBe("400 status code (no body)");
	});

	it("describes network failures and bad JSON", () => {
		expect(formatGoogleError(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") }))).toBe(
			"Connection error: fetch failed (connect ECONNREFUSED)",
		);
		expect(formatGoogleError(new TypeError("terminated", { cause: new Error("other side closed") }))).toBe(
			"terminated (other side closed)",
		);
		expect(formatGoogleError(new SyntaxError("Unexpected end of JSON input"))).toBe(
			"Invalid JSON in Gemini stream: Unexpected end of JSON input",
		);
		expect(formatGoogleError(42)).toBe("42");
	});
});
