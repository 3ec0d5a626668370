import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { stream } from "../../src/providers/anthropic-messages.js";
import type { AssistantMessage, Context, Message } from "../../src/types.js";
import { emptyUsage } from "../../src/utils/calculate-cost.js";
import { anthropicModel, capturePayload, userContext } from "./capture-payload.js";

const PNG = "iVBORw0KGgo=";

function assistantFrom(
	content: AssistantMessage["content"],
	overrides: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "anthropic-messages",
		provider: "anthropic",
		model: "claude-haiku-4-5",
		usage: emptyUsage(),
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: 2,
		...overrides,
	};
}

async function messagesFor(messages: Message[], extra: Partial<Context> = {}) {
	const { payload } = await capturePayload(
		stream,
		anthropicModel(),
		{ messages, ...extra },
		{ cacheRetention: "none" },
	);
	return payload.messages;
}

describe("anthropic-messages: converting the conversation", () => {
	it("replays same-model thinking with its signature and redacted thinking as redacted_thinking", async () => {
		const messages = await messagesFor([
			{ role: "user", content: "Q", timestamp: 1 },
			assistantFrom([
				{ type: "thinking", thinking: "Reasoning…", thinkingSignature: "sig-1" },
				{ type: "thinking", thinking: "", thinkingSignature: "opaque-payload", redacted: true },
				{ type: "text", text: "A" },
			]),
			{ role: "user", content: "Q2", timestamp: 3 },
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "Q" }] },
			{
				role: "assistant",
				content: [
					{ type: "thinking", thinking: "Reasoning…", signature: "sig-1" },
					{ type: "redacted_thinking", data: "opaque-payload" },
					{ type: "text", text: "A" },
				],
			},
			{ role: "user", content: [{ type: "text", text: "Q2" }] },
		]);
	});

	it("sends foreign thinking as text and normalises foreign tool-call ids in calls and results", async () => {
		const foreignId = "call_abc|fc_item/with:odd+chars";
		const messages = await messagesFor([
			{ role: "user", content: "Q", timestamp: 1 },
			assistantFrom(
				[
					{ type: "thinking", thinking: "GPT thought", thinkingSignature: '{"id":"rs_1"}' },
					{ type: "toolCall", id: foreignId, name: "read", arguments: { path: "a" } },
				],
				{ api: "openai-responses", provider: "openai", model: "gpt-5" },
			),
			{
				role: "toolResult",
				toolCallId: foreignId,
				toolName: "read",
				content: [{ type: "text", text: "data" }],
				isError: false,
				timestamp: 3,
			},
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "Q" }] },
			{
				role: "assistant",
				content: [
					{ type: "text", text: "GPT thought" },
					{ type: "tool_use", id: "call_abc_fc_item_with_odd_chars", name: "read", input: { path: "a" } },
				],
			},
			{
				role: "user",
				content: [
					{
						type: "tool_result",
						tool_use_id: "call_abc_fc_item_with_odd_chars",
						content: "data",
						is_error: false,
					},
				],
			},
		]);
	});

	it("groups consecutive tool results in one user turn, with images and is_error", async () => {
		const messages = await messagesFor([
			{ role: "user", content: "Q", timestamp: 1 },
			assistantFrom([
				{ type: "toolCall", id: "toolu_1", name: "read", arguments: {} },
				{ type: "toolCall", id: "toolu_2", name: "read", arguments: {} },
			]),
			{
				role: "toolResult",
				toolCallId: "toolu_1",
				toolName: "read",
				content: [
					{ type: "text", text: "img" },
					{ type: "image", data: PNG, mimeType: "image/png" },
				],
				isError: false,
				timestamp: 3,
			},
			{
				role: "toolResult",
				toolCallId: "toolu_2",
				toolName: "read",
				content: [{ type: "text", text: "boom" }],
				isError: true,
				timestamp: 4,
			},
			{ role: "user", content: "next", timestamp: 5 },
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "Q" }] },
			{
				role: "assistant",
				content: [
					{ type: "tool_use", id: "toolu_1", name: "read", input: {} },
					{ type: "tool_use", id: "toolu_2", name: "read", input: {} },
				],
			},
			{
				role: "user",
				content: [
					{
						type: "tool_result",
						tool_use_id: "toolu_1",
						content: [
							{ type: "text", text: "img" },
							{ type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
						],
						is_error: false,
					},
					{ type: "tool_result", tool_use_id: "toolu_2", content: "boom", is_error: true },
				],
			},
			{ role: "user", content: [{ type: "text", text: "next" }] },
		]);
	});

	it("drops whitespace-only text, skips errored turns and answers orphaned tool calls", async () => {
		const messages = await messagesFor([
			{ role: "user", content: "Q", timestamp: 1 },
			assistantFrom([{ type: "text", text: "partial" }], {
				stopReason: "error",
				errorMessage: "529 overloaded_error: Overloaded",
			}),
			assistantFrom([
				{ type: "text", text: "   " },
				{ type: "toolCall", id: "toolu_9", name: "read", arguments: {} },
			]),
			{ role: "user", content: "go on", timestamp: 4 },
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "Q" }] },
			{ role: "assistant", content: [{ type: "tool_use", id: "toolu_9", name: "read", input: {} }] },
			{
				role: "user",
				content: [
					{
						type: "tool_result",
						tool_use_id: "toolu_9",
						content: "No result provided",
						is_error: true,
					},
				],
			},
			{ role: "user", content: [{ type: "text", text: "go on" }] },
		]);
	});

	it("replaces images of a type Anthropic cannot read with a note", async () => {
		const messages = await messagesFor([
			{ role: "user", content: [{ type: "image", data: "Qk0=", mimeType: "image/bmp" }], timestamp: 1 },
		]);
		expect(messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "(image omitted: unsupported type image/bmp)" }] },
		]);
	});
});

