import { describe, expect, it } from "vitest";
import { describeRetryDelay, parseRetryAfterHeaders } from "../../../src/providers/shared/retry-delay.js";

describe("parseRetryAfterHeaders", () => {
	it("prefers retry-after-ms, then retry-after seconds, then an HTTP date", () => {
		expect(parseRetryAfterHeaders(new Headers({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
		expect(parseRetryAfterHeaders(new Headers({ "retry-after": "1.5" }))).toBe(1500);
		const now = Date.parse("2026-01-01T00:00:00Z");
		expect(parseRetryAfterHeaders(new Headers({ "retry-after": "Thu, 01 Jan 2026 00:00:30 GMT" }), now)).toBe(30_000);
	});

	it("returns undefined without a usable header", () => {
		expect(parseRetryAfterHeaders(undefined)).toBeUndefined();
		expect(parseRetryAfterHeaders(new Headers())).toBeUndefined();
		expect(parseRetryAfterHeaders(new Headers({ "retry-after": "soon" }))).toBeUndefined();
	});
});

describe("describeRetryDelay", () => {
	it("states the delay, and that it exceeds the cap when it does (0 = no cap)", () => {
		expect(describeRetryDelay(undefined)).toBe("");
		expect(describeRetryDelay(30_000)).toBe(" (server requested a retry delay of 30s)");
		expect(describeRetryDelay(90_000)).toBe(
			" (server requested a retry delay of 90s, longer than maxRetryDelayMs 60000ms; not retrying)",
		);
		expect(describeRetryDelay(90_000, 0)).toBe(" (server requested a retry delay of 90s)");
	});
});
