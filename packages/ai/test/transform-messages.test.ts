import { describe, expect, it } from "vitest";
import {
	IMAGE_OMITTED_PLACEHOLDER,
	NO_TOOL_RESULT_TEXT,
	sanitizeToolCallId,
	TOOL_IMAGE_OMITTED_PLACEHOLDER,
	transformMessages,
} from "../src/transform-messages.js";
import type { Message, ToolResultMessage } from "../src/types.js";
import { assistant, testModel, toolCall, toolResult, user } from "./support/fixtures.js";

const target = testModel({ provider: "anthropic", api: "anthropic-messages", id: "claude-x" });
const sameModel = { provider: "anthropic", api: "anthropic-messages", model: "claude-x" } as const;
const foreign = { provider: "openai", api: "openai-responses", model: "gpt-x" } as const;

describe("transformMessages", () => {
	it("passes user messages through unchanged", () => {
		const message = user("hello");
		expect(transformMessages([message], target)[0]).toBe(message);
	});

	it("keeps same-model assistant messages with signatures and redacted blocks", () => {
		const message = assistant(
			[
				{ type: "thinking", thinking: "plan", thinkingSignature: "sig" },
				{ type: "thinking", thinking: "", thinkingSignature: "enc", redacted: true },
				{ type: "text", text: "hi", textSignature: "t1" },
			],
			sameModel,
		);
		expect(transformMessages([message], target)[0]).toEqual(message);
	});

	it("drops same-model thinking with neither text nor signature", () => {
		const message = assistant(
			[
				{ type: "thinking", thinking: "" },
				{ type: "text", text: "hi" },
			],
			sameModel,
		);
		const [out] = transformMessages([message], target) as [typeof message];
		expect(out.content).toEqual([{ type: "text", text: "hi" }]);
	});

	it("converts foreign thinking to text, drops redacted and empty thinking, strips signatures", () => {
		const message = assistant(
			[
				{ type: "thinking", thinking: "reasoning", thinkingSignature: "sig" },
				{ type: "thinking", thinking: "", thinkingSignature: "enc", redacted: true },
				{ type: "thinking", thinking: "   " },
				{ type: "text", text: "answer", textSignature: "msg_1" },
				{ ...toolCall("call_1"), thoughtSignature: "ts" },
			],
			foreign,
		);
		const out = transformMessages([message, toolResult("call_1")], target);
		expect(out[0]).toMatchObject({
			content: [
				{ type: "text", text: "reasoning" },
				{ type: "text", text: "answer" },
				{ type: "toolCall", id: "call_1", name: "read", arguments: {} },
			],
		});
		const content = (out[0] as { content: object[] }).content;
		expect(content[1]).not.toHaveProperty("textSignature");
		expect(content[2]).not.toHaveProperty("thoughtSignature");
	});

	it("wraps foreign thinking in <thinking> when the target requires thinking as text", () => {
		const model = testModel({ compat: { requiresThinkingAsText: true } });
		const out = transformMessages([assistant([{ type: "thinking", thinking: "why" }], foreign)], model);
		expect(out[0]).toMatchObject({ content: [{ type: "text", text: "<thinking>\nwhy\n</thinking>" }] });
		const explicit = transformMessages(
			[assistant([{ type: "thinking", thinking: "why" }], foreign)],
			target,
			undefined,
			{
				thinkingAsText: true,
			},
		);
		expect(explicit[0]).toMatchObject({ content: [{ type: "text", text: "<thinking>\nwhy\n</thinking>" }] });
	});

	it("normalises foreign tool-call ids and the matching tool results", () => {
		const id = "call_abc|fc_very+long/id";
		const messages: Message[] = [user("go"), assistant([toolCall(id)], foreign), toolResult(id)];
		const out = transformMessages(messages, target, (raw) => sanitizeToolCallId(raw));
		expect(out[1]).toMatchObject({ content: [{ id: "call_abc_fc_very_long_id" }] });
		expect((out[2] as ToolResultMessage).toolCallId).toBe("call_abc_fc_very_long_id");
	});

	it("does not normalise ids of same-model messages", () => {
		const out = transformMessages(
			[assistant([toolCall("a|b")], sameModel), toolResult("a|b")],
			target,
			() => "changed",
		);
		expect(out[0]).toMatchObject({ content: [{ id: "a|b" }] });
		expect((out[1] as ToolResultMessage).toolCallId).toBe("a|b");
	});

	it("passes the target model and source message to the normaliser", () => {
		const source = assistant([toolCall("x")], foreign);
		const calls: unknown[] = [];
		transformMessages([source], target, (raw, model, from) => {
			calls.push([raw, model, from]);
			return raw;
		});
		expect(calls).toEqual([["x", target, source]]);
	});

	it("skips errored and aborted assistant messages and the results of their calls", () => {
		const messages: Message[] = [
			user("a"),
			assistant([{ type: "text", text: "partial" }, toolCall("e1")], {
				...sameModel,
				stopReason: "error",
				errorMessage: "boom",
			}),
			toolResult("e1"),
			assistant([{ type: "text", text: "half" }], { ...sameModel, stopReason: "aborted", errorMessage: "aborted" }),
			user("b"),
		];
		expect(transformMessages(messages, target).map((m) => m.role)).toEqual(["user", "user"]);
	});

	it("inserts a synthetic error result for a tool call followed by a user message", () => {
		const messages: Message[] = [
			assistant([toolCall("c1"), toolCall("c2")], sameModel),
			toolResult("c1"),
			user("next"),
		];
		const out = transformMessages(messages, target);
		expect(out.map((m) => m.role)).toEqual(["assistant", "toolResult", "toolResult", "user"]);
		expect(out[2]).toMatchObject({
			role: "toolResult",
			toolCallId: "c2",
			toolName: "read",
			isError: true,
			content: [{ type: "text", text: NO_TOOL_RESULT_TEXT }],
		});
	});

	it("inserts synthetic results before the next assistant message and at the end", () => {
		const messages: Message[] = [assistant([toolCall("c1")], sameModel), assistant([toolCall("c2")], sameModel)];
		const out = transformMessages(messages, target);
		expect(out.map((m) => (m.role === "toolResult" ? `result:${m.toolCallId}` : m.role))).toEqual([
			"assistant",
			"result:c1",
			"assistant",
			"result:c2",
		]);
	});

	it("checks orphans against normalised ids", () => {
		const messages: Message[] = [assistant([toolCall("a.b")], foreign), toolResult("a.b"), user("x")];
		const out = transformMessages(messages, target, (raw) => sanitizeToolCallId(raw));
		expect(out.map((m) => m.role)).toEqual(["assistant", "toolResult", "user"]);
	});

	it("drops assistant messages left without content", () => {
		const message = assistant([{ type: "thinking", thinking: "", thinkingSignature: "x", redacted: true }], foreign);
		expect(transformMessages([user("a"), message, user("b")], target).map((m) => m.role)).toEqual(["user", "user"]);
	});

	it("replaces images with a placeholder for text-only models, in user messages and tool results", () => {
		const textOnly = testModel({ input: ["text"] });
		const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
		const messages: Message[] = [
			{ role: "user", content: [{ type: "text", text: "look" }, image], timestamp: 1 },
			assistant([toolCall("s1", "screenshot")], { provider: "test", api: "openai-completions", model: "test-model" }),
			{ ...toolResult("s1", "shot", "screenshot"), content: [{ type: "text", text: "shot" }, image] },
		];
		const out = transformMessages(messages, textOnly);
		expect(out[0]).toMatchObject({
			content: [
				{ type: "text", text: "look" },
				{ type: "text", text: IMAGE_OMITTED_PLACEHOLDER },
			],
		});
		// Tool-result images get pi 1.4's own words.
		expect(out[2]).toMatchObject({
			content: [
				{ type: "text", text: "shot" },
				{ type: "text", text: TOOL_IMAGE_OMITTED_PLACEHOLDER },
			],
		});
		expect(TOOL_IMAGE_OMITTED_PLACEHOLDER).toBe("(tool image omitted: model does not support images)");
		expect(transformMessages(messages, testModel())[0]).toBe(messages[0]);
	});

	it("collapses a run of images into one placeholder, as pi 1.4 does", () => {
		const image = { type: "image" as const, data: "AAAA", mimeType: "image/png" };
		const messages: Message[] = [
			{ role: "user", content: [image, image, { type: "text", text: "x" }, image], timestamp: 1 },
		];
		expect(transformMessages(messages, testModel({ input: ["text"] }))[0]).toMatchObject({
			content: [
				{ type: "text", text: IMAGE_OMITTED_PLACEHOLDER },
				{ type: "text", text: "x" },
				{ type: "text", text: IMAGE_OMITTED_PLACEHOLDER },
			],
		});
	});

	it("does not mutate its input", () => {
		const messages: Message[] = [
			assistant([{ type: "thinking", thinking: "t", thinkingSignature: "s" }, toolCall("a|b")], foreign),
		];
		const snapshot = structuredClone(messages);
		transformMessages(messages, target, (raw) => sanitizeToolCallId(raw));
		expect(messages).toEqual(snapshot);
	});
});

describe("sanitizeToolCallId", () => {
	it("replaces characters outside [A-Za-z0-9_-] and truncates", () => {
		expect(sanitizeToolCallId("a.b|c d")).toBe("a_b_c_d");
		expect(sanitizeToolCallId("x".repeat(100))).toHaveLength(64);
		expect(sanitizeToolCallId("x".repeat(100), 40)).toHaveLength(40);
	});
});
