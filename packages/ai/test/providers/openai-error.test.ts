import { APIConnectionError, APIError, APIUserAbortError } from "openai";
import { describe, expect, it } from "vitest";
import { formatOpenAIError, vendorText } from "../../src/providers/shared/openai-error.js";

describe("formatOpenAIError", () => {
	it("treats an abort as aborted, whatever was thrown", () => {
		expect(formatOpenAIError(new APIUserAbortError())).toEqual({ message: "Request was aborted", aborted: true });
		const controller = new AbortController();
		controller.abort();
		expect(formatOpenAIError(new Error("x"), { signal: controller.signal })).toEqual({
			message: "Request was aborted",
			aborted: true,
		});
	});

	it("appends OpenRouter's upstream text", () => {
		const error = new APIError(
			400,
			{ message: "Provider returned error", metadata: { raw: "upstream said no" } },
			undefined,
			new Headers(),
		);
		expect(formatOpenAIError(error).message).toBe("400 Provider returned error\nupstream said no");
	});

	it("names the cause of a connection error", () => {
		const cause = new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:1") });
		expect(formatOpenAIError(new APIConnectionError({ cause })).message).toBe(
			"Connection error: fetch failed (connect ECONNREFUSED 127.0.0.1:1)",
		);
	});
});

describe("vendorText", () => {
	it("picks a known message field or falls back to the raw text", () => {
		expect(vendorText('{"error":{"message":"nested"}}')).toBe("nested");
		expect(vendorText('{"message":"top"}')).toBe("top");
		expect(vendorText('{"detail":"fastapi"}')).toBe("fastapi");
		expect(vendorText("<html>bad gateway</html>")).toBe("<html>bad gateway</html>");
		expect(vendorText("x".repeat(3000))).toHaveLength(2001);
	});
});

describe("retry delays", () => {
	it("states the server-requested delay and flags one above maxRetryDelayMs", () => {
		const error = new APIError(
			429,
			{ message: "slow down" },
			undefined,
			new Headers({ "retry-after-ms": "1500", "retry-after": "9" }),
		);
		expect(formatOpenAIError(error).message).toBe("429 slow down (server requested a retry delay of 2s)");
		expect(formatOpenAIError(error, { maxRetryDelayMs: 1000 }).message).toContain("longer than maxRetryDelayMs 1000ms");
	});
});

describe("a named API's HTTP errors (pi 1.4's wording, Azure)", () => {
	const prefix = "Azure OpenAI API error";

	it("reads `<prefix> (<status>): <the vendor's error object>`, the retry delay still stated", () => {
		const detail = { message: "Rate limit reached", type: "tokens", param: null, code: "rate_limit_exceeded" };
		const error = new APIError(429, detail, undefined, new Headers({ "retry-after": "1" }));
		expect(formatOpenAIError(error, { httpErrorPrefix: prefix }).message).toBe(
			'Azure OpenAI API error (429): {"message":"Rate limit reached","type":"tokens","param":null,"code":"rate_limit_exceeded"} (server requested a retry delay of 1s)',
		);
	});

	it("shows a body the SDK could not parse as it came, and keeps the bare no-body text for overflow detection", () => {
		const raw = new APIError(502, undefined, undefined, new Headers());
		expect(
			formatOpenAIError(raw, {
				httpErrorPrefix: prefix,
				capture: { status: 502, errorBody: "<html>bad gateway</html>\n" },
			}).message,
		).toBe("Azure OpenAI API error (502): <html>bad gateway</html>");
		const empty = new APIError(413, undefined, undefined, new Headers());
		expect(formatOpenAIError(empty, { httpErrorPrefix: prefix }).message).toBe("413 status code (no body)");
	});
});
