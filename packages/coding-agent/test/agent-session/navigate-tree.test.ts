import { fauxAssistantMessage } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { createFauxSession } from "../support/faux-session.js";

describe("AgentSession.navigateTree", () => {
	it("moves to a user message's parent, returns its text, and summarises the branch left", async () => {
		const { session, faux, events } = await createFauxSession();
		faux.setResponses([
			fauxAssistantMessage("a1"),
			fauxAssistantMessage("a2"),
			fauxAssistantMessage("## Goal\nbranch summary"),
		]);
		await session.prompt("q1");
		await session.prompt("q2");
		const q2 = session.getUserMessagesForForking()[1]!;
		const oldLeaf = session.sessionManager.getLeafId();
		const result = await session.navigateTree(q2.entryId, {
			summarize: true,
			label: "revisit",
			customInstructions: "files only",
		});
		expect(result).toEqual({ cancelled: false, editorText: "q2" });
		const leaf = session.sessionManager.getLeafEntry()!;
		expect(leaf.type).toBe("branch_summary");
		expect(leaf.type === "branch_summary" && leaf.fromId).toBe(oldLeaf);
		expect(leaf.type === "branch_summary" && leaf.summary).toMatch(
			/^The user explored a different branch[\s\S]*branch summary/,
		);
		expect(session.sessionManager.getLabel(leaf.id)).toBe("revisit");
		expect(session.messages.map((message) => message.role)).toEqual(["user", "assistant", "branchSummary"]);
		expect(JSON.stringify(faux.state.requests.at(-1)!.context.messages)).toContain("Additional focus: files only");
		expect(events.some((event) => event.type.startsWith("summarization_retry"))).toBe(false);
	});

	it("moves onto non-message entries without summary and labels the target", async () => {
		const { session, faux } = await createFauxSession();
		faux.setResponses([fauxAssistantMessage("a1"), fauxAssistantMessage("a2")]);
		await session.prompt("q1");
		await session.prompt("q2");
		const firstReply = session.sessionManager
			.getBranch()
			.find((entry) => entry.type === "message" && entry.message.role === "assistant")!;
		const result = await session.navigateTree(firstReply.id, { label: "here" });
		expect(result).toEqual({ cancelled: false });
		expect(session.sessionManager.getLeafId()).toBe(firstReply.id);
		expect(session.sessionManager.getLabel(firstReply.id)).toBe("here");
		expect(session.messages).toHaveLength(2);
		await expect(session.navigateTree("missing1")).rejects.toThrow("Entry not found: missing1");
	});

	it("retries a transient summariser error with summarization_retry events", async () => {
		const { session, faux, events } = await createFauxSession();
		faux.setResponses([
			fauxAssistantMessage("a1"),
			fauxAssistantMessage("a2"),
			fauxAssistantMessage("", { stopReason: "error", errorMessage: "503 overloaded" }),
			fauxAssistantMessage("summary"),
		]);
		await session.prompt("q1");
		await session.prompt("q2");
		const q2 = session.getUserMessagesForForking()[1]!;
		await session.navigateTree(q2.entryId, { summarize: true });
		expect(events.filter((event) => event.type.startsWith("summarization_retry"))).toEqual([
			{ type: "summarization_retry_scheduled", attempt: 1, maxAttempts: 3, delayMs: 0, errorMessage: "503 overloaded" },
			{ type: "summarization_retry_attempt_start", source: "branchSummary" },
			{ type: "summarization_retry_finished" },
		]);
	});
});
