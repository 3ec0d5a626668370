import { describe, expect, it } from "vitest";
import { normalizeCompletionsToolCallId } from "../../src/providers/openai-completions-tool-call-id.js";

describe("normalizeCompletionsToolCallId", () => {
	it("keeps only the sanitised call id of a callId|itemId pair, at most 40 characters", () => {
		expect(normalizeCompletionsToolCallId("call_abc|fc_123", { provider: "x" }, "openai")).toBe("call_abc");
		expect(normalizeCompletionsToolCallId("call+a/b=|fc_1", { provider: "x" }, "openai")).toBe("call_a_b_");
		expect(normalizeCompletionsToolCallId(`${"c".repeat(60)}|fc`, { provider: "x" }, "openai")).toBe("c".repeat(40));
	});

	it("truncates long ids for provider openai only", () => {
		const long = `toolu_${"x".repeat(50)}`;
		expect(normalizeCompletionsToolCallId(long, { provider: "openai" }, "openai")).toBe(long.slice(0, 40));
		expect(normalizeCompletionsToolCallId(long, { provider: "groq" }, "openai")).toBe(long);
	});

	it("makes Mistral ids of exactly 9 alphanumerics, stable and distinct", () => {
		const a = normalizeCompletionsToolCallId("toolu_01ABCDEF", { provider: "mistral" }, "mistral");
		const b = normalizeCompletionsToolCallId("toolu_01ABCDEG", { provider: "mistral" }, "mistral");
		expect(a).toMatch(/^[A-Za-z0-9]{9}$/);
		expect(b).toMatch(/^[A-Za-z0-9]{9}$/);
		expect(a).not.toBe(b);
		expect(normalizeCompletionsToolCallId("toolu_01ABCDEF", { provider: "mistral" }, "mistral")).toBe(a);
		expect(normalizeCompletionsToolCallId("Ab3dE6gH9", { provider: "mistral" }, "mistral")).toBe("Ab3dE6gH9");
	});
});
