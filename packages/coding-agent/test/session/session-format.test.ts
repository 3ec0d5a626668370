import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateEntryId } from "../../src/core/session/session-ids.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

const usage = {
	input: 100,
	output: 20,
	cacheRead: 0,
	cacheWrite: 0,
	totalTokens: 120,
	cost: { input: 0.1, output: 0.2, cacheRead: 0, cacheWrite: 0, total: 0.3 },
};

function jsonl(lines: unknown[]): string {
	return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}

describe("entry ids", () => {
	it("are 8 lowercase hex chars, re-drawn on collision, and a full UUID after 100 collisions", () => {
		expect(generateEntryId(new Set())).toMatch(/^[0-9a-f]{8}$/);
		let asked = 0;
		const firstFiveTaken = { has: () => ++asked <= 5 };
		expect(generateEntryId(firstFiveTaken)).toMatch(/^[0-9a-f]{8}$/);
		expect(asked).toBe(6);
		expect(generateEntryId({ has: () => true })).toMatch(
			/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/,
		);
	});
});

describe("round trip of the entry types not covered elsewhere", () => {
	it("reloads branch summaries and compactions with fromHook, details and usage unchanged", () => {
		const session = SessionManager.create("/w", tempDir());
		const root = session.appendMessage(userMessage("q"));
		session.appendMessage(assistantMessage("a"));
		session.branchWithSummary(root, "Left a detour", { readFiles: ["a.ts"], modifiedFiles: [] }, true, usage);
		session.appendCompaction("S", root, 42, { custom: [1, 2] }, true, usage);
		const reopened = SessionManager.open(session.getSessionFile()!);
		expect(reopened.getEntries()).toEqual(session.getEntries());
		const [, , summary, compaction] = reopened.getEntries();
		expect(summary).toMatchObject({ type: "branch_summary", fromHook: true, usage, details: { readFiles: ["a.ts"] } });
		expect(compaction).toMatchObject({ type: "compaction", fromHook: true, usage, details: { custom: [1, 2] } });
	});
});

describe("forward compatibility", () => {
	it("keeps unknown entry types and unknown fields of known entries through a migration rewrite", () => {
		const file = join(tempDir(), "v2.jsonl");
		writeFileSync(
			file,
			jsonl([
				{ type: "session", version: 2, id: "s", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/w", extraHeader: 1 },
				{
					type: "message",
					id: "m1",
					parentId: null,
					timestamp: "2025-01-01T00:00:01.000Z",
					futureField: { x: 1 },
					message: { role: "user", content: "hi", timestamp: 1 },
				},
				{ type: "someday", id: "m2", parentId: "m1", timestamp: "2025-01-01T00:00:02.000Z", payload: [1] },
			]),
		);
		const session = SessionManager.open(file);
		const rewritten = readFileSync(file, "utf8")
			.split("\n")
			.filter(Boolean)
			.map((line) => JSON.parse(line));
		expect(rewritten[0]).toMatchObject({ version: 3, extraHeader: 1 });
		expect(rewritten[1]).toMatchObject({ futureField: { x: 1 } });
		expect(rewritten[2]).toEqual({
			type: "someday",
			id: "m2",
			parentId: "m1",
			timestamp: "2025-01-01T00:00:02.000Z",
			payload: [1],
		});
		expect(session.buildSessionContext().messages.map((message) => message.role)).toEqual(["user"]);
	});

	it("opens a newer version read-compatible without rewriting it, ignoring unknown entries for context", () => {
		const file = join(tempDir(), "v4.jsonl");
		const content = jsonl([
			{ type: "session", version: 4, id: "s", timestamp: "2025-01-01T00:00:00.000Z", cwd: "/w" },
			{
				type: "message",
				id: "m1",
				parentId: null,
				timestamp: "t",
				message: { role: "user", content: "hi", timestamp: 1 },
			},
			{ type: "hologram", id: "m2", parentId: "m1", timestamp: "t", beams: 3 },
		]);
		writeFileSync(file, content);
		const session = SessionManager.open(file);
		expect(readFileSync(file, "utf8")).toBe(content);
		expect(session.getHeader().version).toBe(4);
		expect(session.getLeafId()).toBe("m2");
		expect(session.buildSessionContext().messages.map((message) => message.role)).toEqual(["user"]);
		session.appendMessage(assistantMessage("a"));
		expect(readFileSync(file, "utf8").startsWith(content)).toBe(true);
	});
});
