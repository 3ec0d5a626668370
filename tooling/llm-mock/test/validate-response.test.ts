import { describe, expect, it } from "vitest";
import { findResponseProblem } from "../src/internal/validate-response.js";

describe("findResponseProblem", () => {
	it("accepts an error given by kind alone, or by kind and status", () => {
		expect(findResponseProblem({ type: "error", kind: "invalid_api_key" })).toBeUndefined();
		expect(findResponseProblem({ type: "error", kind: "invalid_api_key", status: 401 })).toBeUndefined();
	});

	it("rejects an unknown kind and an error with neither status nor kind", () => {
		expect(findResponseProblem({ type: "error", kind: "bad_key" })).toBe(
			'error: "kind" must be one of "invalid_api_key"',
		);
		expect(findResponseProblem({ type: "error" })).toMatch(/^error: "status" must be an HTTP status/);
	});

	it("accepts the new reply options in plain data", () => {
		const reply = {
			type: "reply",
			blocks: [{ type: "thinking", text: "a\n\nb", summary: ["a", "b"] }],
			reasoningField: "reasoning",
			vendorStopReason: { "anthropic-messages": "refusal", "google-generative-ai": "SAFETY" },
			streamError: { afterEvents: 1, responsesEvent: "error-flat", code: "server_error" },
		};
		expect(findResponseProblem(reply)).toBeUndefined();
		expect(findResponseProblem({ ...reply, vendorStopReason: "pause_turn" })).toBeUndefined();
	});

	it("names the field of a bad reply option", () => {
		const reply = { type: "reply", blocks: [] };
		expect(findResponseProblem({ ...reply, reasoningField: "thinking" })).toMatch(
			/^reply: "reasoningField" must be one of/,
		);
		expect(findResponseProblem({ ...reply, vendorStopReason: { bedrock: "x" } })).toBe(
			'reply: "vendorStopReason" must be a string or an object mapping API names to strings',
		);
		expect(findResponseProblem({ ...reply, vendorStopReason: 3 })).toMatch(/^reply: "vendorStopReason"/);
		expect(findResponseProblem({ ...reply, streamError: { afterEvents: 0, responsesEvent: "boom" } })).toMatch(
			/^reply: "streamError.responsesEvent" must be one of/,
		);
		expect(findResponseProblem({ ...reply, streamError: { afterEvents: 0, code: 5 } })).toBe(
			'reply: streamError: "code" must be a string',
		);
		expect(findResponseProblem({ type: "reply", blocks: [{ type: "thinking", text: "", summary: [1] }] })).toBe(
			'reply: blocks[0]: thinking: "summary" must be an array of strings',
		);
	});
});
