import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sumSessionUsage } from "../../src/core/agent-session/session-stats.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

const usage = (input: number, output: number, total: number) => ({
	input,
	output,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: input + output,
	cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total },
});

/** A session as pi 1.4 writes it (pi 1.4's session format reference): system messages, usage and context edits. */
function pi14Session(): string {
	const at = "2026-01-01T00:00:00.000Z";
	const lines = [
		{ type: "session", version: 3, id: "s-14", timestamp: at, cwd: "/w" },
		{ type: "model_change", id: "e1", parentId: null, timestamp: at, provider: "p", modelId: "m" },
		{
			type: "message",
			id: "e2",
			parentId: "e1",
			timestamp: at,
			message: {
				role: "system",
				content: "",
				sections: { preamble: "You are 1.4" },
				toolsAdded: [{ name: "read", description: "r", parameters: {} }],
				timestamp: 1,
			},
		},
		{
			type: "message",
			id: "e3",
			parentId: "e2",
			timestamp: at,
			message: { role: "user", content: "my key is sk-1", timestamp: 2 },
		},
		{
			type: "message",
			id: "e4",
			parentId: "e3",
			timestamp: at,
			message: {
				role: "assistant",
				content: [{ type: "toolCall", id: "c1", name: "read", arguments: { path: ".env" } }],
				api: "openai-completions",
				provider: "p",
				model: "m",
				usage: usage(100, 10, 0.5),
				stopReason: "toolUse",
				timestamp: 3,
			},
		},
		{
			type: "message",
			id: "e5",
			parentId: "e4",
			timestamp: at,
			message: {
				role: "toolResult",
				toolCallId: "c1",
				toolName: "read",
				content: [{ type: "text", text: "SECRET=hunter2" }],
				isError: false,
				timestamp: 4,
			},
		},
		{
			type: "usage",
			id: "e6",
			parentId: "e5",
			timestamp: at,
			kind: "cache_warm",
			provider: "p",
			model: "m",
			usage: usage(0, 0, 0.25),
		},
		{
			type: "message",
			id: "e7",
			parentId: "e6",
			timestamp: at,
			message: { role: "system", content: "", sections: { skills: "<skills/>" }, timestamp: 5 },
		},
		{
			type: "context_edit",
			id: "e8",
			parentId: "e7",
			timestamp: at,
			targetId: "e5",
			replacement: { content: "[redacted]" },
		},
		{ type: "context_edit", id: "e9", parentId: "e8", timestamp: at, targetId: "e3", replacement: null },
	];
	return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

describe("sessions written by pi 1.4", () => {
	it("apply context edits to what the model sees, leave system messages out of the conversation", () => {
		const file = join(tempDir(), "s.jsonl");
		writeFileSync(file, pi14Session());
		const session = SessionManager.load(file);
		expect(session.diagnostics).toEqual([]);
		const messages = session.buildSessionContext().messages;
		expect(messages.map((message) => message.role)).toEqual(["assistant", "toolResult"]);
		expect(JSON.stringify(messages)).not.toContain("hunter2");
		expect(JSON.stringify(messages)).not.toContain("sk-1");
		expect(messages[1]).toMatchObject({ role: "toolResult", content: [{ type: "text", text: "[redacted]" }] });
		// The raw entries are unchanged.
		expect(JSON.stringify(session.getEntries())).toContain("hunter2");
	});

	it("read a bare replacement content too (the form earlier builds of ours assumed)", () => {
		const file = join(tempDir(), "s.jsonl");
		writeFileSync(file, pi14Session().replace('{"content":"[redacted]"}', '"[bare]"'));
		const session = SessionManager.load(file);
		expect(session.diagnostics).toEqual([]);
		expect(session.buildSessionContext().messages[1]).toMatchObject({ content: [{ type: "text", text: "[bare]" }] });
	});

	it("count usage entries in the session totals", () => {
		const file = join(tempDir(), "s.jsonl");
		writeFileSync(file, pi14Session());
		const totals = sumSessionUsage(SessionManager.load(file).getEntries());
		expect(totals.cost).toBeCloseTo(0.75);
		expect(totals.tokens.input).toBe(100);
	});

	it("continue after a 1.4 compaction entry carrying systemMessage: summary, kept non-system entries, the rest", () => {
		const at = "2026-01-01T00:00:00.000Z";
		const lines = [
			{ type: "session", version: 3, id: "s-c", timestamp: at, cwd: "/w" },
			{
				type: "message",
				id: "m1",
				parentId: null,
				timestamp: at,
				message: { role: "user", content: "old", timestamp: 1 },
			},
			{
				type: "message",
				id: "m2",
				parentId: "m1",
				timestamp: at,
				message: { role: "system", content: "", sections: { preamble: "p" }, timestamp: 2 },
			},
			{
				type: "message",
				id: "m3",
				parentId: "m2",
				timestamp: at,
				message: { role: "user", content: "kept", timestamp: 3 },
			},
			{
				type: "compaction",
				id: "c1",
				parentId: "m3",
				timestamp: at,
				summary: "the summary",
				firstKeptEntryId: "m2",
				tokensBefore: 5000,
				systemMessage: { role: "system", content: "You are 1.4.", toolsAdded: [], timestamp: 4 },
			},
			{
				type: "message",
				id: "m4",
				parentId: "c1",
				timestamp: at,
				message: { role: "user", content: "after", timestamp: 5 },
			},
		];
		const file = join(tempDir(), "c.jsonl");
		writeFileSync(file, `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
		const messages = SessionManager.load(file).buildSessionContext().messages;
		expect(messages.map((message) => (message.role === "user" ? message.content : message.role))).toEqual([
			"compactionSummary",
			"kept",
			"after",
		]);
		expect(JSON.stringify(messages)).not.toContain("You are 1.4.");
	});
});