describe("anthropic-messages: request fields", () => {
	it("marks the system prompt and the last user block for caching by default", async () => {
		const { payload } = await capturePayload(stream, anthropicModel(), userContext("Hi", { systemPrompt: "Sys" }), {});
		expect(payload.system).toEqual([{ type: "text", text: "Sys", cache_control: { type: "ephemeral" } }]);
		expect(payload.messages).toEqual([
			{ role: "user", content: [{ type: "text", text: "Hi", cache_control: { type: "ephemeral" } }] },
		]);
	});

	it("uses a 1h TTL for long retention only on Anthropic's own host, and no marker for none", async () => {
		const context = userContext("Hi", { systemPrompt: "Sys" });
		const own = await capturePayload(stream, anthropicModel({ baseUrl: "https://api.anthropic.com" }), context, {
			cacheRetention: "long",
		});
		expect(own.payload.system).toEqual([
			{ type: "text", text: "Sys", cache_control: { type: "ephemeral", ttl: "1h" } },
		]);
		const proxy = await capturePayload(stream, anthropicModel({ baseUrl: "https://proxy.example" }), context, {
			cacheRetention: "long",
		});
		expect(proxy.payload.system).toEqual([{ type: "text", text: "Sys", cache_control: { type: "ephemeral" } }]);
		const none = await capturePayload(stream, anthropicModel(), context, { cacheRetention: "none" });
		expect(JSON.stringify(none.payload)).not.toContain("cache_control");
	});

	it("sends tools, tool choice, max_tokens, temperature and metadata.user_id", async () => {
		const context = userContext("Hi", {
			tools: [
				{
					name: "read",
					description: "Read",
					parameters: Type.Object({ path: Type.String() }),
				},
			],
		});
		const { payload } = await capturePayload(stream, anthropicModel({ maxTokens: 20_000 }), context, {
			toolChoice: { type: "tool", name: "read" },
			temperature: 0.7,
			metadata: { user_id: "user-123", other: 1 },
		});
		expect(payload).toMatchObject({
			model: "claude-haiku-4-5",
			max_tokens: 20_000,
			stream: true,
			temperature: 0.7,
			tools: [
				{
					name: "read",
					description: "Read",
					input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
				},
			],
			tool_choice: { type: "tool", name: "read" },
			metadata: { user_id: "user-123" },
		});
	});

	it("stream(): thinkingEnabled uses the given budget on budget models and adaptive + effort on 4.6 models", async () => {
		const budget = await capturePayload(stream, anthropicModel(), userContext(), {
			thinkingEnabled: true,
			thinkingBudgetTokens: 4096,
			maxTokens: 10_000,
			temperature: 0.2,
		});
		expect(budget.payload).toMatchObject({ thinking: { type: "enabled", budget_tokens: 4096 }, max_tokens: 10_000 });
		expect(budget.payload.temperature).toBeUndefined();
		const adaptive = await capturePayload(stream, anthropicModel({ id: "claude-opus-4-6" }), userContext(), {
			thinkingEnabled: true,
			effort: "medium",
			thinkingDisplay: "summarized",
		});
		expect(adaptive.payload).toMatchObject({
			thinking: { type: "adaptive", display: "summarized" },
			output_config: { effort: "medium" },
		});
	});
});
