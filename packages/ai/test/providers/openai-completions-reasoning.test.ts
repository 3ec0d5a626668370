import { describe, expect, it } from "vitest";
import { streamSimple } from "../../src/providers/openai-completions.js";
import type { Model, OpenAICompletionsCompat, ThinkingLevel } from "../../src/types.js";
import { collect, mockModel, useMockLlm } from "./openai-test-support.js";

const server = useMockLlm();
const THINKING_FIELDS = ["reasoning_effort", "reasoning", "thinking", "enable_thinking", "chat_template_kwargs"];

/** The thinking-related fields `streamSimple` sent for a level. */
async function thinkingFieldsFor(
	level: ThinkingLevel | "off",
	compat: OpenAICompletionsCompat,
	overrides: Partial<Model> = {},
) {
	server.mock.enqueue({ type: "reply", blocks: [{ type: "text", text: "ok" }] });
	const model = mockModel("openai-completions", server.mock.url, { compat, ...overrides });
	const options = level === "off" ? { apiKey: "k" } : { apiKey: "k", reasoning: level };
	const { result } = await collect(
		streamSimple(model, { messages: [{ role: "user", content: "hi", timestamp: 1 }] }, options),
	);
	expect(result.stopReason).toBe("stop");
	const body = server.mock.requests.at(-1)?.body as Record<string, unknown>;
	return Object.fromEntries(THINKING_FIELDS.filter((field) => field in body).map((field) => [field, body[field]]));
}

describe("openai-completions streamSimple reasoning mapping (ai.md §7.2)", () => {
	// [thinkingFormat, level, expected fields]; gpt-5-mini has no xhigh, so xhigh clamps to high.
	const table: [OpenAICompletionsCompat["thinkingFormat"], ThinkingLevel | "off", Record<string, unknown>][] = [
		["openai", "off", {}],
		["openai", "minimal", { reasoning_effort: "minimal" }],
		["openai", "medium", { reasoning_effort: "medium" }],
		["openai", "xhigh", { reasoning_effort: "high" }],
		["openrouter", "off", { reasoning: { effort: "none" } }],
		["openrouter", "low", { reasoning: { effort: "low" } }],
		["deepseek", "off", { thinking: { type: "disabled" } }],
		["deepseek", "high", { thinking: { type: "enabled" } }],
		["zai", "off", { thinking: { type: "disabled" } }],
		["zai", "medium", { thinking: { type: "enabled" } }],
		["qwen", "off", { enable_thinking: false }],
		["qwen", "medium", { enable_thinking: true }],
		["qwen-chat-template", "off", { chat_template_kwargs: { enable_thinking: false } }],
		["qwen-chat-template", "high", { chat_template_kwargs: { enable_thinking: true } }],
	];
	it.each(table)("%s / %s", async (thinkingFormat, level, expected) => {
		expect(await thinkingFieldsFor(level, { thinkingFormat })).toEqual(expected);
	});

	it("chat-template sends the user's kwargs", async () => {
		expect(
			await thinkingFieldsFor("high", { thinkingFormat: "chat-template", chatTemplateKwargs: { reasoning: "on" } }),
		).toEqual({
			chat_template_kwargs: { reasoning: "on" },
		});
	});

	it("sends xhigh as-is when the model supports it", async () => {
		expect(await thinkingFieldsFor("xhigh", {}, { id: "gpt-5.2" })).toEqual({ reasoning_effort: "xhigh" });
		expect(await thinkingFieldsFor("xhigh", {}, { thinkingLevelMap: { xhigh: "xhigh" } })).toEqual({
			reasoning_effort: "xhigh",
		});
	});

	it("uses reasoningEffortMap, then thinkingLevelMap strings, for the vendor value", async () => {
		expect(await thinkingFieldsFor("minimal", { reasoningEffortMap: { minimal: "low" } })).toEqual({
			reasoning_effort: "low",
		});
		expect(await thinkingFieldsFor("high", {}, { thinkingLevelMap: { high: "max" } })).toEqual({
			reasoning_effort: "max",
		});
		expect(
			await thinkingFieldsFor("low", { thinkingFormat: "openrouter", reasoningEffortMap: { low: "minimal" } }),
		).toEqual({
			reasoning: { effort: "minimal" },
		});
	});

	it("omits reasoning_effort when the server does not support it, and everything for non-reasoning models", async () => {
		expect(await thinkingFieldsFor("high", { supportsReasoningEffort: false })).toEqual({});
		expect(await thinkingFieldsFor("high", { thinkingFormat: "deepseek" }, { reasoning: false })).toEqual({});
	});
});
