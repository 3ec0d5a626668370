import type { Message } from "@pi/ai";
import { fauxAssistantMessage, fauxText } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { defaultConvertToLlm } from "../src/default-convert-to-llm.js";
import type { AgentMessage } from "../src/types.js";
import { createTestAgent } from "./support/harness.js";

interface NoteMessage {
	role: "note";
	text: string;
	timestamp: number;
}

declare module "../src/types.js" {
	interface CustomAgentMessages {
		note: NoteMessage;
	}
}

const note: AgentMessage = { role: "note", text: "remember the milk", timestamp: 1 };

describe("custom messages by declaration merging (§1)", () => {
	it("the default convertToLlm drops them", () => {
		expect(defaultConvertToLlm([note, { role: "user", content: "hi", timestamp: 2 }])).toEqual([
			{ role: "user", content: "hi", timestamp: 2 },
		]);
	});

	it("are stored and emitted like any message, and reach the model only through convertToLlm", async () => {
		const convert = (messages: AgentMessage[]): Message[] =>
			messages.map((message) =>
				message.role === "note"
					? { role: "user", content: `[note] ${message.text}`, timestamp: message.timestamp }
					: message,
			);
		const { agent, faux, events } = createTestAgent({ convertToLlm: convert });
		faux.setResponses([fauxAssistantMessage(fauxText("noted"))]);
		await agent.prompt(note);
		expect(events.some((event) => event.type === "message_end" && event.message.role === "note")).toBe(true);
		expect(agent.state.messages[0]).toEqual(note);
		expect(faux.state.requests[0]?.context.messages).toEqual([
			{ role: "user", content: "[note] remember the milk", timestamp: 1 },
		]);
	});
});
