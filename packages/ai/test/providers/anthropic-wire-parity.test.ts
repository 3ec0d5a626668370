import { describe, expect, it } from "vitest";
import { buildAnthropicParams } from "../../src/providers/anthropic-build-params.js";
import type { Context, Tool, ToolResultMessage } from "../../src/types.js";
import { assistant, testModel, toolCall, user } from "../support/fixtures.js";

// What pi 1.4 sends for tools and tool results on the Anthropic Messages API (recorded against
// @pi/llm-mock): eager input streaming and a cache breakpoint on the last tool, tool results as a
// string when text-only, and `is_error` always present.

const schema = { type: "object", properties: { path: { type: "string" } }, required: ["path"] };
const tools = [
	{ name: "read", description: "Read", parameters: schema },
	{ name: "bash", description: "Run", parameters: schema },
] as unknown as Tool[];
const model = testModel({ api: "anthropic-messages", provider: "custom", reasoning: false });

function result(content: ToolResultMessage["content"], isError = false): ToolResultMessage {
	return { role: "toolResult", toolCallId: "toolu_1", toolName: "read", content, isError, timestamp: 3 };
}

function build(context: Partial<Context>, overrides = {}, cacheRetention?: "none" | "short") {
	return buildAnthropicParams(
		{ ...model, ...overrides },
		{ messages: [user("hi")], ...context },
		{ cacheRetention, maxTokens: 100 },
	);
}

describe("anthropic-messages: tools and tool results as pi 1.4 sends them", () => {
	it("marks every tool eager_input_streaming and puts cache_control on the last one only", () => {
		expect(build({ tools }).tools).toEqual([
			{ name: "read", description: "Read", eager_input_streaming: true, input_schema: schema },
			{
				name: "bash",
				description: "Run",
				eager_input_streaming: true,
				input_schema: schema,
				cache_control: { type: "ephemeral" },
			},
		]);
	});

	it("leaves both out where the model's compat says so, and the breakpoint with caching off", () => {
		const off = build(
			{ tools },
			{ compat: { supportsEagerToolInputStreaming: false, supportsCacheControlOnTools: false } },
		);
		expect(off.tools?.map((tool) => Object.keys(tool))).toEqual([
			["name", "description", "input_schema"],
			["name", "description", "input_schema"],
		]);
		expect(build({ tools }, {}, "none").tools?.at(-1)).not.toHaveProperty("cache_control");
	});

	it("sends a text-only tool result as one string, with is_error false", () => {
		const body = build({
			messages: [
				user("go"),
				assistant([toolCall("toolu_1", "read")], {
					api: "anthropic-messages",
					provider: "custom",
					model: "test-model",
				}),
				result([
					{ type: "text", text: "line 1" },
					{ type: "text", text: "line 2" },
				]),
			],
		});
		expect(body.messages.at(-1)).toEqual({
			role: "user",
			content: [
				{
					type: "tool_result",
					tool_use_id: "toolu_1",
					content: "line 1\nline 2",
					is_error: false,
					cache_control: { type: "ephemeral" },
				},
			],
		});
	});

	it("sends an image-only tool result as blocks led by a note", () => {
		const body = build({
			messages: [
				user("go"),
				assistant([toolCall("toolu_1", "read")], {
					api: "anthropic-messages",
					provider: "custom",
					model: "test-model",
				}),
				result([{ type: "image", data: "AAAA", mimeType: "image/png" }]),
			],
		});
		const block = (body.messages.at(-1)!.content as unknown[])[0];
		expect(block).toMatchObject({
			content: [
				{ type: "text", text: "(see attached image)" },
				{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
			],
			is_error: false,
		});
	});
});
