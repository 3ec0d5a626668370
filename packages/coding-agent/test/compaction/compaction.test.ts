import type { AssistantMessage, Context, Model, SimpleStreamOptions } from "@pi/ai";
import { describe, expect, it } from "vitest";
import { collectBranchEntries, generateBranchSummary } from "../../src/core/compaction/branch-summary.js";
import { generateCompactionSummary } from "../../src/core/compaction/generate-summary.js";
import { findCutPoint, prepareCompaction } from "../../src/core/compaction/prepare-compaction.js";
import { serializeConversation } from "../../src/core/compaction/serialize-conversation.js";
import { estimateContextTokens, estimateTokens } from "../../src/core/compaction/token-estimate.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, toolResultMessage, userMessage } from "../support/messages.js";

const settings = { enabled: true, reserveTokens: 1000, keepRecentTokens: 50 };
const model: Model = {
	id: "m",
	name: "m",
	api: "faux",
	provider: "faux",
	baseUrl: "",
	reasoning: true,
	input: ["text"],
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
	contextWindow: 100_000,
	maxTokens: 8000,
};

function toolCallMessage(name: string, args: Record<string, unknown>): AssistantMessage {
	const message = assistantMessage("");
	message.content = [{ type: "toolCall", id: `call_${name}`, name, arguments: args }];
	message.stopReason = "toolUse";
	return message;
}

// 400 chars = 100 tokens each.
const big = (label: string) => `${label}:${"x".repeat(400 - label.length - 1)}`;

function fakeComplete(reply = "SUMMARY") {
	const calls: { context: Context; options: SimpleStreamOptions }[] = [];
	const complete = async (_model: Model, context: Context, options: SimpleStreamOptions) => {
		calls.push({ context, options });
		return assistantMessage(reply);
	};
	return { calls, complete };
}

function requestText(context: Context): string {
	const content = context.messages[0]!.content;
	return typeof content === "string"
		? content
		: content.map((block) => (block.type === "text" ? block.text : "")).join("");
}

describe("token estimation", () => {
	it("counts chars / 4 per the spec's rules", () => {
		expect(estimateTokens(userMessage("abcdefgh"))).toBe(2);
		expect(
			estimateTokens({ role: "user", content: [{ type: "image", data: "", mimeType: "image/png" }], timestamp: 0 }),
		).toBe(1200);
		expect(estimateTokens(toolCallMessage("read", { path: "a" }))).toBe(
			Math.ceil((4 + JSON.stringify({ path: "a" }).length) / 4),
		);
		expect(
			estimateTokens({
				role: "bashExecution",
				command: "ls",
				output: "ab",
				exitCode: 0,
				cancelled: false,
				truncated: false,
				timestamp: 0,
			}),
		).toBe(1);
	});

	it("uses the last successful assistant usage plus estimates after it", () => {
		const reply = assistantMessage("a");
		reply.usage.totalTokens = 500;
		const failed = assistantMessage("b");
		failed.stopReason = "error";
		expect(estimateContextTokens([userMessage("x".repeat(40)), reply, userMessage("y".repeat(40)), failed])).toBe(
			500 + 10 + 1,
		);
	});
});

