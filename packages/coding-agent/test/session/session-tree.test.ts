import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ReadonlySessionManager } from "../../src/core/session/readonly-session-manager.js";
import { SessionManager } from "../../src/core/session/session-manager.js";
import { assistantMessage, userMessage } from "../support/messages.js";
import { useTempDirs } from "../support/temp-dir.js";

const tempDir = useTempDirs();

const entryLine = (id: string, parentId: string | null, text: string) =>
	JSON.stringify({
		type: "message",
		id,
		parentId,
		timestamp: "2025-03-01T09:00:00.000Z",
		message: { role: "user", content: [{ type: "text", text }], timestamp: 1 },
	});

describe("tree rules", () => {
	it("returns entries whose parent is missing as extra roots, and stops the context walk there", () => {
		const file = join(tempDir(), "orphans.jsonl");
		writeFileSync(
			file,
			[
				JSON.stringify({ type: "session", version: 3, id: "s", timestamp: "2025-03-01T09:00:00.000Z", cwd: "/w" }),
				entryLine("r1", null, "root"),
				entryLine("o1", "gone", "orphan"),
				entryLine("o2", "o1", "after orphan"),
				"",
			].join("\n"),
		);
		const session = SessionManager.open(file);
		expect(session.getTree().map((node) => node.entry.id)).toEqual(["r1", "o1"]);
		expect(session.getTree()[1]!.children.map((node) => node.entry.id)).toEqual(["o2"]);
		expect(session.getLeafId()).toBe("o2");
		expect(session.getBranch().map((entry) => entry.id)).toEqual(["o1", "o2"]);
		expect(session.buildSessionContext().messages).toHaveLength(2);
	});

	it("puts the latest label and its time on tree nodes", () => {
		const session = SessionManager.inMemory("/w");
		const id = session.appendMessage(userMessage("x"));
		session.appendLabelChange(id, "first");
		session.appendLabelChange(id, "second");
		const labelEntry = session.getLeafEntry()!;
		expect(session.getTree()[0]).toMatchObject({ label: "second", labelTimestamp: labelEntry.timestamp });
		session.appendLabelChange(id, "");
		expect(session.getTree()[0]!.label).toBeUndefined();
		expect(session.getTree()[0]!.labelTimestamp).toBeUndefined();
	});

	it("keeps branching in memory: reopening returns to the last appended entry", () => {
		const session = SessionManager.create("/w", tempDir());
		const root = session.appendMessage(userMessage("q"));
		const last = session.appendMessage(assistantMessage("a"));
		session.branch(root);
		expect(session.getLeafId()).toBe(root);
		expect(SessionManager.open(session.getSessionFile()!).getLeafId()).toBe(last);
	});

	it("names the session by the latest session_info in append order, on any branch", () => {
		const session = SessionManager.inMemory("/w");
		const root = session.appendMessage(userMessage("q"));
		session.appendSessionInfo("on branch A");
		session.branch(root);
		expect(session.getSessionName()).toBe("on branch A");
		session.appendSessionInfo("on branch B");
		session.branch(root);
		expect(session.getSessionName()).toBe("on branch B");
	});

	it("leaves a branch summary with an empty summary out of the context but keeps it as an entry", () => {
		const session = SessionManager.inMemory("/w");
		const root = session.appendMessage(userMessage("q"));
		session.appendMessage(assistantMessage("detour"));
		session.branchWithSummary(root, "");
		expect(session.buildSessionContext().messages.map((message) => message.role)).toEqual(["user"]);
		expect(session.buildContextEntries().map((entry) => entry.type)).toEqual(["message", "branch_summary"]);
	});
});

describe("session-level methods", () => {
	it("starts a new session with the given id and parentSession, written in the same directory", () => {
		const dir = tempDir();
		const session = SessionManager.create("/w", dir);
		session.appendMessage(userMessage("q"));
		session.appendMessage(assistantMessage("a"));
		const oldFile = session.getSessionFile()!;
		session.newSession({ parentSession: oldFile, id: "fixed-id" });
		expect(session.getEntries()).toEqual([]);
		expect(session.getLeafId()).toBeNull();
		expect(session.isPersisted()).toBe(false);
		expect(session.getSessionFile()!.endsWith("_fixed-id.jsonl")).toBe(true);
		expect(session.getSessionDir()).toBe(dir);
		session.appendMessage(userMessage("q2"));
		session.appendMessage(assistantMessage("a2"));
		const header = JSON.parse(readFileSync(session.getSessionFile()!, "utf8").split("\n")[0]!);
		expect(header).toMatchObject({ type: "session", id: "fixed-id", parentSession: oldFile, cwd: "/w" });
	});

	it("writes nothing in memory and has no session file", () => {
		const session = SessionManager.inMemory("/w");
		session.appendMessage(userMessage("q"));
		session.appendMessage(assistantMessage("a"));
		expect(session.getSessionFile()).toBeUndefined();
		expect(session.isPersisted()).toBe(false);
		expect(session.createBranchedSession(session.getLeafId())).toBeUndefined();
		expect(session.getEntries()).toHaveLength(2);
	});

	it("offers extensions a getters-only view", () => {
		const view: ReadonlySessionManager = SessionManager.inMemory("/w");
		expect(view.getEntries()).toEqual([]);
		// @ts-expect-error the read-only view cannot append
		expect(view.appendMessage).toBeTypeOf("function");
	});
});
