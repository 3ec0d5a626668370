import { describe, expect, it } from "vitest";
import { resolveCompletionsCompat } from "../../src/providers/openai-completions-compat.js";
import {
	TOOL_RESULT_BRIDGE_TEXT,
	TOOL_RESULT_IMAGES_TEXT,
} from "../../src/providers/openai-completions-convert-messages.js";
import { buildCompletionsParams } from "../../src/providers/openai-completions-params.js";
import type { Context, Model, OpenAICompletionsCompat, Tool, ToolResultMessage } from "../../src/types.js";
import { assistant, testModel, toolCall, toolResult, user } from "../support/fixtures.js";

const tool = { name: "read", description: "Read", parameters: { type: "object", properties: {} } } as unknown as Tool;

function build(
	context: Context,
	compat: OpenAICompletionsCompat = {},
	overrides: Partial<Model> = {},
	maxTokens?: number,
) {
	const model = testModel({ reasoning: true, compat, ...overrides });
	return buildCompletionsParams(model, context, { maxTokens }, resolveCompletionsCompat(model));
}

const imageResult: ToolResultMessage = {
	role: "toolResult",
	toolCallId: "call_1",
	toolName: "screenshot",
	content: [{ type: "image", data: "AAAA", mimeType: "image/png" }],
	isError: false,
	timestamp: 3,
};