describe("cut points", () => {
	it("keeps about keepRecentTokens and never cuts at a tool result", () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage(big("u1")));
		session.appendMessage(assistantMessage(big("a1")));
		const u2 = session.appendMessage(userMessage(big("u2")));
		session.appendMessage(toolCallMessage("bash", { command: "ls" }));
		session.appendMessage(toolResultMessage("call_bash", big("r")));
		const path = session.getBranch();
		// From the end: tool result 100 tokens (≥ 50) → no valid cut after it, so the closest one before.
		expect(findCutPoint(path, 0, path.length, 50)).toBe(3);
		// 100 + 5 + 100 reaches 150 at u2, a valid cut.
		expect(path[findCutPoint(path, 0, path.length, 150)]!.id).toBe(u2);
		// Never reached: keep everything.
		expect(findCutPoint(path, 0, path.length, 10_000)).toBe(0);
	});

	it("moves the cut back over settings changes so they stay with the kept part", () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage(big("u1")));
		session.appendMessage(assistantMessage(big("a1")));
		const change = session.appendModelChange("faux", "m2");
		session.appendThinkingLevelChange("high");
		session.appendMessage(userMessage(big("u2")));
		session.appendMessage(assistantMessage(big("a2")));
		const preparation = prepareCompaction(session.getBranch(), { ...settings, keepRecentTokens: 150 });
		expect(preparation.firstKeptEntryId).toBe(change);
		expect(preparation.isSplitTurn).toBe(false);
		expect(preparation.messagesToSummarize.map((message) => message.role)).toEqual(["user", "assistant"]);
	});

	it("detects a split turn and summarises its prefix separately", async () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage(big("old")));
		session.appendMessage(assistantMessage(big("old-reply")));
		session.appendMessage(userMessage(big("request")));
		session.appendMessage(toolCallMessage("read", { path: "src/a.ts" }));
		session.appendMessage(toolResultMessage("call_read", big("file")));
		session.appendMessage(toolCallMessage("edit", { path: "src/b.ts" }));
		session.appendMessage(toolResultMessage("call_edit", big("ok")));
		const last = session.appendMessage(assistantMessage(big("done")));
		const preparation = prepareCompaction(session.getBranch(), { ...settings, keepRecentTokens: 90 });
		expect(preparation.firstKeptEntryId).toBe(last);
		expect(preparation.isSplitTurn).toBe(true);
		expect(preparation.messagesToSummarize).toHaveLength(2);
		expect(preparation.turnPrefixMessages.map((message) => message.role)).toEqual([
			"user",
			"assistant",
			"toolResult",
			"assistant",
			"toolResult",
		]);
		const { calls, complete } = fakeComplete();
		const result = await generateCompactionSummary(preparation, {
			model,
			complete,
			customInstructions: "focus on tests",
		});
		expect(calls).toHaveLength(2);
		expect(calls[0]!.options).toMatchObject({ maxTokens: 800, reasoning: "high" });
		expect(calls[1]!.options.maxTokens).toBe(500);
		expect(requestText(calls[0]!.context)).toMatch(
			/^<conversation>\n\[User\]: old:x+\n\n\[Assistant\]: old-reply:x+\n<\/conversation>\n\n[\s\S]*## Goal[\s\S]*Additional focus: focus on tests$/,
		);
		expect(requestText(calls[1]!.context)).toContain("## Original Request");
		expect(requestText(calls[1]!.context)).not.toContain("Additional focus");
		expect(result.summary).toBe(
			"SUMMARY\n\n---\n\n**Turn Context (split turn):**\n\nSUMMARY\n\n<read-files>\nsrc/a.ts\n</read-files>\n\n<modified-files>\nsrc/b.ts\n</modified-files>",
		);
		expect(result.details).toEqual({ readFiles: ["src/a.ts"], modifiedFiles: ["src/b.ts"] });
	});

	it("re-summarises from the previous firstKeptEntryId with the previous summary and cumulative files", async () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage(big("u1")));
		const kept = session.appendMessage(userMessage(big("u2")));
		session.appendCompaction("PREVIOUS", kept, 10, { readFiles: ["old.ts"], modifiedFiles: [] });
		session.appendMessage(assistantMessage(big("a2")));
		session.appendMessage(userMessage(big("u3")));
		session.appendMessage(assistantMessage(big("a3")));
		const preparation = prepareCompaction(session.getBranch(), { ...settings, keepRecentTokens: 150 });
		expect(preparation.previousSummary).toBe("PREVIOUS");
		expect(
			preparation.messagesToSummarize.map((message) =>
				message.role === "user" || message.role === "assistant" ? message.role : "",
			),
		).toEqual(["user", "assistant"]);
		const { calls, complete } = fakeComplete();
		const result = await generateCompactionSummary(preparation, { model, complete });
		expect(requestText(calls[0]!.context)).toMatch(
			/<\/conversation>\n\n<previous-summary>\nPREVIOUS\n<\/previous-summary>\n\nThe messages above are NEW/,
		);
		expect(result.details.readFiles).toEqual(["old.ts"]);
	});

	it("refuses a session that fits whole in keepRecentTokens: nothing would be summarised (pi 1.4)", () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage("hi"));
		session.appendMessage(assistantMessage("hello"));
		session.appendMessage(userMessage("again"));
		session.appendMessage(assistantMessage("sure"));
		expect(() => prepareCompaction(session.getBranch(), settings)).toThrow("Nothing to compact (session too small)");
		const small = { ...settings, keepRecentTokens: 2 };
		expect(prepareCompaction(session.getBranch(), small).messagesToSummarize).toHaveLength(2);
	});

	it("refuses to compact twice or an empty session", () => {
		const session = SessionManager.inMemory("/w");
		expect(() => prepareCompaction(session.getBranch(), settings)).toThrow("Nothing to compact (session too small)");
		const id = session.appendMessage(userMessage("x"));
		session.appendCompaction("S", id, 1);
		expect(() => prepareCompaction(session.getBranch(), settings)).toThrow("Already compacted");
	});
});

