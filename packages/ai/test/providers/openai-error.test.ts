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
