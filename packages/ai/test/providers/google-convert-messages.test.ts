import { Type } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import { TOOL_RESULT_IMAGES_TEXT } from "../../src/providers/google-convert-messages.js";
import { stream } from "../../src/providers/google-generative-ai.js";
import type { AssistantMessage, Message, Model } from "../../src/types.js";
import { emptyUsage } from "../../src/utils/calculate-cost.js";
import { capturePayload, googleModel } from "./capture-payload.js";

const PNG = "iVBORw0KGgo=";

function fromModel(
	model: Model,
	content: AssistantMessage["content"],
	overrides: Partial<AssistantMessage> = {},
): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: model.api,
		provider: model.provider,
		model: model.id,
		usage: emptyUsage(),
		stopReason: content.some((block) => block.type === "toolCall") ? "toolUse" : "stop",
		timestamp: 2,
		...overrides,
	};
}

async function contentsFor(model: Model, messages: Message[]) {
	const { payload } = await capturePayload(stream, model, { messages }, {});
	return payload.contents;
}

describe("google-generative-ai: converting the conversation", () => {
	it("replays same-model thoughts, text and function calls with their signatures", async () => {
		const model = googleModel();
		const contents = await contentsFor(model, [
			{ role: "user", content: "Q", timestamp: 1 },
			fromModel(model, [
				{ type: "thinking", thinking: "Thinking…", thinkingSignature: "dGhvdWdodA==" },
				{ type: "text", text: "Let me read.", textSignature: "dGV4dA==" },
				{ type: "toolCall", id: "call_1", name: "read", arguments: { path: "a" }, thoughtSignature: "Y2FsbA==" },
			]),
			{
				role: "toolResult",
				toolCallId: "call_1",
				toolName: "read",
				content: [{ type: "text", text: "data" }],
				isError: false,
				timestamp: 3,
			},
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Q" }] },
			{
				role: "model",
				parts: [
					{ thought: true, text: "Thinking…", thoughtSignature: "dGhvdWdodA==" },
					{ text: "Let me read.", thoughtSignature: "dGV4dA==" },
					{ functionCall: { name: "read", args: { path: "a" } }, thoughtSignature: "Y2FsbA==" },
				],
			},
			{ role: "user", parts: [{ functionResponse: { name: "read", response: { output: "data" } } }] },
		]);
	});

	it("turns foreign thinking into text and drops foreign signatures; Gemini 3 gets the skip signature on calls", async () => {
		const model = googleModel({ id: "gemini-3-flash-preview" });
		const claude = googleModel({ api: "anthropic-messages", provider: "anthropic", id: "claude-haiku-4-5" });
		const contents = await contentsFor(model, [
			{ role: "user", content: "Q", timestamp: 1 },
			fromModel(claude, [
				{ type: "thinking", thinking: "Claude thought", thinkingSignature: "anthropic-sig" },
				{ type: "toolCall", id: "toolu_1", name: "read", arguments: {} },
			]),
			{
				role: "toolResult",
				toolCallId: "toolu_1",
				toolName: "read",
				content: [{ type: "text", text: "x" }],
				isError: false,
				timestamp: 3,
			},
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Q" }] },
			{
				role: "model",
				parts: [
					{ text: "Claude thought" },
					{ functionCall: { name: "read", args: {} }, thoughtSignature: "skip_thought_signature_validator" },
				],
			},
			{ role: "user", parts: [{ functionResponse: { name: "read", response: { output: "x" } } }] },
		]);
	});

	it("merges parallel results into one turn, errors as {error}, images in a following turn for Gemini 2.5", async () => {
		const model = googleModel();
		const contents = await contentsFor(model, [
			{ role: "user", content: "Q", timestamp: 1 },
			fromModel(model, [
				{ type: "toolCall", id: "c1", name: "read", arguments: {} },
				{ type: "toolCall", id: "c2", name: "shot", arguments: {} },
			]),
			{
				role: "toolResult",
				toolCallId: "c1",
				toolName: "read",
				content: [{ type: "text", text: "nope" }],
				isError: true,
				timestamp: 3,
			},
			{
				role: "toolResult",
				toolCallId: "c2",
				toolName: "shot",
				content: [{ type: "image", data: PNG, mimeType: "image/png" }],
				isError: false,
				timestamp: 4,
			},
			{ role: "user", content: "and?", timestamp: 5 },
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Q" }] },
			{
				role: "model",
				parts: [{ functionCall: { name: "read", args: {} } }, { functionCall: { name: "shot", args: {} } }],
			},
			{
				role: "user",
				parts: [
					{ functionResponse: { name: "read", response: { error: "nope" } } },
					{ functionResponse: { name: "shot", response: { output: "(see attached image)" } } },
				],
			},
			{
				role: "user",
				parts: [{ text: TOOL_RESULT_IMAGES_TEXT }, { inlineData: { mimeType: "image/png", data: PNG } }],
			},
			{ role: "user", parts: [{ text: "and?" }] },
		]);
	});

	it("nests tool-result images inside the function response for Gemini 3", async () => {
		const model = googleModel({ id: "gemini-3-pro-preview" });
		const contents = await contentsFor(model, [
			{ role: "user", content: "Q", timestamp: 1 },
			fromModel(model, [{ type: "toolCall", id: "c1", name: "shot", arguments: {}, thoughtSignature: "c2ln" }]),
			{
				role: "toolResult",
				toolCallId: "c1",
				toolName: "shot",
				content: [
					{ type: "text", text: "screenshot" },
					{ type: "image", data: PNG, mimeType: "image/png" },
				],
				isError: false,
				timestamp: 3,
			},
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Q" }] },
			{ role: "model", parts: [{ functionCall: { name: "shot", args: {} }, thoughtSignature: "c2ln" }] },
			{
				role: "user",
				parts: [
					{
						functionResponse: {
							name: "shot",
							response: { output: "screenshot" },
							parts: [{ inlineData: { mimeType: "image/png", data: PNG } }],
						},
					},
				],
			},
		]);
	});

	it("sends user images inline and ids only for models that need them", async () => {
		const model = googleModel({ id: "claude-sonnet-4-5" });
		const contents = await contentsFor(model, [
			{
				role: "user",
				content: [
					{ type: "text", text: "Look" },
					{ type: "image", data: PNG, mimeType: "image/png" },
				],
				timestamp: 1,
			},
			fromModel(model, [{ type: "toolCall", id: "toolu_x", name: "read", arguments: {} }]),
			{
				role: "toolResult",
				toolCallId: "toolu_x",
				toolName: "read",
				content: [{ type: "text", text: "ok" }],
				isError: false,
				timestamp: 3,
			},
		]);
		expect(contents).toEqual([
			{ role: "user", parts: [{ text: "Look" }, { inlineData: { mimeType: "image/png", data: PNG } }] },
			{ role: "model", parts: [{ functionCall: { name: "read", args: {}, id: "toolu_x" } }] },
			{ role: "user", parts: [{ functionResponse: { name: "read", response: { output: "ok" }, id: "toolu_x" } }] },
		]);
	});
});

describe("google-generative-ai: request fields", () => {
	it("sends the system instruction, tools with parametersJsonSchema, tool choice and generation config", async () => {
		const { payload } = await capturePayload(
			stream,
			googleModel(),
			{
				systemPrompt: "Be brief",
				messages: [{ role: "user", content: "Hi", timestamp: 1 }],
				tools: [{ name: "read", description: "Read", parameters: Type.Object({}) }],
			},
			{ toolChoice: "any", temperature: 0.1, maxTokens: 1234, thinking: { enabled: true, budgetTokens: 512 } },
		);
		expect(payload).toEqual({
			model: "gemini-2.5-flash",
			contents: [{ role: "user", parts: [{ text: "Hi" }] }],
			config: {
				systemInstruction: "Be brief",
				tools: [
					{
						functionDeclarations: [
							{ name: "read", description: "Read", parametersJsonSchema: { type: "object", properties: {} } },
						],
					},
				],
				toolConfig: { functionCallingConfig: { mode: "ANY" } },
				temperature: 0.1,
				maxOutputTokens: 1234,
				thinkingConfig: { includeThoughts: true, thinkingBudget: 512 },
			},
		});
	});
});
