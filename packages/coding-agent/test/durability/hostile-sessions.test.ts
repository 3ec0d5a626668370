import { utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();
const cwd = "/work/app";
const header = (id: string, extra: Record<string, unknown> = {}) =>
	JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-01-01T00:00:00.000Z", cwd, ...extra });
const entry = (id: string, parentId: string | null, fields: Record<string, unknown>) =>
	JSON.stringify({ id, parentId, timestamp: "2026-01-01T00:00:01.000Z", ...fields });

function writeSession(dir: string, name: string, lines: string[], ageSeconds: number): string {
	const path = join(dir, name);
	writeFileSync(path, `${lines.join("\n")}\n`);
	const time = new Date(Date.now() - ageSeconds * 1000);
	utimesSync(path, time, time);
	return path;
}

describe("hostile session files in a session directory", () => {
	it("list and continueRecent skip bad entries and bad headers instead of throwing", () => {
		const dir = tempDir();
		const good = SessionManager.create(cwd, dir);
		good.appendMessage(userMessage("good"));
		good.appendMessage(assistantMessage("ok"));
		const nullMessage = writeSession(
			dir,
			"b.jsonl",
			[
				header("b"),
				entry("u1", null, { type: "message", message: userMessage("first") }),
				entry("m1", "u1", { type: "message", message: null }),
			],
			0,
		);
		const noCwd = writeSession(dir, "c.jsonl", [JSON.stringify({ type: "session", version: 3, id: "c" })], 0);
		const badContent = writeSession(
			dir,
			"d.jsonl",
			[header("d"), entry("u1", null, { type: "message", message: { role: "user", content: 5, timestamp: 1 } })],
			0,
		);
		const listed = SessionManager.list(cwd, dir).map((info) => info.path);
		expect(listed).toContain(good.getSessionFile());
		expect(listed).toContain(nullMessage);
		expect(listed).toContain(badContent);
		// By full path: the good session's generated name may itself end in "c.jsonl".
		expect(listed).not.toContain(noCwd);
		expect(() => SessionManager.continueRecent(cwd, dir)).not.toThrow();

		const opened = SessionManager.open(nullMessage);
		expect(opened.getEntries().map((e) => e.id)).toEqual(["u1"]);
		const messages = opened.diagnostics.map((d) => d.message);
		expect(messages, JSON.stringify(messages)).toHaveLength(1);
		expect(messages[0]).toContain(`Skipped invalid entry at ${nullMessage}:3: invalid message: field message`);
		const content = SessionManager.open(badContent);
		expect(content.getEntries()).toEqual([]);
		expect(content.diagnostics[0]?.message).toMatch(
			new RegExp(`${badContent}:2: invalid message \\(user\\): field content`),
		);
		expect(() => content.buildSessionContext()).not.toThrow();
	});

	it("a header without cwd is not a session, with a reason naming the file", () => {
		const dir = tempDir();
		const path = writeSession(dir, "c.jsonl", [JSON.stringify({ type: "session", version: 3, id: "c" })], 0);
		expect(() => SessionManager.load(path)).toThrow(
			new RegExp(`Invalid session file: ${path}: line 1: invalid header: field cwd`),
		);
	});

	it("keeps entries of unknown types (newer versions) and the invalid lines on a migration rewrite", () => {
		const dir = tempDir();
		const path = writeSession(
			dir,
			"v2.jsonl",
			[
				JSON.stringify({ type: "session", version: 2, id: "v2", timestamp: "2026-01-01T00:00:00.000Z", cwd }),
				entry("a", null, { type: "future_thing", payload: 1 }),
				entry("b", "a", { type: "model_change", provider: 5 }),
			],
			0,
		);
		const session = SessionManager.open(path);
		expect(session.getEntries().map((e) => e.type)).toEqual(["future_thing"]);
		const again = SessionManager.open(path);
		expect(again.diagnostics.map((d) => d.message).join()).toContain(`${path}:3`);
	});
});