describe("serializeConversation", () => {
	it("writes the transcript format with truncated tool results", () => {
		const reply = assistantMessage("Answer");
		reply.content = [
			{ type: "thinking", thinking: "hmm" },
			{ type: "text", text: "Answer" },
			{ type: "toolCall", id: "1", name: "read", arguments: { path: "a.ts", limit: 5 } },
		];
		const text = serializeConversation([userMessage("Q"), reply, toolResultMessage("1", "y".repeat(2005))]);
		expect(text).toBe(
			`[User]: Q\n\n[Assistant thinking]: hmm\n\n[Assistant]: Answer\n\n[Assistant tool calls]: read(path="a.ts", limit=5)\n\n[Tool result]: ${"y".repeat(2000)}\n[... 5 more characters truncated]`,
		);
	});
});

describe("branch summaries", () => {
	it("collects the abandoned branch back to the common ancestor and writes the preamble", async () => {
		const session = SessionManager.inMemory("/w");
		const root = session.appendMessage(userMessage("root"));
		const reply = session.appendMessage(assistantMessage("reply"));
		session.appendMessage(userMessage("detour"));
		const detourReply = session.appendMessage(toolCallMessage("write", { path: "x.ts" }));
		session.branch(reply);
		const target = session.appendMessage(userMessage("other way"));
		const preparation = collectBranchEntries((id) => session.getBranch(id), detourReply, target);
		expect(preparation.commonAncestorId).toBe(reply);
		expect(preparation.entriesToSummarize.map((entry) => entry.id)).toHaveLength(2);
		const { calls, complete } = fakeComplete("BRANCH");
		const summary = await generateBranchSummary(preparation, {
			model,
			complete,
			reserveTokens: 1000,
			customInstructions: "only files",
		});
		expect(calls[0]!.options.maxTokens).toBe(4096);
		expect(requestText(calls[0]!.context)).toMatch(/Additional focus: only files$/);
		expect(summary.summary).toMatch(
			/^The user explored a different branch[\s\S]*BRANCH\n\n<modified-files>\nx\.ts\n<\/modified-files>$/,
		);
		const replaced = await generateBranchSummary(preparation, {
			model,
			complete,
			reserveTokens: 1000,
			customInstructions: "ONLY THIS",
			replaceInstructions: true,
		});
		expect(requestText(calls[1]!.context)).toMatch(/<\/conversation>\n\nONLY THIS$/);
		expect(replaced.summary).toContain("BRANCH");
		const none = collectBranchEntries((id) => session.getBranch(id), root, root);
		expect(none.entriesToSummarize).toEqual([]);
		expect((await generateBranchSummary(none, { model, complete, reserveTokens: 1000 })).summary).toBe(
			"No content to summarize",
		);
	});
});
