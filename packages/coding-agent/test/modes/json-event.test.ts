import type { AssistantMessage, AssistantMessageEvent, ToolResultMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import type { AgentSessionEvent } from "../../src/core/agent-session/agent-session-events.js";
import { serializeJsonEventLine, toJsonEvent } from "../../src/modes/json-event.js";

function assistant(content: AssistantMessage["content"]): AssistantMessage {
	return {
		role: "assistant",
		content,
		api: "openai-completions",
		provider: "openai",
		model: "m",
		usage: {
			input: 3,
			output: 4,
			cacheRead: 0,
			cacheWrite: 0,
			totalTokens: 7,
			cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
		},
		stopReason: "pending",
		timestamp: 1,
	} as AssistantMessage;
}

function update(message: AssistantMessage, inner: AssistantMessageEvent): AgentSessionEvent {
	return { type: "message_update", message, assistantMessageEvent: inner };
}

describe("toJsonEvent", () => {
	it("passes other events through unchanged (same object)", () => {
		const event: AgentSessionEvent = { type: "agent_settled", aborted: false };
		expect(toJsonEvent(event)).toBe(event);
	});

	it("drops a tool result's durationMs (session data) from every message-carrying event", () => {
		const timed: ToolResultMessage = {
			role: "toolResult",
			toolCallId: "c1",
			toolName: "bash",
			content: [{ type: "text", text: "ok" }],
			isError: false,
			durationMs: 14,
			timestamp: 2,
		};
		const { durationMs: _dropped, ...wire } = timed;
		const reply = assistant([{ type: "text", text: "done" }]);
		expect(toJsonEvent({ type: "message_end", message: timed })).toEqual({ type: "message_end", message: wire });
		expect(JSON.stringify(toJsonEvent({ type: "message_start", message: timed }))).not.toContain("durationMs");
		expect(toJsonEvent({ type: "turn_end", message: reply, toolResults: [timed] })).toEqual({
			type: "turn_end",
			message: reply,
			toolResults: [wire],
		});
		const end = toJsonEvent({ type: "agent_end", messages: [reply, timed], willRetry: false });
		expect(end).toEqual({ type: "agent_end", messages: [reply, wire], willRetry: false });
		expect(serializeJsonEventLine({ type: "message_end", message: timed })).toBe(
			`${JSON.stringify({ type: "message_end", message: wire })}\n`,
		);
		// The in-process message keeps it; events without it pass through as the same object.
		expect(timed.durationMs).toBe(14);
		const plain: AgentSessionEvent = { type: "message_end", message: wire };
		expect(toJsonEvent(plain)).toBe(plain);
		// tool_execution_end reports the duration on the wire (rpc.md §10).
		const toolEnd: AgentSessionEvent = {
			type: "tool_execution_end",
			toolCallId: "c1",
			toolName: "bash",
			result: { content: [] },
			isError: false,
			durationMs: 14,
		};
		expect(toJsonEvent(toolEnd)).toBe(toolEnd);
	});

	it("keeps only usage and the delta, without partial, in spec key order", () => {
		const message = assistant([{ type: "text", text: "Hello" }]);
		const out = toJsonEvent(update(message, { type: "text_delta", contentIndex: 0, delta: "lo", partial: message }));
		expect(JSON.stringify(out)).toBe(
			JSON.stringify({
				type: "message_update",
				usage: message.usage,
				assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "lo" },
			}),
		);
	});

	it("adds id and toolName to toolcall_start from the partial message", () => {
		const message = assistant([
			{ type: "text", text: "" },
			{ type: "toolCall", id: "call_1", name: "bash", arguments: {} },
		]);
		const out = toJsonEvent(update(message, { type: "toolcall_start", contentIndex: 1, partial: message }));
		expect(out).toEqual({
			type: "message_update",
			usage: message.usage,
			assistantMessageEvent: { type: "toolcall_start", contentIndex: 1, id: "call_1", toolName: "bash" },
		});
	});

	it("record size does not grow with the message", () => {
		const small = assistant([{ type: "text", text: "a" }]);
		const big = assistant([{ type: "text", text: "a".repeat(100_000) }]);
		const size = (m: AssistantMessage) =>
			JSON.stringify(toJsonEvent(update(m, { type: "text_delta", contentIndex: 0, delta: "a", partial: m }))).length;
		expect(size(big)).toBe(size(small));
	});

	it("throws for a toolcall_start whose index holds no tool call", () => {
		const message = assistant([{ type: "text", text: "x" }]);
		expect(() => toJsonEvent(update(message, { type: "toolcall_start", contentIndex: 0, partial: message }))).toThrow(
			/holds no tool call/,
		);
	});

	it("throws for a non-assistant message_update", () => {
		const event = {
			type: "message_update",
			message: { role: "user", content: "x", timestamp: 1 },
			assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "x" },
		} as unknown as AgentSessionEvent;
		expect(() => toJsonEvent(event)).toThrow(/user message/);
	});
});

describe("serializeJsonEventLine", () => {
	const line = (event: AgentSessionEvent) => `${JSON.stringify(toJsonEvent(event))}\n`;

	it("equals JSON.stringify(toJsonEvent(event)) plus LF for every kind of event", () => {
		const message = assistant([
			{ type: "text", text: 'Hi \u2028 "there"' },
			{ type: "toolCall", id: "call_1", name: "bash", arguments: {} },
		]);
		const events: AgentSessionEvent[] = [
			{ type: "agent_settled", aborted: false },
			update(message, { type: "text_delta", contentIndex: 0, delta: 'a "quoted"\n\u2028 delta', partial: message }),
			update(message, { type: "thinking_delta", contentIndex: 0, delta: "hm", partial: message }),
			update(message, { type: "toolcall_start", contentIndex: 1, partial: message }),
			update(message, { type: "toolcall_delta", contentIndex: 1, delta: '{"a":', partial: message }),
			update(message, { type: "text_end", contentIndex: 0, content: "Hi", partial: message }),
			// Not the builder's shape: other key order, an extra key, a negative zero index.
			update(message, { contentIndex: 0, type: "text_delta", delta: "x", partial: message } as AssistantMessageEvent),
			update(message, {
				type: "text_delta",
				contentIndex: 0,
				delta: "x",
				partial: message,
				extra: 1,
			} as AssistantMessageEvent),
			update(message, { type: "text_delta", contentIndex: -0, delta: "x", partial: message }),
		];
		for (const event of events) expect(serializeJsonEventLine(event)).toBe(line(event));
	});

	it("sees usage updated in place on the same object (the cached text is not reused)", () => {
		const message = assistant([{ type: "text", text: "a" }]);
		const event = update(message, { type: "text_delta", contentIndex: 0, delta: "a", partial: message });
		expect(serializeJsonEventLine(event)).toBe(line(event));
		message.usage.output = 99;
		message.usage.cost.total = 0.5;
		expect(serializeJsonEventLine(event)).toBe(line(event));
		expect(serializeJsonEventLine(event)).toContain('"output":99');
	});
});
