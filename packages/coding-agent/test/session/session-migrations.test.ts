import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const fixtures = join(import.meta.dirname, "..", "fixtures", "sessions");

function openFixture(name: string): { session: SessionManager; file: string } {
	const file = join(tempDir(), name);
	copyFileSync(join(fixtures, name), file);
	return { session: SessionManager.open(file), file };
}

describe("session migrations", () => {
	it("migrates a v1 linear file to a chained v3 tree and rewrites it once", () => {
		const { session, file } = openFixture("v1-linear.jsonl");
		const entries = session.getEntries();
		expect(entries).toHaveLength(6);
		expect(entries[0]!.parentId).toBeNull();
		for (let i = 1; i < entries.length; i++) expect(entries[i]!.parentId).toBe(entries[i - 1]!.id);
		for (const entry of entries) expect(entry.id).toMatch(/^[0-9a-f]{8}$/);
		const compaction = entries[4]!;
		expect(compaction.type).toBe("compaction");
		// firstKeptEntryIndex 4 counts the header as 0: the fourth entry, "Now refactor it".
		expect(compaction.type === "compaction" && compaction.firstKeptEntryId).toBe(entries[3]!.id);
		expect(JSON.stringify(compaction)).not.toContain("firstKeptEntryIndex");
		const context = session.buildSessionContext();
		expect(context.thinkingLevel).toBe("high");
		expect(context.messages.map((message) => message.role)).toEqual(["compactionSummary", "user", "assistant"]);
		const header = JSON.parse(readFileSync(file, "utf8").split("\n")[0]!) as { version: number };
		expect(header.version).toBe(3);
		expect(SessionManager.open(file).getEntries()).toEqual(entries);
	});

	it("migrates v2 hookMessage to custom and keeps unknown entry types", () => {
		const { session, file } = openFixture("v2-tree.jsonl");
		const context = session.buildSessionContext();
		expect(context.messages.map((message) => message.role)).toEqual(["user", "custom", "assistant"]);
		expect(context.model).toEqual({ provider: "openai", modelId: "gpt-5" });
		const rewritten = readFileSync(file, "utf8");
		expect(rewritten).toContain('"type":"future_entry_kind"');
		expect(rewritten).toContain('"payload":{"keep":"me"}');
		expect(rewritten).not.toContain("hookMessage");
		expect(session.getLeafId()).toBe("aaaa0005");
	});
});