describe("buildCompletionsParams per compat flag", () => {
	it("supportsStore, supportsUsageInStreaming and maxTokensField shape the top level", () => {
		const context = { messages: [user("hi")] };
		expect(build(context, {}, {}, 100)).toMatchObject({
			store: false,
			stream_options: { include_usage: true },
			max_completion_tokens: 100,
		});
		const quirky = build(
			context,
			{ supportsStore: false, supportsUsageInStreaming: false, maxTokensField: "max_tokens" },
			{},
			100,
		);
		expect(quirky).not.toHaveProperty("store");
		expect(quirky).not.toHaveProperty("stream_options");
		expect(quirky).not.toHaveProperty("max_completion_tokens");
		expect(quirky.max_tokens).toBe(100);
	});

	it("sends the system prompt as developer only for reasoning models that support it", () => {
		const context = { systemPrompt: "sys", messages: [user("hi")] };
		expect(build(context).messages[0]).toEqual({ role: "developer", content: "sys" });
		expect(build(context, { supportsDeveloperRole: false }).messages[0]).toEqual({ role: "system", content: "sys" });
		expect(build(context, {}, { reasoning: false }).messages[0]).toEqual({ role: "system", content: "sys" });
	});

	it("sends strict on tools only when the model's compat sets supportsStrictMode (as pi 1.4)", () => {
		const context = { messages: [user("hi")], tools: [tool] };
		expect(build(context).tools?.[0]).not.toHaveProperty("function.strict");
		expect(build(context, { supportsStrictMode: false }).tools?.[0]).not.toHaveProperty("function.strict");
		expect(build(context, { supportsStrictMode: true }).tools?.[0]).toMatchObject({ function: { strict: false } });
	});

	it("adds the tool name when requiresToolResultName and bridges tool result → user when required", () => {
		const context = {
			messages: [user("q"), assistant([toolCall("call_1")]), toolResult("call_1", "done"), user("next")],
		};
		const plain = build(context).messages;
		expect(plain.map((message) => message.role)).toEqual(["user", "assistant", "tool", "user"]);
		expect(plain[2]).toEqual({ role: "tool", tool_call_id: "call_1", content: "done" });
		const quirky = build(context, { requiresToolResultName: true, requiresAssistantAfterToolResult: true }).messages;
		expect(quirky.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant", "user"]);
		expect(quirky[2]).toMatchObject({ name: "read" });
		expect(quirky[3]).toEqual({ role: "assistant", content: TOOL_RESULT_BRIDGE_TEXT });
	});

	it("replays same-model thinking in its reasoning field, or as <thinking> text when requiresThinkingAsText", () => {
		const context = {
			messages: [
				user("q"),
				assistant([
					{ type: "thinking", thinking: "why", thinkingSignature: "reasoning_content" },
					{ type: "text", text: "because" },
				]),
				user("ok"),
			],
		};
		expect(build(context).messages[1]).toEqual({ role: "assistant", content: "because", reasoning_content: "why" });
		expect(build(context, { requiresThinkingAsText: true }).messages[1]).toEqual({
			role: "assistant",
			content: "<thinking>\nwhy\n</thinking>\n\nbecause",
		});
	});

	it("turns foreign thinking into text and normalises foreign tool-call ids on both sides", () => {
		const foreign = assistant(
			[{ type: "thinking", thinking: "hmm", thinkingSignature: "sig" }, toolCall("call_x|fc_long+id")],
			{
				api: "openai-responses",
				provider: "openai",
				model: "gpt-5",
			},
		);
		const messages = build({ messages: [user("q"), foreign, toolResult("call_x|fc_long+id")] }).messages;
		expect(messages[1]).toMatchObject({ role: "assistant", content: "hmm", tool_calls: [{ id: "call_x" }] });
		expect(messages[1]).not.toHaveProperty("reasoning_content");
		expect(messages[2]).toMatchObject({ role: "tool", tool_call_id: "call_x" });
	});

	it("sends user images as data URLs and tool-result images in one user message after the tool messages", () => {
		const context: Context = {
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "look" },
						{ type: "image", data: "QUJD", mimeType: "image/jpeg" },
					],
					timestamp: 1,
				},
				assistant([toolCall("call_1", "screenshot"), toolCall("call_2")]),
				imageResult,
				toolResult("call_2"),
			],
		};
		const messages = build(context).messages;
		expect(messages[0]).toEqual({
			role: "user",
			content: [
				{ type: "text", text: "look" },
				{ type: "image_url", image_url: { url: "data:image/jpeg;base64,QUJD" } },
			],
		});
		expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "tool", "user"]);
		expect(messages[2]).toMatchObject({ content: "(see attached image)" });
		expect(messages[4]).toEqual({
			role: "user",
			content: [
				{ type: "text", text: TOOL_RESULT_IMAGES_TEXT },
				{ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
			],
		});
	});

	it("strips lone surrogates from outgoing text", () => {
		const messages = build({ systemPrompt: "a\uD800b", messages: [user("x\uDC00y")] }).messages;
		expect(messages).toEqual([
			{ role: "developer", content: "ab" },
			{ role: "user", content: "xy" },
		]);
	});

	it("sends routing preferences to OpenRouter and Vercel AI Gateway only", () => {
		const context = { messages: [user("hi")] };
		const routing = { only: ["anthropic"], order: ["anthropic"] };
		expect(
			build(context, { openRouterRouting: routing }, { baseUrl: "https://openrouter.ai/api/v1" }).provider,
		).toEqual(routing);
		expect(build(context, { openRouterRouting: routing })).not.toHaveProperty("provider");
		expect(
			build(context, { vercelGatewayRouting: routing }, { baseUrl: "https://ai-gateway.vercel.sh/v1" }).providerOptions,
		).toEqual({
			gateway: routing,
		});
	});

	it("sends prompt_cache_key only to api.openai.com", () => {
		const model = testModel({ baseUrl: "https://api.openai.com/v1" });
		const compat = resolveCompletionsCompat(model);
		const context = { messages: [user("hi")] };
		expect(buildCompletionsParams(model, context, { sessionId: "s1" }, compat).prompt_cache_key).toBe("s1");
		expect(
			buildCompletionsParams(model, context, { sessionId: "s1", cacheRetention: "none" }, compat),
		).not.toHaveProperty("prompt_cache_key");
		expect(build(context)).not.toHaveProperty("prompt_cache_key");
	});
});

describe("samplingParams", () => {
	it("merges the model's samplingParams, then the entry for the requested level, over the body", () => {
		const model = testModel({
			reasoning: true,
			samplingParams: { temperature: 1, top_p: 0.95 },
			samplingParamsByThinkingLevel: { off: { temperature: 0.7 }, high: { top_k: 20 } },
		});
		const context = { messages: [user("hi")] };
		const high = buildCompletionsParams(model, context, { reasoningEffort: "high" }, resolveCompletionsCompat(model));
		expect(high).toMatchObject({ temperature: 1, top_p: 0.95, top_k: 20 });
		const off = buildCompletionsParams(model, context, {}, resolveCompletionsCompat(model));
		expect(off).toMatchObject({ temperature: 0.7, top_p: 0.95 });
		expect(off).not.toHaveProperty("top_k");
	});
});
