import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";

function texts(session: SessionManager): string[] {
	return session.buildSessionContext().messages.map((message) => {
		if (message.role === "compactionSummary") return `summary:${message.summary}`;
		if (message.role === "user" || message.role === "assistant") {
			const content = message.content;
			return typeof content === "string"
				? content
				: content.map((block) => ("text" in block ? block.text : "")).join("");
		}
		return message.role;
	});
}

describe("buildSessionContext with compaction", () => {
	it("emits the summary, the kept range, then everything after the compaction", () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage("u1"));
		session.appendMessage(assistantMessage("a1"));
		const kept = session.appendMessage(userMessage("u2"));
		session.appendMessage(assistantMessage("a2"));
		session.appendCompaction("S", kept, 100);
		session.appendMessage(userMessage("u3"));
		expect(texts(session)).toEqual(["summary:S", "u2", "a2", "u3"]);
		expect(session.buildContextEntries().map((entry) => entry.type)).toEqual([
			"compaction",
			"message",
			"message",
			"message",
		]);
	});

	it("uses only the last compaction and ignores a firstKeptEntryId that is not on the path", () => {
		const session = SessionManager.inMemory("/w");
		const u1 = session.appendMessage(userMessage("u1"));
		session.appendCompaction("first", u1, 10);
		session.appendMessage(userMessage("u2"));
		session.appendCompaction("second", "missing1", 20);
		session.appendMessage(userMessage("u3"));
		expect(texts(session)).toEqual(["summary:second", "u3"]);
	});

	it("prefers a retainedTail over walking back to firstKeptEntryId", () => {
		const session = SessionManager.inMemory("/w");
		const u1 = session.appendMessage(userMessage("u1"));
		session.appendCompaction("S", u1, 10);
		// Simulate a writer that stores the tail: the reader must use it.
		const entry = session.getLeafEntry();
		if (entry?.type === "compaction") entry.retainedTail = [userMessage("tail")];
		expect(texts(session)).toEqual(["summary:S", "tail"]);
	});

	it("turns custom_message entries into custom messages and leaves custom entries out", () => {
		const session = SessionManager.inMemory("/w");
		session.appendCustomEntry("state", { a: 1 });
		session.appendCustomMessageEntry("rules", [{ type: "text", text: "house style" }], false);
		const messages = session.buildSessionContext().messages;
		expect(messages).toHaveLength(1);
		expect(messages[0]).toMatchObject({ role: "custom", customType: "rules", display: false });
	});
});
