import { describe, expect, it } from "vitest";
import { formatMistralError } from "../../src/providers/mistral-format-error.js";

/** What the Mistral SDK throws for an HTTP error: status, raw body, headers. */
function httpError(statusCode: number, body: string, headers = new Headers()): Error {
	return Object.assign(new Error(`API error occurred: Status ${statusCode}`), { statusCode, body, headers });
}

describe("formatMistralError (pi 1.4's wording)", () => {
	it("reads `Mistral API error (<status>): <body as sent>`, the retry delay still stated", () => {
		const body = '{"object":"error","message":"Requests rate limit exceeded","type":"rate_limited","code":"1300"}';
		expect(formatMistralError(httpError(429, `${body}\n`, new Headers({ "retry-after": "2" })), undefined)).toBe(
			`Mistral API error (429): ${body} (server requested a retry delay of 2s)`,
		);
		expect(formatMistralError(httpError(500, "Internal Server Error"), undefined)).toBe(
			"Mistral API error (500): Internal Server Error",
		);
	});

	it("caps a long body at 4,000 characters and keeps the bare no-body text for overflow detection", () => {
		const message = formatMistralError(httpError(400, "x".repeat(4100)), undefined);
		expect(message).toBe(`Mistral API error (400): ${"x".repeat(4000)}... [truncated 100 chars]`);
		expect(formatMistralError(httpError(413, " "), undefined)).toBe("413 status code (no body)");
	});
});
