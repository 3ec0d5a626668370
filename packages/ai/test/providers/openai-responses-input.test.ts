import { describe, expect, it } from "vitest";
import { convertResponsesInput } from "../../src/providers/openai-responses-convert-input.js";
import { encodeTextSignature, parseTextSignature } from "../../src/providers/openai-responses-text-signature.js";
import { normalizeResponsesToolCallId } from "../../src/providers/openai-responses-tool-call-id.js";
import type { Context, Model, ToolResultMessage } from "../../src/types.js";
import { assistant, testModel, toolCall, toolResult, user } from "../support/fixtures.js";

const model = testModel({ api: "openai-responses", reasoning: true });
const own = (content: Parameters<typeof assistant>[0]) => assistant(content, { api: "openai-responses" });
const convert = (context: Context, target: Model = model) => convertResponsesInput(target, context, {});

describe("normalizeResponsesToolCallId (ai.md §8.4)", () => {
	it("sanitises each half, prefixes the item id with fc_, caps at 64 and strips trailing _", () => {
		expect(normalizeResponsesToolCallId("call_1|fc_1")).toBe("call_1|fc_1");
		expect(normalizeResponsesToolCallId("call+1|item/2")).toBe("call_1|fc_item_2");
		expect(normalizeResponsesToolCallId(`${"a".repeat(70)}|${"b".repeat(70)}`)).toBe(
			`${"a".repeat(64)}|fc_${"b".repeat(61)}`,
		);
		expect(normalizeResponsesToolCallId("call_x+|fc_y=")).toBe("call_x|fc_y");
		expect(normalizeResponsesToolCallId("toolu_01.abc")).toBe("toolu_01_abc");
	});
});

describe("text signatures", () => {
	it("round-trip the bare and the JSON form", () => {
		expect(encodeTextSignature({ id: "msg_1" })).toBe("msg_1");
		expect(encodeTextSignature({ id: "msg_1", phase: "commentary" })).toBe('{"v":1,"id":"msg_1","phase":"commentary"}');
		expect(parseTextSignature('{"v":1,"id":"msg_1","phase":"commentary"}')).toEqual({
			id: "msg_1",
			phase: "commentary",
		});
		expect(parseTextSignature("msg_2")).toEqual({ id: "msg_2" });
		expect(parseTextSignature("{broken")).toBeUndefined();
	});
});

describe("convertResponsesInput", () => {
	it("uses developer for reasoning models unless supportsDeveloperRole is false", () => {
		const context = { systemPrompt: "sys", messages: [user("hi")] };
		expect(convert(context)[0]).toEqual({ role: "developer", content: "sys" });
		expect(convertResponsesInput(model, context, { supportsDeveloperRole: false })[0]).toEqual({
			role: "system",
			content: "sys",
		});
		expect(convert(context, testModel({ api: "openai-responses" }))[0]).toEqual({ role: "system", content: "sys" });
	});

	it("replays assistant text with its message id and phase, or as an easy message without one", () => {
		const input = convert({
			messages: [
				user("q"),
				own([
					{ type: "text", text: "a", textSignature: '{"v":1,"id":"msg_9","phase":"commentary"}' },
					{ type: "text", text: "b" },
				]),
			],
		});
		expect(input.slice(1)).toEqual([
			{
				type: "message",
				role: "assistant",
				id: "msg_9",
				status: "completed",
				phase: "commentary",
				content: [{ type: "output_text", text: "a", annotations: [] }],
			},
			{ role: "assistant", content: "b" },
		]);
	});

	it("omits function-call item ids when reasoning was not replayed, and for foreign messages", () => {
		const unsigned = own([{ type: "thinking", thinking: "no signature" }, toolCall("call_1|fc_1")]);
		const foreign = assistant([toolCall("call_2|fc_2")], {
			api: "openai-responses",
			provider: "azure",
			model: "gpt-5",
		});
		const input = convert({
			messages: [user("q"), unsigned, toolResult("call_1|fc_1"), foreign, toolResult("call_2|fc_2")],
		});
		expect(input.filter((item) => "type" in item && item.type === "function_call")).toEqual([
			{ type: "function_call", call_id: "call_1", name: "read", arguments: "{}" },
			{ type: "function_call", call_id: "call_2", name: "read", arguments: "{}" },
		]);
		expect(
			input
				.filter((item) => "type" in item && item.type === "function_call_output")
				.map((item) => "call_id" in item && item.call_id),
		).toEqual(["call_1", "call_2"]);
	});

	it("sends tool-result images as input_image parts of the output when the model takes images", () => {
		const result: ToolResultMessage = {
			role: "toolResult",
			toolCallId: "call_1|fc_1",
			toolName: "shot",
			content: [
				{ type: "text", text: "see" },
				{ type: "image", data: "AAAA", mimeType: "image/png" },
			],
			isError: false,
			timestamp: 3,
		};
		const context = { messages: [user("q"), own([toolCall("call_1|fc_1", "shot")]), result] };
		expect(convert(context).at(-1)).toEqual({
			type: "function_call_output",
			call_id: "call_1",
			output: [
				{ type: "input_text", text: "see" },
				{ type: "input_image", detail: "auto", image_url: "data:image/png;base64,AAAA" },
			],
		});
		const textOnly = testModel({ api: "openai-responses", input: ["text"] });
		expect(convert(context, textOnly).at(-1)).toMatchObject({
			output: "see\n(tool image omitted: model does not support images)",
		});
	});

	it("sends user images as input_image and strips lone surrogates", () => {
		const input = convert({
			messages: [
				{
					role: "user",
					content: [
						{ type: "text", text: "a\uD800" },
						{ type: "image", data: "QQ==", mimeType: "image/gif" },
					],
					timestamp: 1,
				},
			],
		});
		expect(input).toEqual([
			{
				role: "user",
				content: [
					{ type: "input_text", text: "a" },
					{ type: "input_image", detail: "auto", image_url: "data:image/gif;base64,QQ==" },
				],
			},
		]);
	});
});
